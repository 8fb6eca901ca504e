// @vitest-environment happy-dom
// Billing files in the window (issue 31): "Load route sheet" on an order file shows the profile
// its content names and loads it (or with a built-in or a profile file the clerk chose), then the
// exceptions with their lines in the window's words; a profile that cannot read the file says why.
// The Export dialog offers "Return file for billing" first, shows its counts and exceptions, and
// an unmapped code refuses it with a sentence naming the meter. A meter's detail shows billing's
// limits beside MeterDesk's check.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BillingLimitsView,
  BillingOverview,
  OrderFileLoadView,
  Result,
  ReturnFileView,
  SheetChoice,
} from '../../common/ipc';
import { MeterFacts } from '../../renderer/billing/meter-facts';
import { SheetDialog } from '../../renderer/billing/sheet-dialog';
import { createI18n } from '../../renderer/i18n/i18n';
import { ExportDialog } from '../../renderer/screens/main-screen/export-dialog';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { meterDetail } from './meter-detail';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

const OVERVIEW: BillingOverview = {
  sheets: [{ name: 'MR_ORDERS.csv', meters: 3, loadedAt: '' }],
  pattern: null,
  routes: [],
  totals: {
    meters: 3,
    confirmed: 2,
    not_checked: 0,
    flagged: 0,
    skipped: 0,
    pending: 0,
    missing: 1,
    photosToReview: 0,
  },
  unmatchedPhotos: 0,
  twoPhotos: 0,
  notSent: 0,
  flaggedMeters: [],
  templateJson: null,
  orderFile: { name: 'MR_ORDERS.csv', profile: 'sap-isu', loadedAt: '' },
};

const LOADED: OrderFileLoadView = {
  ok: true,
  name: 'MR_ORDERS.csv',
  profile: 'sap-isu',
  sha256: 'ab'.repeat(32),
  records: 4,
  meters: 3,
  matched: 2,
  unmatched: 0,
  exceptions: [
    { reason: 'not_an_order', key: '', line: 1, params: { type: 'comment' } },
    { reason: 'duplicate_key', key: '0088', line: 6, params: { first: 3 } },
  ],
};

type Answers = Record<string, (request: unknown) => unknown>;

async function setup(answers: Answers, ui: 'sheet' | 'export', language: 'en' | 'de' = 'en') {
  const sent: { channel: string; request: unknown }[] = [];
  const base = stubBridge([]);
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      const answer = typeof prop === 'string' ? answers[prop] : undefined;
      if (typeof prop === 'string' && answer)
        return (request: unknown): Promise<Result<unknown>> => {
          sent.push({ channel: prop, request });
          return Promise.resolve({ ok: true, value: answer(request) });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  await store.getState().refreshBilling();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        {ui === 'sheet' ? <SheetDialog /> : <ExportDialog onClose={() => undefined} />}
      </StoreProvider>
    </I18nextProvider>,
  );
  return { sent, store };
}

const orderChoice = (recognised: string | null): SheetChoice => ({
  canceled: false,
  order: {
    path: '/work/MR_ORDERS.csv',
    name: 'MR_ORDERS.csv',
    recognised,
    builtins: ['neptune-imp', 'sensus-fixed', 'sap-isu', 'csv-passthrough'],
  },
});

describe('"Load route sheet" on an order file', () => {
  it('shows the recognised profile, loads with it and lists the exceptions with their lines', async () => {
    const { sent, store } = await setup(
      {
        billingOverview: () => OVERVIEW,
        chooseRouteSheet: () => orderChoice('sap-isu'),
        loadOrderFile: () => LOADED,
      },
      'sheet',
    );
    await act(() => store.getState().chooseRouteSheet());
    expect(screen.getByTestId('order-lead').textContent).toContain('SAP IS-U (sap-isu)');
    expect(screen.getByTestId('order-profile')).toHaveProperty('value', 'sap-isu');
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-load'));
      await Promise.resolve();
    });
    expect(sent.find((s) => s.channel === 'loadOrderFile')?.request).toMatchObject({
      path: '/work/MR_ORDERS.csv',
      profile: null,
    });
    expect(screen.getByTestId('order-loaded').textContent).toContain(
      'MR_ORDERS.csv, SAP IS-U (sap-isu) layout: 4 order records, 3 meters',
    );
    const items = [...screen.getByTestId('order-exceptions').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(items).toEqual([
      'Line 1: A comment or trailer line: passed through unchanged.',
      'Line 6, key 0088: The key 0088 was already on line 3: the first record is filled, this one goes back not read.',
    ]);
  });

  it('a profile chosen by the clerk travels as a built-in or as the profile file’s JSON', async () => {
    const json = '{"format":1,"name":"our-sap"}';
    const { sent, store } = await setup(
      {
        billingOverview: () => OVERVIEW,
        chooseRouteSheet: () => orderChoice(null),
        chooseOrderProfile: () => ({ canceled: false, ok: true, name: 'our-sap', json }),
        loadOrderFile: () => ({
          ok: false,
          problem: 'no_key_column',
          profile: 'our-sap',
          headers: ['A', 'B'],
        }),
      },
      'sheet',
      'de',
    );
    await act(() => store.getState().chooseRouteSheet());
    expect(screen.getByTestId('order-lead').textContent).toMatch(/Wählen Sie das Format/);
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-profile-file'));
      await Promise.resolve();
    });
    expect(screen.getByTestId('order-profile')).toHaveProperty('value', 'file');
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-load'));
      await Promise.resolve();
    });
    expect(sent.find((s) => s.channel === 'loadOrderFile')?.request).toMatchObject({
      profile: { json },
    });
    expect(screen.getByTestId('order-failed').textContent).toBe(
      'Die Datei ist als our-sap nicht lesbar: Keine ihrer Spalten ist die Schlüssel- oder Zählerspalte des Profils. Es wurde nichts geladen.Ihre Spalten: A, B',
    );
  });
});

describe('a file no built-in profile recognises', () => {
  it('opens as a route sheet whose problems offer "Read as an order file…"', async () => {
    const { sent, store } = await setup(
      {
        billingOverview: () => OVERVIEW,
        chooseRouteSheet: () => ({
          canceled: false,
          path: '/work/ORDERS.DAT',
          problems: [{ row: 3, code: 'duplicate_meter_id', params: { meterId: 'A1', first: 2 } }],
          moreProblems: 0,
        }),
        loadOrderFile: () => LOADED,
      },
      'sheet',
    );
    await act(() => store.getState().chooseRouteSheet());
    fireEvent.click(screen.getByTestId('sheet-as-order-file'));
    expect(screen.getByTestId('order-lead').textContent).toMatch(/^Choose the layout/);
    const options = [...screen.getByTestId('order-profile').querySelectorAll('option')];
    expect(options.map((o) => o.value)).toEqual([
      'neptune-imp',
      'sensus-fixed',
      'sap-isu',
      'csv-passthrough',
    ]);
    fireEvent.change(screen.getByTestId('order-profile'), { target: { value: 'sensus-fixed' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-load'));
      await Promise.resolve();
    });
    expect(sent.find((s) => s.channel === 'loadOrderFile')?.request).toMatchObject({
      path: '/work/ORDERS.DAT',
      profile: { builtin: 'sensus-fixed' },
    });
    expect(screen.getByTestId('order-loaded')).toBeTruthy();
  });
});

describe('"Return file for billing" in the Export dialog', () => {
  it('comes first with an order file, writes it and shows the counts and exceptions', async () => {
    const written: ReturnFileView = {
      ok: true,
      path: '/out/MR_RESULTS.csv',
      exceptionsPath: '/out/MR_RESULTS.exceptions.csv',
      profile: 'sap-isu',
      orderFile: 'MR_ORDERS.csv',
      filled: 2,
      notRead: 1,
      exceptions: [
        { reason: 'no_order', key: '', line: 0, params: { photo: 'IMG_1.jpg' } },
        { reason: 'not_read', key: '0099', line: 5, params: { why: 'no usable photo' } },
      ],
    };
    const { sent } = await setup(
      {
        billingOverview: () => OVERVIEW,
        billingPreview: () => ({ rows: [], dialect: null, timeZone: 'UTC', sheetColumns: [] }),
        exportReturnFile: () => ({ canceled: false, ...written }),
      },
      'export',
    );
    expect(screen.getByTestId('export-kind-return')).toHaveProperty('checked', true);
    expect(screen.getByTestId('return-file-lead').textContent).toContain(
      'The order file MR_ORDERS.csv (SAP IS-U (sap-isu) layout) goes back',
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('return-file-run'));
      await Promise.resolve();
    });
    expect(sent.find((s) => s.channel === 'exportReturnFile')?.request).toEqual({
      orderFile: 'MR_ORDERS.csv',
    });
    expect(screen.getByTestId('return-file-done').textContent).toBe(
      '/out/MR_RESULTS.csv: 2 records filled, 1 not read.',
    );
    expect(
      [...screen.getByTestId('return-file-exceptions').querySelectorAll('li')].map(
        (li) => li.textContent,
      ),
    ).toEqual([
      'Photo: The photo IMG_1.jpg matches no meter of the order file.',
      'Line 5, key 0099: Not read (no usable photo): it goes back in the not-read form.',
    ]);
    expect(screen.getByText('2 exceptions, also in the exceptions file:')).toBeTruthy();
  });

  it('an unmapped code refuses it with a sentence naming the meter', async () => {
    await setup(
      {
        billingOverview: () => OVERVIEW,
        billingPreview: () => ({ rows: [], dialect: null, timeZone: 'UTC', sheetColumns: [] }),
        exportReturnFile: () => ({
          canceled: false,
          ok: false,
          problem: 'refused',
          refusal: {
            meter: '4711',
            key: '0088',
            readType: 'high',
            profile: 'our-sap',
            fill: 'readCode',
          },
        }),
      },
      'export',
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('return-file-run'));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Nothing was written: meter 4711 (key 0088) needs a code for “above the limits”, and the profile our-sap has none. Change the meter’s reading type, or add the code to the profile.',
    );
    expect(screen.queryByTestId('return-file-done')).toBeNull();
  });
});

describe('a meter’s detail', () => {
  const limits: BillingLimitsView = {
    profile: 'sap-isu',
    orderFile: 'MR_ORDERS.csv',
    key: '0088',
    line: 3,
    low: '1010.0',
    high: '1060.0',
    wraps: false,
    expected: '1030.0',
    previous: '1010.0',
    digits: 5,
    decimals: 1,
    scheduledDate: '2026-10-19',
    windowDays: 7,
    condition: 'high',
    readDate: '2026-10-30',
    readDateInside: false,
    notFilled: null,
  };

  it('shows billing’s limits and the code beside MeterDesk’s check', () => {
    const { store } = { store: createAppStore(stubBridge([]), { refreshMs: 10 }) };
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <StoreProvider store={store}>
          <MeterFacts detail={meterDetail('4711', { billingLimits: limits })} job={null} />
        </StoreProvider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('facts-billing-limits').textContent).toMatch(
      /^above the limits This reading is above billing’s limits: it goes back with the high code\./,
    );
    expect(screen.getByTestId('facts-billing-range').textContent).toBe('Limits 1010.0 to 1060.0');
    expect(screen.getByTestId('facts-billing-expected').textContent).toBe(
      'Expected reading 1030.0',
    );
    expect(screen.getByTestId('facts-billing-register').textContent).toBe(
      'Register 5 digits, 1 decimals',
    );
    expect(screen.getByTestId('facts-billing-window').textContent).toBe(
      'Read between 12 Oct 2026 and 26 Oct 2026 (scheduled 19 Oct 2026)',
    );
    expect(screen.getByTestId('facts-billing-date').textContent).toBe(
      'Read on 30 Oct 2026, outside billing’s read-date window.',
    );
    expect(screen.getByTestId('facts-billing-limits').textContent).toContain(
      'From MR_ORDERS.csv, SAP IS-U (sap-isu) layout, line 3, key 0088',
    );
  });
});
