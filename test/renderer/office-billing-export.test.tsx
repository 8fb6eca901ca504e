// @vitest-environment jsdom
// The billing export's "Whole office" choice: absent while the desk works alone; in an office it
// sends the template being edited on exportOfficeBilling (not this desk's export), the notice says
// how many meters and whose rows, and an office away is said in the Office settings' words.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE, exportTemplateJson } from '../../common/billing/export-template';
import type { OfficeBillingFile, OfficeStatus } from '../../common/ipc';
import { BillingExportDialog } from '../../renderer/billing/billing-export';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { wordNotice } from '../../renderer/store/notice-words';
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

function setup(office: OfficeStatus | null, answer: OfficeBillingFile = WRITTEN) {
  const sent: { channel: string; request: unknown }[] = [];
  const base = stubBridge([]);
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'exportOfficeBilling' || prop === 'exportBilling')
        return (request: unknown) => {
          sent.push({ channel: prop, request });
          return Promise.resolve({ ok: true, value: { canceled: false, ...answer } });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  store.setState({ officeStatus: office });
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StoreProvider store={store}>
        <BillingExportDialog onClose={() => undefined} kindSwitch={null} />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { sent, store };
}

async function run(): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByTestId('billing-export-run'));
    await Promise.resolve();
  });
}

describe('the billing export’s whole-office choice', () => {
  it('is absent while the desk works without an office', () => {
    setup(null);
    expect(screen.queryByTestId('billing-source-office')).toBeNull();
  });

  it('in an office, exports every meter of it with the template and says whose rows', async () => {
    const { sent, store } = setup(IN_OFFICE);
    fireEvent.click(screen.getByTestId('billing-source-office'));
    expect(screen.getByTestId('billing-source-office-help').textContent).toContain(
      'whichever desk read it',
    );
    await run();
    expect(sent).toEqual([
      {
        channel: 'exportOfficeBilling',
        request: { templateJson: exportTemplateJson(DEFAULT_EXPORT_TEMPLATE) },
      },
    ]);
    const notice = store.getState().notices.at(-1);
    expect(notice && wordNotice(notice.words)).toBe(
      'Exported 1,250 meters of the office to /out/office.csv. Rows from: anna@pc-7 (1,000), ben@pc-3 (250).',
    );
  });

  it('says an office that is away in the Office settings’ words, in the dialog', async () => {
    const { sent } = setup(IN_OFFICE, {
      state: 'problem',
      problem: 'unreachable',
      params: { ...WHERE, found: 0, known: 0, detail: '' },
    });
    fireEvent.click(screen.getByTestId('billing-source-office'));
    await run();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'The server db.office does not answer on port 5432. Check the address, the port, and that this PC may reach it.',
    );
  });
});
