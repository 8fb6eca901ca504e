// How far a meter's consumption may stray from the expected before it is flagged, from the meter's
// own variation. Daily use varies from period to period by a factor (a log-normal spread, about
// σ = 0.3 for a household); fixed bands (SAP's +70 % / −40 %) flag the steady meters' misreads
// too late and the restless meters' right readings too often. With earlier periods the spread is
// the meter's own, pulled towards the configured σ while there are few of them.
import { daysBetween, parseIsoStamp } from './calendar';
import { parseExact, toNumber } from './exact-decimal';
import type { PlausibilityConfig } from './plausibility-config';
import type { PlausibilityInput } from './plausibility-types';

/** How many periods' weight the configured σ carries against the meter's own. */
const PRIOR_PERIODS = 3;
/** A period counts for the spread only when it is this long (a re-read days apart says nothing). */
const MIN_PERIOD_DAYS = 7;

export interface Spread {
  /** Log-scale σ used for this meter. */
  sigma: number;
  /** Earlier periods it was measured from (0: the configured σ alone). */
  periods: number;
  /** Flag above expected × high, below expected × low. */
  high: number;
  low: number;
}

/** The spread for this reading, or null when the configuration uses fixed bands. */
export function spreadFor(input: PlausibilityInput, config: PlausibilityConfig): Spread | null {
  const spread = config.spread ?? null;
  if (spread === null) return null;
  const logs = periodLogs(input);
  const sum = logs.reduce((a, l) => a + l * l, 0);
  const sigma = Math.sqrt(
    (PRIOR_PERIODS * spread.sigma ** 2 + sum) / (PRIOR_PERIODS + logs.length),
  );
  const width = spread.z * sigma;
  return { sigma, periods: logs.length, high: Math.exp(width), low: Math.exp(-width) };
}

/** ln(daily use of each earlier period / the average), over the history and the previous reading. */
function periodLogs(input: PlausibilityInput): number[] {
  const avg = input.avgDailyUse;
  const chain = [...(input.history ?? []), ...(input.previous ? [input.previous] : [])];
  if (avg === null || avg <= 0 || chain.length < 2) return [];
  const logs: number[] = [];
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1];
    const b = chain[i];
    const from = a?.readAt ? parseIsoStamp(a.readAt) : null;
    const to = b?.readAt ? parseIsoStamp(b.readAt) : null;
    const x = a ? parseExact(a.reading) : null;
    const y = b ? parseExact(b.reading) : null;
    if (!from || !to || !x || !y) continue;
    const days = daysBetween(from, to);
    const used = toNumber(y.units, y.scale) - toNumber(x.units, x.scale);
    // A wrap or an exchange in between says nothing about the household's variation.
    if (days < MIN_PERIOD_DAYS || used < 0) continue;
    // A period with no use at all is as far off as the rules look (an empty home, not a spread).
    logs.push(used === 0 ? 0 : Math.log(used / days / avg));
  }
  return logs;
}
