// How one photo's reading is checked against its meter: the baseline (the sheet's previous reading or
// an earlier period's photo), the plausibility rules, the read date's and the code's flags. Pure:
// a desk runs it on its queue's photos (main/billing/assess.ts) and the office on the readings
// desks published (common/billing/office-meter-row.ts), so both check a reading alike.
import { pickBaseline, type HistoryReading } from './baseline';
import { billedReading } from './billed-reading';
import type { HistoryFacts } from './history-facts';
import type { MeterRecord } from './meter-record';
import type { PlausibilityConfig } from './plausibility-config';
import { checkReading } from './plausibility';
import { worstCheckLevel } from './plausibility-inputs';
import type { Baseline, CheckLevel } from './plausibility-types';
import { checkReadDates, type DatedPhoto } from './read-date-checks';
import { bandOf, type ReadingCheck } from './reading-check';
import type { JobRecord } from '../job-record';
import type { CodeMismatch } from '../photo-codes';

/** The fields of a photo its check reads. */
export type CheckedPhoto = Pick<
  JobRecord,
  | 'id'
  | 'state'
  | 'sha256'
  | 'readAt'
  | 'finishedAt'
  | 'plausibility'
  | 'reviewAction'
  | 'reviewedReading'
  | 'aiReading'
  | 'readAtNote'
>;

/** The meter's imported history between the baseline's date and the reading's (none: null). */
export type MeterHistoryFacts = (from: string | null, readAt: string) => HistoryFacts | null;

/** Earlier photos of a meter count as an earlier period (a baseline) only this far back. */
const PERIOD_GAP_DAYS = 7;
const DAY_MS = 86_400_000;
const dateOf = (job: CheckedPhoto): string | null => job.readAt ?? job.finishedAt;

/**
 * The reading before this one: the billing system's (the sheet's previous reading) or one of
 * this queue's photos of an earlier period, never one a rule flagged and nobody confirmed.
 */
function historyFor(
  meter: MeterRecord,
  job: CheckedPhoto,
  photos: readonly CheckedPhoto[],
): HistoryReading[] {
  const history: HistoryReading[] = [];
  if (meter.previousReading !== null) {
    history.push({
      reading: meter.previousReading,
      readAt: meter.previousReadAt,
      level: null,
      confirmedByPerson: false,
    });
  }
  const at = Date.parse(dateOf(job) ?? '');
  for (const other of photos) {
    if (other.id === job.id || other.state !== 'done' || other.sha256 === job.sha256) continue;
    // A photo that carries no check (a copy, or one a re-read or an estimate set aside) is no
    // reading of its own: never a baseline.
    if (other.plausibility === null) continue;
    const when = Date.parse(dateOf(other) ?? '');
    if (!Number.isFinite(when) || !Number.isFinite(at) || at - when < PERIOD_GAP_DAYS * DAY_MS)
      continue;
    history.push({
      reading: billedReading(other),
      readAt: dateOf(other),
      level: other.plausibility,
      confirmedByPerson: other.reviewAction !== null,
    });
  }
  return history;
}

/**
 * The readings before the baseline a person or the rules accepted, oldest first: the periods the
 * meter's own variation is measured from (common/billing/plausibility-spread.ts).
 */
function earlierPeriods(
  history: readonly HistoryReading[],
  baseline: Baseline,
): { reading: string; readAt: string }[] {
  const before = Date.parse(baseline.readAt ?? '');
  if (!Number.isFinite(before)) return [];
  return history
    .filter((h) => h.level === null || h.level === 'ok' || h.confirmedByPerson)
    .flatMap((h) =>
      h.reading !== null && h.readAt !== null && Date.parse(h.readAt) < before
        ? [{ reading: h.reading, readAt: h.readAt }]
        : [],
    )
    .sort((a, b) => Date.parse(a.readAt) - Date.parse(b.readAt));
}

/** What was found about a photo beside its reading: its read date against the route's, its code. */
export interface PhotoFlags {
  dateFlags: ReadingCheck['dateFlags'];
  codeFlag: CodeMismatch | null;
  /**
   * The clerk booked an exchange (issue 33, item 7): the photo shows the new meter, so its
   * consumption runs over both meters, not from the old meter's reading. Absent: none.
   */
  exchange?: { readonly oldFinal: string; readonly newStart: string } | null;
}

export function checkPhoto(
  meter: MeterRecord,
  job: CheckedPhoto,
  photos: readonly CheckedPhoto[],
  config: PlausibilityConfig,
  { dateFlags, codeFlag, exchange }: PhotoFlags,
  historyFacts: MeterHistoryFacts = () => null,
): { level: CheckLevel; detail: ReadingCheck } | null {
  const reading = billedReading(job);
  const readAt = dateOf(job);
  if (job.state !== 'done' || reading === null || readAt === null) return null;
  const history = historyFor(meter, job, photos);
  const { baseline } = pickBaseline(history, readAt);
  const outcome = checkReading(
    {
      reading,
      readAt,
      registerDigits: meter.registerDigits,
      registerDecimals: meter.registerDecimals,
      previous: baseline,
      history: baseline ? earlierPeriods(history, baseline) : [],
      avgDailyUse: meter.avgDailyUse,
      // Issue 33: the account's status and the meter's imported history, when there are.
      accountStatus: meter.accountStatus ?? null,
      statusSince: meter.statusSince ?? null,
      meterHistory: historyFacts(baseline?.readAt ?? null, readAt),
      ...(exchange ? { exchange } : {}),
    },
    config,
  );
  const flagged = outcome.results.filter((r) => r.level !== 'ok');
  // A photo of another meter is no reading of this one, however plausible: an error.
  const level = worstCheckLevel([
    outcome.checkLevel,
    ...dateFlags.map(() => 'warning' as const),
    ...(codeFlag ? ['error' as const] : []),
  ]);
  return {
    level,
    detail: {
      level,
      useOnBill: outcome.useOnBill && level !== 'not_checked' && codeFlag === null,
      unchecked: outcome.unchecked,
      consumption: outcome.consumption,
      rolledOver: outcome.rolledOver,
      baseline,
      flagged,
      dateFlags,
      codeFlag,
      dateNote: job.readAtNote,
      ...(outcome.basis === 'sheet' ? {} : { basis: outcome.basis }),
      band: bandOf(outcome.results),
    },
  };
}

/**
 * Read-date warnings per photo of one route (its photos' dates, by id): future dates and dates far
 * from the others'. A file time or an unreadable stamp is said in the detail, not flagged.
 */
export function routeDateFlags(
  photos: readonly { id: number; readAt: string; source: 'exif' | 'file_time' }[],
  now: Date,
): Map<number, ReadingCheck['dateFlags']> {
  const dated: DatedPhoto[] = photos.map((p) => ({
    key: String(p.id),
    readAt: p.readAt,
    source: p.source,
    // A stamp without an offset is the camera's wall clock.
    offsetKnown: /(Z|[+-]\d\d:?\d\d)$/.test(p.readAt),
  }));
  const out = new Map<number, ReadingCheck['dateFlags']>();
  for (const flag of checkReadDates(dated, now)) {
    if (flag.code !== 'read_date.future' && flag.code !== 'read_date.far_from_route') continue;
    const id = Number(flag.key);
    const said = { code: flag.code, params: flag.params };
    out.set(id, [...(out.get(id) ?? []), said]);
  }
  return out;
}
