// The checks that know a meter's history (issue 33): a garden's July passes against its own
// seasonal expectation where the sheet's yearly average flags it; a zero on an active account is
// flagged with its streak, a zero on a vacant one passes and use there is flagged; a step up that
// lasts is a leak; each reason worded from its code in English and German; without history the
// rules are today's and say so. And the inspection list: stopped meters first, then use on vacant
// accounts, then the meters falling fastest, vacant accounts out of the trend.
import { expect, it } from 'vitest';
import { historyFactsFor } from '../../../common/billing/history-facts';
import { inspectionList } from '../../../common/billing/history-inspection';
import { buildRouteModel, type HistoryMeterInput } from '../../../common/billing/history-model';
import type { HistoryReading } from '../../../common/billing/history-types';
import { checkReading } from '../../../common/billing/plausibility';
import { ruleEnglish } from '../../../common/billing/plausibility-english';
import type { PlausibilityInput } from '../../../common/billing/plausibility-types';
import { exportWording, wordRule } from '../../../common/billing/rule-lines';
import { monthlyHistory as history, MONTHS, season, wiggle } from './seasonal-history';

const garden = (m: number): HistoryMeterInput => ({
  meterId: `G${String(m)}`,
  readings: history((i) => 0.4 * season(i - 0.5) * wiggle(m, i)),
  meterClass: 'Garten',
  accountStatus: 'active',
});

function route(extra: readonly HistoryMeterInput[]): ReturnType<typeof buildRouteModel> {
  return buildRouteModel([...Array.from({ length: 30 }, (_, m) => garden(m)), ...extra]);
}

/** The July reading of a meter whose last reading (June 2026) is `previous`. */
function july(
  meter: HistoryMeterInput,
  model: ReturnType<typeof buildRouteModel> | null,
  used: number,
): PlausibilityInput {
  const last = meter.readings.at(-1) as HistoryReading;
  return {
    reading: String(Number(last.reading) + used).padStart(5, '0'),
    readAt: '2026-07-15',
    registerDigits: 5,
    registerDecimals: 0,
    previous: { reading: last.reading, readAt: last.readAt },
    avgDailyUse: 0.4,
    accountStatus: meter.accountStatus,
    meterHistory:
      model === null
        ? null
        : historyFactsFor(model, meter.meterId, { from: last.readAt, days: 30 }),
  };
}

const flagged = (input: PlausibilityInput) =>
  checkReading(input)
    .results.filter((r) => r.level !== 'ok')
    .map((r) => r.code);

it("passes a garden's July against its season where the yearly average flags it, and says which expectation", () => {
  const meter = garden(3);
  const model = route([]);
  // July: 26 m³ (a dry July's 2.2 × the yearly 0.4 m³/day), 01303 → 01329 against the sheet's
  // 12 m³: 01329 looks like 01319 with its tens drum caught turning, the misread signature
  // against the annual average.
  const withHistory = checkReading(july(meter, model, 26));
  expect(withHistory.basis).toBe('seasonal');
  expect(withHistory.checkLevel).toBe('ok');
  expect(withHistory.expected).toBeGreaterThan(16);
  const sheetOnly = checkReading(july(meter, null, 26));
  expect(sheetOnly.basis).toBe('sheet');
  expect(sheetOnly.expected).toBe(12);
  expect(sheetOnly.results.filter((r) => r.level !== 'ok').map((r) => r.code)).toEqual([
    'misread.rolling_digit',
  ]);
  // A misread digit is still caught against the seasonal expectation.
  expect(flagged(july(meter, model, 89))).not.toEqual([]);
  const high = checkReading(july(meter, model, 60)).results.find((r) => r.code === 'high_low.high');
  expect(high?.params.basis).toBe('seasonal');
  expect(ruleEnglish(high ?? { code: '' })).toContain(
    'Expected from this meter’s history and the season of its class.',
  );
});

it('flags a zero on an active account with its streak, passes it on a vacant one, flags use there', () => {
  const stopped: HistoryMeterInput = {
    meterId: 'S',
    readings: history((i) => (i >= MONTHS - 2 ? 0 : 0.4 * season(i - 0.5))),
    meterClass: 'Garten',
    accountStatus: 'active',
  };
  const vacant: HistoryMeterInput = { ...garden(40), meterId: 'V', accountStatus: 'vacant' };
  const model = route([stopped, vacant]);
  const zero = checkReading(july(stopped, model, 0)).results.find((r) => r.rule === 'zero');
  expect(zero).toMatchObject({ level: 'warning', code: 'zero.streak', params: { count: 3 } });
  expect(ruleEnglish(zero ?? { code: '' })).toBe(
    'No consumption for 3 periods in a row on an active account (since 15 Apr 2026): is the meter stuck?',
  );
  expect(wordRule(zero ?? { code: '' }, exportWording('de'))).toEqual({
    worded:
      'Der 3. Zeitraum in Folge ohne Verbrauch bei aktivem Kunden (seit 15.04.2026): steht der Zähler?',
  });
  // Whatever the average says: a sheet average of 0 does not excuse it.
  expect(flagged({ ...july(stopped, model, 0), avgDailyUse: 0 })).toContain('zero.streak');

  const quiet = { ...july(vacant, model, 0), statusSince: '2026-03-01' };
  expect(checkReading(quiet).checkLevel).toBe('ok');
  const used = checkReading({ ...july(vacant, model, 7), statusSince: '2026-03-01' });
  const use = used.results.find((r) => r.code === 'zero.vacant_use');
  expect(use?.level).toBe('warning');
  expect(ruleEnglish(use ?? { code: '' })).toBe(
    '7 m³ used on an account marked vacant since 1 Mar 2026.',
  );
  expect(wordRule(use ?? { code: '' }, exportWording('de'))).toEqual({
    worded: '7 m³ Verbrauch bei einem Kunden im Leerstand seit 01.03.2026.',
  });
});

it('flags a step up that has lasted as a leak, however wide the band', () => {
  const leaking: HistoryMeterInput = {
    meterId: 'L',
    // Since March 2026 a leak adds 0.5 m³ a day.
    readings: history((i) => 0.4 * season(i - 0.5) * wiggle(7, i) + (i >= MONTHS - 4 ? 0.5 : 0)),
    meterClass: 'Garten',
    accountStatus: 'active',
  };
  const model = route([leaking]);
  const july2026 = Math.round((0.4 * season(MONTHS - 0.5) + 0.5) * 30);
  const step = checkReading(july(leaking, model, july2026)).results.find(
    (r) => r.code === 'high_low.leak_step',
  );
  expect(step?.level).toBe('warning');
  expect(step?.params.periods).toBeGreaterThanOrEqual(4);
  expect(ruleEnglish(step ?? { code: '' })).toMatch(
    /^This period and the \d+ before it all lie above this meter’s level of the year before, by \d+% on average: a leak\?$/,
  );
  // The same meter's history without the leak: the same reading's step is not there.
  expect(flagged(july(garden(7), model, Math.round(0.4 * season(MONTHS - 0.5) * 30)))).toEqual([]);
});

it('ranks stopped meters, then use on vacant accounts, then the fastest falling meters', () => {
  const slowing: HistoryMeterInput = {
    meterId: 'SLOW',
    readings: history((i) => 0.4 * season(i - 0.5) * 0.97 ** i),
    meterClass: 'Garten',
    accountStatus: 'active',
  };
  const stopped: HistoryMeterInput = {
    meterId: 'STOP',
    readings: history((i) => (i >= MONTHS - 3 ? 0 : 0.4 * season(i - 0.5))),
    meterClass: 'Garten',
    accountStatus: 'active',
  };
  const vacantFalling: HistoryMeterInput = {
    ...slowing,
    meterId: 'VAC',
    readings: history((i) => 0.4 * season(i - 0.5) * 0.9 ** i),
    accountStatus: 'vacant',
  };
  const model = route([slowing, stopped, vacantFalling]);
  const statuses = new Map([...model.series.keys()].map((id) => [id, 'active' as const]));
  const list = inspectionList(model, new Map([...statuses, ['VAC', 'vacant' as const]]));
  expect(list.slice(0, 3).map((r) => [r.meterId, r.code])).toEqual([
    ['STOP', 'zero_streak'],
    ['VAC', 'vacant_use'],
    ['SLOW', 'falling'],
  ]);
  expect(list[0]?.params).toMatchObject({ count: 3 });
  expect(list[2]?.params.percent).toBeCloseTo(-3, 0);
  // Steady meters fall by less than a percent a period, if at all.
  for (const row of list.slice(3)) expect(Number(row.params.percent)).toBeGreaterThan(-1);
});
