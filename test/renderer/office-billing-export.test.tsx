// @vitest-environment happy-dom
// The billing export's "Whole office" choice: absent while the desk works alone; in an office it
// shows the office's counts (read at any desk, and by route), the flagged-meter warning for the
// chosen scope and the file's first rows, all from the office's overview, and sends the template
// and scope on exportOfficeBilling (not this desk's export); the notice says how many meters and
// whose rows, and an office away is said in the Office settings' words. The return file's
// "Whole office" writes the office's copy and says who loaded it and whose readings fill it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectTemplate, type SheetDialect } from '../../common/billing/export-dialect';
import { exportTemplateJson } from '../../common/billing/export-template';
import { noMeters } from '../../common/billing/meter-outcome';
import type {
  OfficeBillingFile,
  OfficeExportOverview,
  OfficeReturnFile,
  OfficeStatus,
} from '../../common/ipc';
import { BillingExportDialog } from '../../renderer/billing/billing-export';
import { ReturnFileDialog } from '../../renderer/billing/return-file-dialog';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { wordNotice } from '../../renderer/store/notice-words';
import { billingRow } from '../billing/billing-rows';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

const IN_OFFICE: OfficeStatus = {
  state: 'connected',
  desk: 'anna@pc-7',
  host: 'db.office',
  database: 'meterdesk',
  pending: 0,
  problem: null,
  unclaimed: 0,
};

/** The office as the Office settings name it. */
const WHERE = { host: 'db.office', port: 5432, database: 'meterdesk', user: 'desk_anna' };

const WRITTEN: OfficeBillingFile = {
  state: 'written',
  path: '/out/office.csv',
  meters: 1250,
  desks: [
    { desk: 'anna@pc-7', rows: 1000 },
    { desk: 'ben@pc-3', rows: 250 },
  ],
  replaced: 0,
};

const READY_DIALECT: SheetDialect = {
  encoding: 'utf-8',
  delimiter: ';',
  decimalMark: ',',
  dateFormat: 'dd.mm.yyyy',
};

const counts = { ...noMeters(), confirmed: 3, flagged: 1, missing: 1, meters: 5 };
/** Two routes: R1 with a flagged meter and a missing one, R2 all read. */
const READY: OfficeExportOverview = {
  state: 'ready',
  totals: { ...counts, meters: 1250, confirmed: 1100, flagged: 22, missing: 128, read: 1122 },
  routes: [
    { route: 'R1', ...counts, read: 4 },
    { route: 'R2', ...noMeters(), meters: 2, confirmed: 2, read: 2 },
  ],
  flaggedMeters: ['M-017', 'M-203'],
  preview: {
    rows: [billingRow({ meterId: 'M-001', reading: '00123', route: 'R1', sequence: 1 })],
    dialect: READY_DIALECT,
    timeZone: 'Europe/Berlin',
    sheetColumns: [],
  },
};

interface Answers {
  file?: OfficeBillingFile;
  overview?: OfficeExportOverview;
  returnFile?: OfficeReturnFile;
}

function setup(
  office: OfficeStatus | null,
  answers: Answers = {},
  lang: 'en' | 'de' = 'en',
  dialog: 'billing' | 'return' = 'billing',
) {
  const sent: { channel: string; request: unknown }[] = [];
  const base = stubBridge([]);
  const answer = (channel: string): unknown => {
    if (channel === 'officeExportOverview') return answers.overview ?? READY;
    if (channel === 'exportOfficeReturnFile')
      return { canceled: false, ...(answers.returnFile ?? { state: 'noOffice' }) };
    return { canceled: false, ...(answers.file ?? WRITTEN) };
  };
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (
        prop === 'exportOfficeBilling' ||
        prop === 'exportBilling' ||
        prop === 'officeExportOverview' ||
        prop === 'exportOfficeReturnFile' ||
        prop === 'exportReturnFile'
      )
        return (request: unknown) => {
          sent.push({ channel: prop, request });
          return Promise.resolve({ ok: true, value: answer(prop) });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  store.setState({ officeStatus: office });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StoreProvider store={store}>
        {dialog === 'billing' ? (
          <BillingExportDialog onClose={() => undefined} kindSwitch={null} />
        ) : (
          <ReturnFileDialog
            orderFile={{ name: 'MR_ORDERS.csv', profile: 'sap-isu', loadedAt: '' }}
            onClose={() => undefined}
            kindSwitch={null}
          />
        )}
      </StoreProvider>
    </I18nextProvider>,
  );
  return { sent, store };
}

async function click(testId: string): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
    await Promise.resolve();
  });
}

const run = (): Promise<void> => click('billing-export-run');

describe('the billing export’s whole-office choice', () => {
  it('is absent while the desk works without an office', () => {
    setup(null);
    expect(screen.queryByTestId('billing-source-office')).toBeNull();
  });

  it('shows the office’s counts, routes, flagged meters and first rows, as the scope says', async () => {
    const { sent } = setup(IN_OFFICE);
    await click('billing-source-office');
    expect(sent).toEqual([{ channel: 'officeExportOverview', request: { scope: 'finished' } }]);
    const counts = screen.getByTestId('billing-export-counts').textContent;
    expect(counts).toContain('Read at any desk 1,122');
    expect(counts).toContain('Finished 1,100');
    expect(counts).toContain('Flagged meters 22');
    expect(counts).toContain('No reading yet 128');
    const routes = [...screen.getByTestId('billing-export-routes').querySelectorAll('tbody tr')];
    expect(routes.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['R1', '5', '4', '1', '1'],
      ['R2', '2', '2', '0', '0'],
    ]);
    expect(screen.getByTestId('billing-export-warning').textContent).toBe(
      'Left out until reviewed: meters M-017, M-203. … and 20 more.',
    );
    // The office's first rows, in the office's sheet dialect (semicolons, decimal comma).
    const preview = screen.getByTestId('billing-preview').textContent;
    expect(preview).toContain('M-001;');
    expect(screen.getByTestId('billing-preview-format').textContent).toContain('“;”');

    await click('billing-scope-all');
    expect(sent.at(-1)).toEqual({ channel: 'officeExportOverview', request: { scope: 'all' } });
    expect(screen.getByTestId('billing-export-warning').textContent).toContain(
      'Not reviewed, written with use_on_bill = no: meters M-017, M-203.',
    );
  });

  it('in an office, exports every meter of it with the template and scope and says whose rows', async () => {
    const { sent, store } = setup(IN_OFFICE);
    await click('billing-source-office');
    expect(screen.getByTestId('billing-source-office-help').textContent).toContain(
      'whichever desk read it',
    );
    await run();
    expect(sent.filter((s) => s.channel !== 'officeExportOverview')).toEqual([
      {
        channel: 'exportOfficeBilling',
        request: {
          // No saved template: the default in the office's sheet dialect, as a desk's export.
          templateJson: exportTemplateJson(dialectTemplate(READY_DIALECT)),
          scope: 'finished',
        },
      },
    ]);
    const notice = store.getState().notices.at(-1);
    expect(notice && wordNotice(notice.words)).toBe(
      'Exported 1,250 meters of the office to /out/office.csv. Rows from: anna@pc-7 (1,000), ben@pc-3 (250).',
    );
  });

  it('says an office that is away in the Office settings’ words, before and after Export', async () => {
    const away = {
      state: 'problem',
      problem: 'unreachable',
      params: { ...WHERE, found: 0, known: 0, detail: '' },
    } as const;
    const { sent } = setup(IN_OFFICE, { file: away, overview: away });
    await click('billing-source-office');
    const said =
      'The server db.office does not answer on port 5432. Check the address, the port, and that this PC may reach it.';
    expect(screen.getByTestId('billing-office-problem').textContent).toBe(said);
    expect(screen.queryByTestId('billing-export-counts')).toBeNull();
    await run();
    expect(sent.filter((s) => s.channel === 'exportOfficeBilling')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(said);
  });

  it('speaks German from the same catalogues', async () => {
    setup(IN_OFFICE, {}, 'de');
    await click('billing-source-office');
    expect(screen.getByTestId('billing-export-counts').textContent).toContain(
      'An einem Arbeitsplatz gelesen 1.122',
    );
    expect(screen.getByRole('table', { name: 'Je Route' })).toBeTruthy();
  });
});

describe('the return file’s whole-office choice', () => {
  const file = {
    ok: true,
    path: '/out/MR_RESULTS.csv',
    exceptionsPath: '/out/MR_RESULTS.exceptions.csv',
    profile: 'sap-isu',
    orderFile: 'MR_ORDERS.csv',
    filled: 3,
    notRead: 1,
    exceptions: [],
  } as const;

  it('is absent while the desk works without an office', () => {
    setup(null, {}, 'en', 'return');
    expect(screen.queryByTestId('billing-source-office')).toBeNull();
  });

  it('writes the office’s copy and says who loaded it and whose readings fill it', async () => {
    const { sent } = setup(
      IN_OFFICE,
      {
        returnFile: {
          state: 'done',
          file,
          loadedBy: 'anna@pc-7',
          desks: [
            { desk: 'ben@pc-3', rows: 2 },
            { desk: 'carl@pc-1', rows: 1 },
          ],
        },
      },
      'en',
      'return',
    );
    await click('billing-source-office');
    expect(screen.getByTestId('return-file-lead').textContent).toContain('The office’s copy');
    expect(screen.getByTestId('billing-export-routes')).toBeTruthy();
    await click('return-file-run');
    expect(sent.map((s) => s.channel)).toEqual(['officeExportOverview', 'exportOfficeReturnFile']);
    expect(sent[1]?.request).toEqual({ orderFile: 'MR_ORDERS.csv' });
    expect(screen.getByTestId('return-file-done').textContent).toBe(
      '/out/MR_RESULTS.csv: 3 records filled, 1 not read.',
    );
    expect(screen.getByTestId('return-file-office').textContent).toBe(
      'Order file loaded at anna@pc-7. Readings from: ben@pc-3 (2), carl@pc-1 (1).',
    );
  });

  it('says when the office keeps no order file, or is not set up, and nothing was written', async () => {
    setup(
      IN_OFFICE,
      {
        returnFile: {
          state: 'done',
          file: { ok: false, problem: 'no_order_file' },
          loadedBy: null,
          desks: [],
        },
      },
      'en',
      'return',
    );
    await click('billing-source-office');
    await click('return-file-run');
    expect(screen.getByRole('alert').textContent).toBe(
      'The office keeps no order file: load one at a desk of the office with “Load route sheet…” first. Nothing was written.',
    );
    cleanup();
    setup(IN_OFFICE, { returnFile: { state: 'noOffice' } }, 'en', 'return');
    await click('billing-source-office');
    await click('return-file-run');
    expect(screen.getByRole('alert').textContent).toBe(
      'This desk works without an office; apply the Office settings first.',
    );
  });
});
