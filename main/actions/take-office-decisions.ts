// Another desk's decisions into this queue (issue 30, items 4 and 8): each one the office recorded
// is applied here as a decision made at that desk (its name kept on the meter's decision), in the
// office's order, once (office-decisions-taken.ts marks it in the same transaction), and never
// kept for the office (it is the office's already: no outbox entry, never published again). The
// office has ruled on it, so this desk's rules are asked only for what an older desk's decision
// leaves out: a typed reading's day and an estimate's reading, computed here from the same sheet. An undo
// follows the one undo rule: the meter's newest decision is taken back, the one before stands.
import { SKIP_CODES } from '../../common/billing/billing-row';
import { parseDecision, type MeterDecision } from '../../common/billing/meter-decision';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import type { DecisionsTaken, OfficeDecisionNews } from '../../common/office-decision-news';
import { checkMeterDecision, undoMeterDecision } from '../billing/meter-decisions';
import { officeDecisionsTakenOf } from '../store/office-decisions-taken';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';

/** The photos of this queue finished with this content. */
type FinishedPhotos = (sha256: string) => readonly number[];

/**
 * Takes the office's news in the office's order, each once; what changed here (the meters whose
 * decision moved, the photos whose review did), for the checks and the engine to follow.
 */
export function takeOfficeDecisions(
  store: Store,
  clock: Clock,
  news: readonly OfficeDecisionNews[],
): DecisionsTaken & { jobIds: number[] } {
  const taken = officeDecisionsTakenOf(store.db, clock);
  const finished: FinishedPhotos = (sha256) => taken.finishedPhotos(sha256);
  const meters = new Set<string>();
  const jobIds: number[] = [];
  let applied = 0;
  let notHere = 0;
  for (const n of [...news].sort((a, b) => a.officeId - b.officeId)) {
    const here: { moved: AppliedHere | null } = { moved: null };
    const outcome = taken.take(n.officeId, n.desk, () => {
      here.moved = applyOfficeDecision(store, n, clock.now(), finished);
      return here.moved !== null;
    });
    if (outcome === 'not here') notHere++;
    const { moved } = here;
    if (outcome !== 'applied' || moved === null) continue;
    applied++;
    const { meterId, jobIds: ids } = moved;
    if (meterId !== null) meters.add(meterId);
    jobIds.push(...ids);
  }
  return { applied, notHere, meters: [...meters], jobIds };
}

/** What applying one decision changed here: the meter, or the photos, it moved. */
export interface AppliedHere {
  meterId: string | null;
  jobIds: number[];
}

/** Applies one decision; null when it changes nothing here (not this queue's meter or photo). */
export function applyOfficeDecision(
  store: Store,
  news: OfficeDecisionNews,
  nowMs: number,
  finished: FinishedPhotos,
): AppliedHere | null {
  if (news.sha256 !== null) return applyPhotoReview(store, news, finished);
  const meter = news.meterNumber === null ? undefined : store.meters.get(news.meterNumber);
  if (!meter) return null;
  const meterId = meter.meterId;
  if (news.kind === 'undo') {
    return undoMeterDecision(store, meterId)?.ok === true ? { meterId, jobIds: [] } : null;
  }
  const decision = meterDecisionOf(store, meterId, news, nowMs);
  if (decision === null) return null;
  store.decisions.add(meterId, decision, { desk: news.desk, madeAt: news.decidedAt });
  return { meterId, jobIds: [] };
}

/** The office's details as data (JSON text), or none. */
function detailsOf(note: string | null): Record<string, unknown> {
  if (note === null) return {};
  try {
    const parsed: unknown = JSON.parse(note);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...parsed }
      : {};
  } catch {
    return {};
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The decision as this queue keeps it. What the office holds in full is taken as it is (the desk
 * that made it ruled on it): a typed reading with its day and customer mark, an estimate. From an
 * older desk, which published neither, they are this desk's rules' from the same sheet. Null: the
 * office's row lacks what the queue needs (an estimate this sheet cannot compute).
 */
function meterDecisionOf(
  store: Store,
  meterId: string,
  news: OfficeDecisionNews,
  nowMs: number,
): MeterDecision | null {
  const details = detailsOf(news.note);
  const ruled = (request: DecisionRequest): MeterDecision | null => {
    const decided = checkMeterDecision(store, meterId, request, nowMs);
    return decided?.ok === true ? decided.decision : null;
  };
  switch (news.kind) {
    case 'type': {
      if (news.reading === null) return null;
      // The deciding desk's read day and customer mark (older desks published neither).
      const readAt = text(details.readAt);
      return ruled({
        kind: 'typed',
        reading: news.reading,
        ...(readAt !== null && { readAt }),
        ...(details.byCustomer === true && { byCustomer: true }),
      });
    }
    case 'skip': {
      const code = SKIP_CODES.find((c) => c === news.skipCode);
      return code === undefined ? null : { kind: 'skip', code, note: news.note };
    }
    case 'exchange':
      return parseDecision(
        'exchange',
        // An older desk's exchange has no new meter or day: taken as it was (both stay absent).
        JSON.stringify({
          oldFinal: details.oldFinal,
          newStart: details.newStart,
          reading: news.reading,
          newMeter: details.newMeter,
          newSerial: details.newSerial,
          exchangedAt: details.exchangedAt,
        }),
      );
    case 'reread':
      // The photos added here after the office's news are the re-read's, as at the deciding desk.
      return parseDecision(
        'reread',
        JSON.stringify({
          reason: text(details.reason) ?? 'other',
          note: text(details.note),
          afterJobId: store.decisions.lastJobId(),
          photoJobId: null,
        }),
      );
    case 'estimate':
      // As the deciding desk made it; an older desk published none of it: computed here.
      return (
        parseDecision('estimate', JSON.stringify({ ...details, reading: news.reading })) ??
        ruled({ kind: 'estimate' })
      );
    default:
      return null;
  }
}

/**
 * A photo's review: every finished copy of the photo in this queue takes the review the office
 * holds for it now (a confirm, a correction, or none after an undo, when it asks for review again).
 */
function applyPhotoReview(
  store: Store,
  news: OfficeDecisionNews,
  finished: FinishedPhotos,
): AppliedHere | null {
  if (!['confirm', 'correct', 'undo'].includes(news.kind) || news.sha256 === null) return null;
  const target = news.photoReview;
  const moved: number[] = [];
  for (const id of finished(news.sha256)) {
    const job = store.jobs.get(id);
    if (!job) continue;
    if (
      job.reviewAction === (target?.action ?? null) &&
      job.reviewedReading === (target?.reading ?? null)
    )
      continue;
    const done =
      target !== null
        ? store.jobs.review(id, target.action, target.reading, news.desk)
        : job.reviewAction !== null &&
          job.reviewedAt !== null &&
          store.jobs.undoReview(
            id,
            job.reviewAction === 'accepted'
              ? { action: 'accepted', reading: null, reviewedAt: job.reviewedAt }
              : {
                  action: 'corrected',
                  reading: job.reviewedReading ?? '',
                  reviewedAt: job.reviewedAt,
                },
            { action: null, reading: null, reviewedAt: null },
            news.desk,
          );
    if (done) moved.push(id);
  }
  return moved.length > 0 ? { meterId: null, jobIds: moved } : null;
}
