// @vitest-environment happy-dom
// Settings' plausibility limits and the inspection list (issue 33, items 6 and 5), on a stub
// bridge in English and German: the limits of the profile in use in words, the recent readings'
// spread with the band's edges, what each profile flags; one click sends the other profile and the
// card follows the answer. The inspection list words each row's code and numbers in the language.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { PROFILE_CONFIGS } from '../../common/billing/plausibility-profiles';
import type {
  InspectionView,
  LimitReading,
  PlausibilityLimitsView,
  Result,
} from '../../common/ipc';
import { InspectionView as InspectionDialog } from '../../renderer/billing/inspection-view';
import { PlausibilityLimitsCard } from '../../renderer/screens/settings/plausibility-limits-card';
import { renderWithStore } from './render-app';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

const history = (low: number, high: number, verdict: 'high' | 'low' | 'within' = 'within') => ({
  low,
  high,
  verdict,
});

/** ×1.5, ×1.83 and ×0.4 of expected: SAP flags the last two, MeterDesk none. */
const READINGS: LimitReading[] = [
  {
    ratio: 0.4,
    basis: 'sheet',
    edges: { history: history(0.39, 2.57), sap_bands: history(0.6, 1.7, 'low') },
  },
  {
    ratio: 1.83,
    basis: 'sheet',
    edges: { history: history(0.39, 2.57), sap_bands: history(0.6, 1.7, 'high') },
  },
  {
    ratio: 1.5,
    basis: 'seasonal',
    edges: { history: history(0.5, 2), sap_bands: history(0.6, 1.7) },
  },
];

function limitsBridge() {
  const bridge = stubBridge([]);
  const sent: unknown[] = [];
  let view: PlausibilityLimitsView = {
    profile: 'history',
    config: PROFILE_CONFIGS.history,
    historyZ: 3.3,
    readings: READINGS,
  };
  Object.assign(bridge, {
    plausibilityLimits: (): Promise<Result<PlausibilityLimitsView>> =>
      Promise.resolve({ ok: true, value: view }),
    setPlausibilityProfile: (r: {
      profile: 'history' | 'sap_bands';
    }): Promise<Result<PlausibilityLimitsView>> => {
      sent.push(r);
      view = { ...view, profile: r.profile, config: PROFILE_CONFIGS[r.profile] };
      return Promise.resolve({ ok: true, value: view });
    },
  });
  return { bridge, sent };
}

it('shows the limits in use, the readings against them, and switches profile in one click', async () => {
  const { bridge, sent } = limitsBridge();
  const { store } = await renderWithStore(<PlausibilityLimitsCard />, { bridge });
  await waitFor(() => {
    expect(screen.getByTestId('limit-lines').textContent).toContain('above ×2.57 or below ×0.39');
  });
  expect(screen.getByTestId('profile-history').getAttribute('aria-pressed')).toBe('true');
  const flagged = screen.getByTestId('limits-flagged').textContent;
  expect(flagged).toContain('MeterDesk (history): 0 of your last 3 readings outside their band');
  expect(flagged).toContain(
    'SAP bands (+70/−40 %, +60/−30 %, +50/−20 %): 2 of your last 3 readings outside their band (1 above, 1 below)',
  );
  const spread = screen.getByTestId('limits-spread');
  expect(spread.querySelectorAll('.spread-bar')).toHaveLength(32);
  // The median edges of the three readings under MeterDesk's profile: ×0.39 and ×2.57.
  expect(spread.getAttribute('aria-label')).toBe(
    '3 recent readings by consumption against their expectation, band from ×0.39 to ×2.57',
  );

  fireEvent.click(screen.getByTestId('profile-sap_bands'));
  await waitFor(() => {
    expect(screen.getByTestId('profile-sap_bands').getAttribute('aria-pressed')).toBe('true');
  });
  expect(sent).toEqual([{ profile: 'sap_bands' }]);
  const lines = screen.getByTestId('limit-lines').textContent;
  expect(lines).toContain('Expected below 100 m³: flagged above +70 % or below −40 %.');
  expect(lines).toContain('Expected 100 to 999 m³: flagged above +60 % or below −30 %.');
  expect(lines).toContain('Expected 1,000 m³ and above: flagged above +50 % or below −20 %.');
  expect(lines).toContain('The misread signature is off.');
  expect(screen.getByTestId('limits-spread').getAttribute('aria-label')).toContain(
    'band from ×0.6 to ×1.7',
  );
  store.getState().stop();
});

it('says it in German', async () => {
  const { bridge } = limitsBridge();
  const { store } = await renderWithStore(<PlausibilityLimitsCard />, { bridge, lang: 'de' });
  await waitFor(() => {
    expect(screen.getByTestId('limit-lines').textContent).toContain(
      'über ×2,57 oder unter ×0,39 des erwarteten Verbrauchs',
    );
  });
  expect(screen.getByTestId('limits-flagged').textContent).toContain(
    'SAP-Grenzen (+70/−40 %, +60/−30 %, +50/−20 %): 2 von Ihren letzten 3 Ablesungen außerhalb ihrer Grenzen (1 darüber, 1 darunter)',
  );
  store.getState().stop();
});

const INSPECTION: InspectionView = {
  withHistory: true,
  rows: [
    {
      rank: 1,
      meterId: 'Z-0007',
      route: 'R1',
      address: 'Hauptstr. 3',
      code: 'zero_streak',
      params: { count: 3, since: '2026-08-23' },
    },
    {
      rank: 2,
      meterId: 'Z-0011',
      route: 'R1',
      address: null,
      code: 'vacant_use',
      params: { used: 4.5, since: '2026-10-23' },
    },
    {
      rank: 3,
      meterId: 'Z-0002',
      route: null,
      address: null,
      code: 'falling',
      params: { percent: -3.1, periods: 14, since: '2025-09-20' },
    },
    {
      rank: 4,
      meterId: 'Z-0005',
      route: null,
      address: null,
      code: 'falling',
      params: { percent: 0, periods: 9, since: '' },
    },
  ],
};

async function openInspection(lang: 'en' | 'de'): Promise<string[]> {
  const bridge = stubBridge([]);
  Object.assign(bridge, {
    inspectionList: (): Promise<Result<InspectionView>> =>
      Promise.resolve({ ok: true, value: INSPECTION }),
  });
  const { store } = await renderWithStore(<InspectionDialog />, { bridge, lang });
  await store.getState().openInspection();
  const rows = await screen.findAllByTestId('inspection-row');
  const texts = rows.map((r) => r.textContent);
  store.getState().stop();
  cleanup();
  return texts;
}

it('words each inspection row from its code and numbers, in English and German', async () => {
  expect(await openInspection('en')).toEqual([
    '1Z-0007 · R1 · Hauptstr. 3No consumption for 3 periods in a row since 23 Aug 2026 on an active account: is the meter stuck?',
    '2Z-0011 · R14.5 m³ used in the last period since 23 Oct 2026 on an account marked vacant.',
    '3Z-0002Use falling 3.1 % a month over 14 periods since 20 Sep 2025, the season taken out: a meter slowing down?',
    '4Z-0005Use falling less than 0.1 % a month over 9 periods, the season taken out: a meter slowing down?',
  ]);
  expect(await openInspection('de')).toEqual([
    '1Z-0007 · R1 · Hauptstr. 3Kein Verbrauch in 3 Zeiträumen in Folge seit 23.08.2026 auf einem bewohnten Konto: Steht der Zähler?',
    '2Z-0011 · R14,5 m³ Verbrauch im letzten Zeitraum seit 23.10.2026 auf einem als leerstehend markierten Konto.',
    '3Z-0002Verbrauch sinkt um 3,1 % im Monat über 14 Zeiträume seit 20.09.2025, Jahresgang herausgerechnet: Läuft der Zähler langsamer?',
    '4Z-0005Verbrauch sinkt um weniger als 0,1 % im Monat über 9 Zeiträume, Jahresgang herausgerechnet: Läuft der Zähler langsamer?',
  ]);
});
