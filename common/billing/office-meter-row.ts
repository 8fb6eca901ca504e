// Each meter's billing row from the office's own facts (issue 30, item 2): the meter as its route
// sheet describes it, the readings desks published of its photos and the decisions clerks made,
// whichever desk read or decided. The facts become the photos and the decision a desk's queue
// would hold, then go through the desk's own code: the reading's checks (photo-check.ts), where
// the meter stands (decided-outcome.ts) and its row (meter-billing-row.ts). Pure, so the office
// export, `routes --office` and the report agree with a desk's export of the same photos.
import type { BillingRow } from './billing-row';
import { decidedOutcome, type DecidedOutcome } from './decided-outcome';
import { parseDecision, type MeterDecision, type StoredDecision } from './meter-decision';
import { meterBillingRow } from './meter-billing-row';
import type { MeterPhoto, MeterState } from './meter-outcome';
import type { MeterRecord } from './meter-record';
import type { PlausibilityConfig } from './plausibility-config';
import {
  checkPhoto,
  routeDateFlags,
  type CheckedPhoto,
  type MeterHistoryFacts,
} from './photo-check';
import type { ReadingCheck } from './reading-check';
import type { CheckLevel } from './plausibility-types';
import { SKIP_CODES, type SkipCode } from './billing-row';
import { codeMismatch, type MeterCodeIndex, type PhotoCode } from '../photo-codes';

/** One reading a desk published of a photo of this meter (a failed attempt too). */
export interface OfficeReadingFact {
  sha256: string;
  /** The photo's path below the folder its desk added. */
  fileName: string;
  failed: boolean;
  reading: string | null;
  resultSource: string | null;
  taskId: string | null;
  /** ISO stamp: the photo's own date (EXIF, else the file time where a desk first saw it). */
  readAt: string | null;
  publishedAt: string;
  /**
   * The codes its desk read on the photo ([] none); absent or null where not known (an older
   * desk, or not read yet): the photo is then checked without them, as before.
   */
  codes?: readonly PhotoCode[] | null;
}

/** A decision as the office recorded it (office migration 001): what, on which photo, when. */
export interface OfficeDecisionFact {
  kind: 'confirm' | 'correct' | 'type' | 'skip' | 'exchange' | 'reread' | 'estimate' | 'undo';
  /** The photo decided on (confirm, correct, a photo's undo); null for a meter's decision. */
  sha256: string | null;
  reading: string | null;
  skipCode: string | null;
  /** A decision's details as JSON (exchange, re-read, estimate) or a skip's note. */
  note: string | null;
  decidedAt: string;
}

export interface OfficeMeterFacts {
  meter: MeterRecord;
  /** Oldest published first. */
  readings: readonly OfficeReadingFact[];
  /** Oldest first. */
  decisions: readonly OfficeDecisionFact[];
}

export interface OfficeMeterRow {
  state: MeterState;
  /** Whether the meter has a reading to bill (a photo's, typed or estimated). */
  read: boolean;
  row: BillingRow;
  outcome: DecidedOutcome;
}

/**
 * Facts of this billing cycle only: the office keeps every cycle, a desk's queue holds one. A
 * reading or a meter's decision dated on or before the sheet's previous reading belongs to a
 * cycle the billing system already has.
 */
function inCycle(meter: MeterRecord, day: string | null): boolean {
  return meter.previousReadAt === null || day === null || day.slice(0, 10) > meter.previousReadAt;
}

interface Photo {
  job: CheckedPhoto;
  fileName: string;
  taskId: string | null;
  stale: boolean;
  firstPublished: string;
  /** The codes read on the photo by whichever desk read them (the bytes are the same). */
  codes: readonly PhotoCode[];
}

/** One photo per SHA-256 (copies read at several desks are one photo), in order of publishing. */
function photosOf(facts: OfficeMeterFacts): Photo[] {
  const bySha = new Map<string, OfficeReadingFact[]>();
  for (const r of facts.readings) {
    if (!inCycle(facts.meter, r.readAt)) continue;
    const same = bySha.get(r.sha256);
    if (same) same.push(r);
    else bySha.set(r.sha256, [r]);
  }
  return [...bySha.values()].map((all, i) => {
    const read = all.filter((r) => !r.failed);
    // The newest reading of the photo, as a desk taking it gets it (store/photo-claims.ts).
    const newest = read.at(-1) ?? all.at(-1) ?? all[0];
    const dates = read.flatMap((r) => (r.readAt === null ? [] : [r.readAt])).sort();
    const coded = all.findLast((r) => r.codes != null);
    return {
      job: {
        id: i + 1,
        state: read.length > 0 ? 'done' : 'failed',
        sha256: newest?.sha256 ?? null,
        // Its own date, never a later copy's: the first sighting's.
        readAt: dates[0] ?? null,
        finishedAt: newest?.publishedAt ?? null,
        plausibility: null,
        reviewAction: null,
        reviewedReading: null,
        aiReading: read.length > 0 ? (newest?.reading ?? null) : null,
        readAtNote: null,
      },
      fileName: newest?.fileName ?? '',
      taskId: newest?.taskId ?? null,
      stale: newest?.resultSource === 'cached_stale',
      firstPublished: all[0]?.publishedAt ?? '',
      codes: coded?.codes ?? [],
    };
  });
}

/** A clerk's review of each photo: the newest confirm or correction not undone. */
function applyReviews(photos: readonly Photo[], decisions: readonly OfficeDecisionFact[]): void {
  const stacks = new Map<string, OfficeDecisionFact[]>();
  for (const d of decisions) {
    if (d.sha256 === null) continue;
    const stack = stacks.get(d.sha256) ?? [];
    if (d.kind === 'undo') stack.pop();
    else if (d.kind === 'confirm' || d.kind === 'correct') stack.push(d);
    stacks.set(d.sha256, stack);
  }
  for (const p of photos) {
    const review = p.job.sha256 === null ? undefined : stacks.get(p.job.sha256)?.at(-1);
    if (!review) continue;
    p.job.reviewAction = review.kind === 'correct' ? 'corrected' : 'accepted';
    p.job.reviewedReading = review.kind === 'correct' ? review.reading : p.job.aiReading;
  }
}

function detailsOf(note: string | null): Record<string, unknown> {
  if (note === null) return {};
  try {
    const parsed: unknown = JSON.parse(note);
    return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
  } catch {
    return {};
  }
}

function skipCodeOf(code: string | null): SkipCode | null {
  return SKIP_CODES.find((c) => c === code) ?? null;
}

/** A meter decision as the desk's queue keeps it; null where the office lacks its details. */
function meterDecisionOf(d: OfficeDecisionFact, photos: readonly Photo[]): MeterDecision | null {
  const details = detailsOf(d.note);
  switch (d.kind) {
    case 'type':
      // The read day and the customer's mark the deciding desk published (older desks: none).
      return parseDecision(
        'typed',
        JSON.stringify({
          reading: d.reading,
          readAt: typeof details.readAt === 'string' ? details.readAt : null,
          ...(details.byCustomer === true && { byCustomer: true }),
        }),
      );
    case 'skip': {
      const code = skipCodeOf(d.skipCode);
      return code === null ? null : { kind: 'skip', code, note: d.note };
    }
    case 'exchange':
      return parseDecision('exchange', JSON.stringify({ ...details, reading: d.reading }));
    case 'reread': {
      // The photos published after the re-read was asked for are the re-read.
      const before = photos.filter((p) => p.firstPublished <= d.decidedAt).map((p) => p.job.id);
      const afterJobId = Math.max(0, ...before);
      return parseDecision(
        'reread',
        // A re-read published without its reason (an older desk) is one for another reason.
        JSON.stringify({ reason: 'other', note: null, ...details, afterJobId, photoJobId: null }),
      );
    }
    case 'estimate':
      // The estimate as the deciding desk made it (older desks published none of it: no row).
      return parseDecision('estimate', JSON.stringify({ ...details, reading: d.reading }));
    default:
      return null;
  }
}

/** The meter's decision: the newest of this cycle not undone (an undo brings back the one before). */
function meterDecision(facts: OfficeMeterFacts, photos: readonly Photo[]): StoredDecision | null {
  const stack: StoredDecision[] = [];
  facts.decisions.forEach((d, i) => {
    if (d.sha256 !== null || !inCycle(facts.meter, d.decidedAt)) return;
    if (d.kind === 'undo') {
      stack.pop();
      return;
    }
    const decision = meterDecisionOf(d, photos);
    if (decision) stack.push({ id: i + 1, madeAt: d.decidedAt, decision });
  });
  return stack.at(-1) ?? null;
}

/** A photo the decision set aside (a re-read's older photos, any of an estimated meter). */
function setAside(decision: StoredDecision | null, job: CheckedPhoto): boolean {
  const d = decision?.decision;
  return d?.kind === 'estimate' || (d?.kind === 'reread' && job.id <= d.afterJobId);
}

type DateFlags = Map<number, ReadingCheck['dateFlags']>;

interface Prepared {
  facts: OfficeMeterFacts;
  photos: Photo[];
  decision: StoredDecision | null;
  /** Route-wide handles of its photos, for the read-date flags. */
  keys: number[];
}

function toMeterPhoto(
  p: Photo,
  check: { level: CheckLevel; detail: ReadingCheck } | null,
): MeterPhoto {
  const { job } = p;
  const slash = p.fileName.lastIndexOf('/');
  return {
    jobId: job.id,
    state: job.state === 'failed' ? 'failed' : 'done',
    sha256: job.sha256,
    relPath: p.fileName,
    aiReading: job.aiReading,
    reviewAction: job.reviewAction,
    reviewedReading: job.reviewedReading,
    plausibility: check?.level ?? null,
    check: check?.detail ?? null,
    // As the queue's to_review: done, nobody looked, and a stale result or a rule that fired.
    toReview:
      job.state === 'done' &&
      job.reviewAction === null &&
      (p.stale || ['warning', 'error', 'not_checked'].includes(check?.level ?? '')),
    readAt: job.readAt,
    taskId: p.taskId,
    ...(slash > 0 ? { folder: p.fileName.slice(0, slash) } : {}),
  };
}

/** A meter's imported history for its checks, by its number (none: today's rules). */
export type HistoryOfMeter = (meterId: string) => MeterHistoryFacts;

function rowOf(
  m: Prepared,
  flags: DateFlags,
  config: PlausibilityConfig,
  history: HistoryOfMeter,
  codes: MeterCodeIndex,
): OfficeMeterRow {
  const { meter } = m.facts;
  const facts = history(meter.meterId);
  const checks = new Map<number, { level: CheckLevel; detail: ReadingCheck } | null>();
  // Oldest first, so an earlier period's photo carries its level when a later one takes it as
  // its baseline (the queue keeps the level it found the last time).
  const byDate = [...m.photos].sort((a, b) =>
    (a.job.readAt ?? '').localeCompare(b.job.readAt ?? ''),
  );
  for (const p of byDate) {
    const checked = setAside(m.decision, p.job)
      ? null
      : checkPhoto(
          meter,
          p.job,
          m.photos.map((o) => o.job),
          config,
          {
            dateFlags: flags.get(m.keys[p.job.id - 1] ?? -1) ?? [],
            // As a desk checks a read photo's codes (main/billing/assess.ts).
            codeFlag:
              p.job.state === 'done' && p.codes.length > 0
                ? codeMismatch(p.codes, meter.meterId, codes)
                : null,
            // As a desk checks it: a booked exchange's photos over both meters.
            exchange:
              m.decision?.decision.kind === 'exchange'
                ? { oldFinal: m.decision.decision.oldFinal, newStart: m.decision.decision.newStart }
                : null,
          },
          facts,
        );
    p.job.plausibility = checked?.level ?? null;
    checks.set(p.job.id, checked);
  }
  const photos = m.photos.map((p) => toMeterPhoto(p, checks.get(p.job.id) ?? null));
  const outcome = decidedOutcome({ ...meter, decision: m.decision }, photos, config);
  const skip = m.decision?.decision.kind === 'skip' ? m.decision.decision : null;
  const row = meterBillingRow(
    { ...meter, skipCode: skip?.code ?? null, skipNote: skip?.note ?? null },
    outcome,
    [],
  );
  return { state: outcome.state, read: outcome.reading !== null, row, outcome };
}

/**
 * The rows of one route's meters, in the order given. `now`: what a read date in the future is
 * measured against (the office's clock); `config` and `history`: the office's limits and meter
 * history, as a desk's checks take its own; `codes`: which meter of the office each code read on
 * these photos names (none: no photo's code flags it).
 */
export function officeRouteRows(
  meters: readonly OfficeMeterFacts[],
  config: PlausibilityConfig,
  now: Date,
  history: HistoryOfMeter = () => () => null,
  codes: MeterCodeIndex = new Map(),
): OfficeMeterRow[] {
  let next = 0;
  const dated: { id: number; readAt: string; source: 'exif' | 'file_time' }[] = [];
  const prepared = meters.map((facts): Prepared => {
    const photos = photosOf(facts);
    applyReviews(photos, facts.decisions);
    const keys = photos.map((p) => {
      next++;
      // Which dates are the camera's and which a file's the office does not know: both are
      // measured against the route alike (the file-time note is a desk's detail, never a flag).
      if (p.job.state === 'done' && p.job.readAt !== null)
        dated.push({ id: next, readAt: p.job.readAt, source: 'exif' });
      return next;
    });
    return { facts, photos, decision: meterDecision(facts, photos), keys };
  });
  const flags = routeDateFlags(dated, now);
  return prepared.map((m) => rowOf(m, flags, config, history, codes));
}
