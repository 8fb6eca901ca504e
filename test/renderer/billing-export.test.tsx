// @vitest-environment happy-dom
// The billing export dialog tells what is in the export before it runs: the counts, "finished and
// reviewed only" chosen, the flagged meters named (left out, or written as not for billing), a
// template it cannot use refused with the validator's sentence; and the notice counts readings.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingOverview, Result } from '../../common/ipc';
import { BillingExportDialog } from '../../renderer/billing/billing-export';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { wordNotice } from '../../renderer/store/notice-words';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

const OVERVIEW: BillingOverview = {
  sheets: [{ name: 'route.csv', meters: 30, loadedAt: '' }],
  pattern: null,
  routes: [],
  totals: {
    meters: 30,
    confirmed: 20,
    not_checked: 0,
    flagged: 3,
    skipped: 2,
    pending: 1,
    missing: 4,
    photosToReview: 3,
  },
  unmatchedPhotos: 0,
  twoPhotos: 0,
  notSent: 0,
  flaggedMeters: ['4711', '4712', '4713'],
  templateJson: null,
};

async function setup(language: 'en' | 'de' = 'en') {
  const sent: unknown[] = [];
  const base = stubBridge([]);
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'billingOverview')
        return (): Promise<Result<BillingOverview>> =>
          Promise.resolve({ ok: true, value: OVERVIEW });
      if (prop === 'exportBilling')
        return (r: unknown) => {
          sent.push(r);
          return Promise.resolve({
            ok: true,
            value: {
              canceled: false,
              path: '/out/billing.csv',
              rows: 22,
              readings: 20,
              skipped: 2,
              unmatched: 0,
              replaced: 0,
            },
          });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  await store.getState().refreshBilling();
  let closed = false;
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <BillingExportDialog
          onClose={() => {
            closed = true;
          }}
          kindSwitch={null}
        />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { sent, store, closed: () => closed };
}

describe('the billing export dialog', () => {
  it('counts what is in it and names the flagged meters it leaves out', async () => {
    await setup();
    const counts = screen.getByTestId('billing-export-counts').textContent;
    expect(counts).toContain('Finished 20');
    expect(counts).toContain('Flagged meters 3');
    expect(counts).toContain('No reading yet 4');
    expect(screen.getByRole('radio', { name: 'Finished and reviewed only' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByTestId('billing-export-warning').textContent).toBe(
      'Left out until reviewed: meters 4711, 4712, 4713.',
    );
    fireEvent.click(screen.getByTestId('billing-scope-all'));
    expect(screen.getByTestId('billing-export-warning').textContent).toContain(
      'written with use_on_bill = no: meters 4711, 4712, 4713',
    );
  });

  it('a template it cannot use is refused before anything is written', async () => {
    const { sent } = await setup();
    fireEvent.click(screen.getByTestId('template-edit'));
    fireEvent.change(screen.getByTestId('template-delimiter'), { target: { value: ',' } });
    fireEvent.change(screen.getByTestId('template-decimal'), { target: { value: ',' } });
    expect(screen.getByRole('alert').textContent).toMatch(/also the delimiter/);
    expect(screen.getByTestId('billing-export-run')).toHaveProperty('disabled', true);
    expect(sent).toEqual([]);
  });

  it('exports finished meters by default; the notice counts readings, not rows', async () => {
    const { sent, store, closed } = await setup();
    await act(async () => {
      fireEvent.click(screen.getByTestId('billing-export-run'));
      await Promise.resolve();
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ scope: 'finished' });
    const notice = store.getState().notices.at(-1);
    expect(notice && wordNotice(notice.words)).toBe(
      'Exported 20 readings (2 skipped meters) to /out/billing.csv',
    );
    expect(closed()).toBe(true);
  });

  it('speaks German', async () => {
    await setup('de');
    expect(screen.getByText('Nur fertige und geprüfte')).toBeTruthy();
    expect(screen.getByTestId('billing-export-warning').textContent).toBe(
      'Bis zur Prüfung nicht enthalten: Zähler 4711, 4712, 4713.',
    );
  });
});
