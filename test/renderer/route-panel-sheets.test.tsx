// @vitest-environment happy-dom
// The route panel (issue 22, item 8): after a route sheet was updated the sheet is named once,
// with the meters of its newest load; a route whose one flagged meter has two doubtful photos
// shows "Flagged 1" with "2 photos to review", and the photo table's filter "Photos to review 2",
// each number under its own name.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { noMeters } from '../../common/billing/meter-outcome';
import type { BillingOverview } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { RoutePanel } from '../../renderer/billing/route-panel';
import { Toolbar } from '../../renderer/components/toolbar';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { doneJob, stubBridge } from './stub-bridge';

afterEach(cleanup);

/** The photo table's toolbar and the route panel over `jobs`, the panel showing `billing`. */
async function shown(
  lang: 'en' | 'de',
  jobs: JobRecord[],
  billing: (empty: BillingOverview) => BillingOverview,
): Promise<() => void> {
  const bridge = stubBridge(jobs);
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StoreProvider store={store}>
        <Toolbar onStartReview={() => undefined} />
        <RoutePanel />
      </StoreProvider>
    </I18nextProvider>,
  );
  const empty = await bridge.billingOverview();
  if (!empty.ok) throw new Error(empty.error.message);
  act(() => {
    store.setState({ billing: billing(empty.value) });
  });
  return () => {
    store.getState().stop();
  };
}

describe('the route panel', () => {
  it('names a sheet loaded again once, with its newest meters', async () => {
    const stop = await shown('en', [], (empty) => ({
      ...empty,
      sheets: [
        { name: 'Route Nord.csv', meters: 40, loadedAt: '2026-11-26T08:00:00.000Z' },
        { name: 'Route Süd.csv', meters: 12, loadedAt: '2026-11-26T08:05:00.000Z' },
        { name: 'Route Nord.csv', meters: 41, loadedAt: '2026-11-26T09:00:00.000Z' },
      ],
      totals: { ...empty.totals, meters: 53 },
    }));
    expect(screen.getByTestId('route-sheets').textContent).toBe(
      'Route Nord.csv · 41 meters · Route Süd.csv · 12 meters',
    );
    stop();
  });
});

describe('flagged meters and photos to review', () => {
  const ROUTE = { ...noMeters(), meters: 2, confirmed: 1, flagged: 1, photosToReview: 2 };
  const route12 = (lang: 'en' | 'de'): Promise<() => void> =>
    shown(
      lang,
      [
        doneJob(1, '02045.000', { toReview: true, meterId: '4712' }),
        doneJob(2, '02051.000', { toReview: true, meterId: '4712' }),
        doneJob(3, '01015.000', { meterId: '4711' }),
      ],
      (empty) => ({
        ...empty,
        sheets: [{ name: 'r12.csv', meters: 2, loadedAt: '2026-11-26T08:00:00.000Z' }],
        routes: [{ route: '12', ...ROUTE }],
        totals: ROUTE,
        flaggedMeters: ['4712'],
      }),
    );

  it('the route panel says 1 flagged meter and 2 photos to review; the table 2 photos', async () => {
    const stop = await route12('en');
    expect(screen.getByTestId('meters-flagged').textContent).toBe('Flagged 1');
    expect(screen.getByTestId('route-photos-to-review').textContent).toBe(' · 2 photos to review');
    expect(screen.getByTestId('filter-to_review').textContent).toBe('Photos to review 2');
    expect(screen.getByRole('button', { name: /Review 2 photos/ })).toBeTruthy();
    stop();
  });

  it('in German too, photos are Fotos and meters Zähler', async () => {
    const stop = await route12('de');
    expect(screen.getByTestId('meters-flagged').textContent).toBe('Auffällig 1');
    expect(screen.getByTestId('route-photos-to-review').textContent).toBe(' · 2 Fotos zu prüfen');
    expect(screen.getByTestId('filter-to_review').textContent).toBe('Zu prüfende Fotos 2');
    stop();
  });

  it('says when the counts are the office’s (office mode), in German too', async () => {
    const stop = await route12('de');
    expect(screen.queryByTestId('route-counted-by-office')).toBeNull();
    stop();
    cleanup();
    const office = await shown('de', [], (empty) => ({
      ...empty,
      sheets: [{ name: 'r12.csv', meters: 2, loadedAt: '2026-11-26T08:00:00.000Z' }],
      routes: [{ route: '12', ...ROUTE }],
      totals: ROUTE,
      countedBy: 'office',
    }));
    expect(screen.getByTestId('route-counted-by-office').textContent).toBe(
      'Im Büro gezählt: Zähler, die an irgendeinem Platz abgelesen oder entschieden wurden',
    );
    office();
  });
});
