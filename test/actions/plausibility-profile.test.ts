// The plausibility limits are the queue's, chosen by profile through the action layer (issue 33,
// item 6): three readings at ×1.5, ×1.83 and ×0.4 of their expectation pass MeterDesk's own band
// (×0.39 to ×2.57 without earlier periods); SAP's bands (+70 %/−40 % below 100 units) flag the
// second high and the third low, in the stored checks and in the sample Settings draws; one click
// back and they pass again. A stored configuration of the office's own is neither profile.
import { afterEach, expect, it } from 'vitest';
import { PLAUSIBILITY_SETTING, plausibilityConfig } from '../../main/billing/assess';
import { limitsSample } from '../../main/billing/limits-sample';
import {
  PLAUSIBILITY_PROFILES,
  PROFILE_CONFIGS,
  profileOf,
} from '../../common/billing/plausibility-profiles';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../common/billing/plausibility-config';
import { openDecisionQueue, type DecisionQueue } from '../billing/decision-queue';
import { readThreeReadings } from '../billing/profile-readings';

let queue: DecisionQueue | undefined;
afterEach(() => {
  queue?.close();
  queue = undefined;
});

it('checks every reading again by the profile chosen, and back', async () => {
  queue = openDecisionQueue('meterdesk-limits-');
  const { store, actions } = queue;
  const ids = await readThreeReadings(queue);
  const levels = (): (string | null | undefined)[] =>
    Object.values(ids).map((id) => store.jobs.get(id)?.plausibility);
  expect(profileOf(plausibilityConfig(store))).toBe('history');
  expect(levels()).toEqual(['ok', 'ok', 'ok']);

  await actions.setPlausibilityProfile('sap_bands');
  expect(profileOf(plausibilityConfig(store))).toBe('sap_bands');
  expect(levels()).toEqual(['ok', 'warning', 'warning']);
  const codes = Object.values(ids).map((id) =>
    store.jobs.get(id)?.plausibilityDetail?.flagged.map((r) => r.code),
  );
  expect(codes).toEqual([[], ['high_low.high'], ['high_low.low']]);

  await actions.setPlausibilityProfile('history');
  expect(levels()).toEqual(['ok', 'ok', 'ok']);
});

it('samples the newest reading of each meter under both profiles, as the checks judge it', async () => {
  queue = openDecisionQueue('meterdesk-limits-sample-');
  await readThreeReadings(queue);
  const sample = limitsSample(
    queue.store,
    PLAUSIBILITY_PROFILES.map((p) => [p, PROFILE_CONFIGS[p]] as const),
    10,
  );
  // Newest first: M3, M2, M1.
  expect(sample.map((r) => Math.round(r.ratio * 100) / 100)).toEqual([0.4, 1.83, 1.5]);
  expect(sample.map((r) => r.edges.sap_bands.verdict)).toEqual(['low', 'high', 'within']);
  expect(sample.map((r) => r.edges.history.verdict)).toEqual(['within', 'within', 'within']);
  const first = sample[0];
  expect(first?.edges.sap_bands).toMatchObject({ low: 0.6, high: 1.7 });
  expect(first?.edges.history.high).toBeCloseTo(Math.exp(2.7 * 0.35), 6);
  expect(first?.edges.history.low).toBeCloseTo(Math.exp(-2.7 * 0.35), 6);
  expect(first?.basis).toBe('sheet');
  expect(limitsSample(queue.store, [['history', DEFAULT_PLAUSIBILITY_CONFIG]], 2)).toHaveLength(0);
  expect(
    limitsSample(
      queue.store,
      PLAUSIBILITY_PROFILES.map((p) => [p, PROFILE_CONFIGS[p]] as const),
      2,
    ),
  ).toHaveLength(2);
});

it('calls a configuration of the office’s own custom, whatever its key order', () => {
  queue = openDecisionQueue('meterdesk-limits-custom-');
  const { store } = queue;
  const reordered = Object.fromEntries(Object.entries(PROFILE_CONFIGS.sap_bands).reverse());
  store.settings.set(PLAUSIBILITY_SETTING, reordered);
  expect(profileOf(plausibilityConfig(store))).toBe('sap_bands');
  store.settings.set(PLAUSIBILITY_SETTING, {
    ...DEFAULT_PLAUSIBILITY_CONFIG,
    absoluteTolerance: 2,
  });
  expect(profileOf(plausibilityConfig(store))).toBe('custom');
  // Without the optional keys the SAP bands are still the SAP bands.
  const bare = { ...PROFILE_CONFIGS.sap_bands };
  delete bare.spread;
  delete bare.misreadSignature;
  expect(profileOf(bare)).toBe('sap_bands');
});
