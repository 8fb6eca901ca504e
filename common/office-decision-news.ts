// Another desk's decision as the office recorded it, for this desk to apply (issue 30, items 4 and
// 8: every desk's meter state, field list and route panel follow the office's decision). The office
// side reads these (main/office/store/decision-news.ts), the action layer applies them
// (main/actions/take-office-decisions.ts); neither imports the other.
import type { OfficeDecisionKind } from './ipc/office-review-views';

/** A photo's review as it stands in the office after a decision on that photo. */
export interface OfficePhotoReview {
  readonly action: 'accepted' | 'corrected';
  /** The corrected reading; null for a confirmation. */
  readonly reading: string | null;
}

export interface OfficeDecisionNews {
  /** The office's id of the decision: its order in the office, and this desk's idempotency key. */
  readonly officeId: number;
  readonly kind: OfficeDecisionKind;
  readonly desk: string;
  readonly clerk: string;
  /** The photo decided on (confirm, correct, a photo's undo); null for a meter's decision. */
  readonly sha256: string | null;
  readonly meterNumber: string | null;
  readonly reading: string | null;
  readonly skipCode: string | null;
  /** Details as JSON (an exchange's, a re-read's) or a skip's note. */
  readonly note: string | null;
  /** ISO time the desk that made it says it was made. */
  readonly decidedAt: string;
  /** For a decision on a photo: the photo's review in the office once it is made (null: none). */
  readonly photoReview: OfficePhotoReview | null;
}

/** What taking the office's news did at this desk. */
export interface DecisionsTaken {
  /** Applied to this queue. */
  readonly applied: number;
  /** Taken but nothing to apply here (the meter or photo is not in this queue). */
  readonly notHere: number;
  /** The meters whose state changed here. */
  readonly meters: readonly string[];
}

/** Takes the office's decisions into this desk's queue (QueueActions.takeOfficeDecisions). */
export type TakeOfficeDecisions = (news: readonly OfficeDecisionNews[]) => Promise<DecisionsTaken>;
