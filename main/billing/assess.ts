// Checks the readings of meters' photos against their meters (plausibility rules, read dates, the
// code on the photo) and stores the outcome on each photo, so the review queue, the filters and
// the export read it without computing it again. Run for the meters a change touched: a result
// came in, a photo was matched, its codes were read, a sheet was loaded, a reading was corrected.
import { pickBaseline, type HistoryReading } from '../../common/billing/baseline';
import { billedReading } from '../../common/billing/billed-reading';
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  validatePlausibilityConfig,
  type PlausibilityConfig,
} from '../../common/billing/plausibility-config';
import { checkReading } from '../../common/billing/plausibility';
import { worstCheckLevel } from '../../common/billing/plausibility-inputs';
import type { Baseline, CheckLevel } from '../../common/billing/plausibility-types';
import { checkReadDates, type DatedPhoto } from '../../common/billing/read-date-checks';
import { bandOf, type ReadingCheck } from '../../common/billing/reading-check';
import type { JobRecord } from '../../common/job-record';
import type { CodeMismatch } from '../../common/photo-codes';
import type { StoredMeter } from '../store/meters-repo';
import type { Store } from '../store/store';
import type { RouteModel } from '../../common/billing/history-model';
import { factsForReading, routeModelOf } from './history/route-history';
import { codeMismatchFinder } from './photo-code-check';

/** Earlier photos of a meter count as an earlier period (a baseline) only this far back. */
const PERIOD_GAP_DAYS = 7;
const DAY_MS = 86_400_000;
/** Where the queue keeps the office's own plausibility settings (JSON, validated). */
export const PLAUSIBILITY_SETTING = 'plausibility';

export function plausibilityConfig(store: Store): PlausibilityConfig {
  const raw = store.settings.get<unknown>(PLAUSIBILITY_SETTING, null);
  if (raw === null) return DEFAULT_PLAUSIBILITY_CONFIG;
  const checked = validatePlausibilityConfig(raw);
  return checked.ok ? checked.value : DEFAULT_PLAUSIBILITY_CONFIG;
}

const dateOf = (job: JobRecord): string | null => job.readAt ?? job.finishedAt;

/**
 * The reading before this one: the billing system's (the sheet's previous reading) or one of
 * this queue's photos of an earlier period, never one a rule flagged and nobody confirmed.
 */
function historyFor(
  meter: StoredMeter,
  job: JobRecord,
  photos: readonly JobRecord[],
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
}

export function checkPhoto(
  meter: StoredMeter,
  job: JobRecord,
  photos: readonly JobRecord[],
  config: PlausibilityConfig,
  { dateFlags, codeFlag }: PhotoFlags,
  routeHistory: RouteModel | null = null,
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
      meterHistory: factsForReading(routeHistory, meter.meterId, baseline?.readAt ?? null, readAt),
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

/** The route's sample of read dates, with the photos being assessed in it for sure. */
function routePhotos(
  store: Store,
  route: string | null,
  assessed: readonly JobRecord[],
): { id: number; readAt: string; source: 'exif' | 'file_time' }[] {
  const all = new Map(store.meters.routeReadDates(route).map((p) => [p.id, p]));
  for (const j of assessed) {
    if (j.state === 'done' && j.readAt && j.readAtSource)
      all.set(j.id, { id: j.id, readAt: j.readAt, source: j.readAtSource });
  }
  return [...all.values()];
}

/** Read-date warnings per photo of one route: future dates and dates far from the others'. */
function routeDateFlags(
  store: Store,
  route: string | null,
  assessed: readonly JobRecord[],
  now: Date,
): Map<number, ReadingCheck['dateFlags']> {
  const dated: DatedPhoto[] = routePhotos(store, route, assessed).map((p) => ({
    key: String(p.id),
    readAt: p.readAt,
    source: p.source,
    // A stamp without an offset is the camera's wall clock.
    offsetKnown: /(Z|[+-]\d\d:?\d\d)$/.test(p.readAt),
  }));
  const out = new Map<number, ReadingCheck['dateFlags']>();
  for (const flag of checkReadDates(dated, now)) {
    // A file time or an unreadable stamp is said in the detail, not a reason to look again.
    if (flag.code !== 'read_date.future' && flag.code !== 'read_date.far_from_route') continue;
    const id = Number(flag.key);
    const dated = { code: flag.code, params: flag.params };
    out.set(id, [...(out.get(id) ?? []), dated]);
  }
  return out;
}

/**
 * A photo the clerk's decision set aside: the one sent for re-read (the photos before it came
 * back) or any photo of an estimated meter. It is no longer the meter's reading, so it carries no
 * check and does not wait in the review queue; undo checks it again.
 */
function setAside(meter: StoredMeter, job: JobRecord): boolean {
  const d = meter.decision?.decision;
  return d?.kind === 'estimate' || (d?.kind === 'reread' && job.id <= d.afterJobId);
}

/**
 * Checks every photo of these meters again and stores the outcome; returns the job ids whose
 * stored outcome changed. Photos without a meter or a reading carry none.
 */
export function assessMeters(store: Store, meterIds: Iterable<string>, now: Date): number[] {
  const config = plausibilityConfig(store);
  const routeHistory = routeModelOf(store);
  const updates: { id: number; level: CheckLevel | null; detail: ReadingCheck | null }[] = [];
  const routes = new Map<string | null, JobRecord[]>();
  const work: { meter: StoredMeter; photos: JobRecord[] }[] = [];
  for (const meterId of new Set(meterIds)) {
    const meter = store.meters.get(meterId);
    const photos = store.meters
      .photoIdsOf(meterId)
      .map((id) => store.jobs.get(id))
      .filter((j): j is JobRecord => j !== undefined);
    if (!meter) {
      for (const j of photos) updates.push({ id: j.id, level: null, detail: null });
      continue;
    }
    work.push({ meter, photos });
    routes.set(meter.route, [...(routes.get(meter.route) ?? []), ...photos]);
  }
  const codeFlagOf = codeMismatchFinder(store);
  const flagsByRoute = new Map<string | null, Map<number, ReadingCheck['dateFlags']>>();
  for (const [route, photos] of routes)
    flagsByRoute.set(route, routeDateFlags(store, route, photos, now));
  for (const { meter, photos } of work) {
    const flags = flagsByRoute.get(meter.route);
    // A byte-identical copy is the same reading, not a second one: only the first is checked (and
    // goes to review); the copies carry nothing of their own.
    const seen = new Set<string>();
    for (const job of photos) {
      const copy = job.sha256 !== null && job.state === 'done' && seen.has(job.sha256);
      if (job.sha256 !== null && job.state === 'done') seen.add(job.sha256);
      if (copy || setAside(meter, job)) {
        updates.push({ id: job.id, level: null, detail: null });
        continue;
      }
      const checked = checkPhoto(
        meter,
        job,
        photos,
        config,
        {
          dateFlags: flags?.get(job.id) ?? [],
          codeFlag: job.state === 'done' ? codeFlagOf(job.id, meter.meterId) : null,
        },
        routeHistory,
      );
      updates.push({ id: job.id, level: checked?.level ?? null, detail: checked?.detail ?? null });
    }
  }
  return store.meters.setPlausibility(updates);
}

/** The meters of these photos (those matched to one). */
export function metersOfJobs(store: Store, jobIds: Iterable<number>): string[] {
  const ids = new Set<string>();
  for (const id of jobIds) {
    const meterId = store.jobs.get(id)?.meterId;
    if (meterId) ids.add(meterId);
  }
  return [...ids];
}
