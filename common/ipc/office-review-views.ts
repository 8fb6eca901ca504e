// Review between clerks in the window (issue 23; docs/office.md): what the window sees of a meter
// in the office (who reviews it and until when, the version an edit names, its history of
// decisions) and the calls that show, re-read and walk. Times are milliseconds since the epoch on
// the backend's clock; a decision's kind is the office's word (publish.ts), worded by the window.
import { z } from 'zod';
import type { JobRecord } from '../job-record';
import { meterId } from './billing-schemas';

/** What the office records a decision as (main/office/store/publish.ts DECISION_KINDS). */
export const OFFICE_DECISION_KINDS = [
  'confirm',
  'correct',
  'type',
  'skip',
  'exchange',
  'reread',
  'estimate',
  'undo',
] as const;
export type OfficeDecisionKind = (typeof OFFICE_DECISION_KINDS)[number];

export interface OfficeReviewer {
  readonly desk: string;
  readonly clerk: string;
  readonly leaseUntil: number;
  /** This desk holds it (the clerk at this window). */
  readonly mine: boolean;
}

export interface OfficeHistoryEntry {
  readonly kind: OfficeDecisionKind;
  readonly clerk: string;
  readonly desk: string;
  readonly reading: string | null;
  readonly skipCode: string | null;
  readonly decidedAt: number;
}

export type OfficeMeterView =
  /** No office is in use (or its desk has not started): the window shows nothing of it. */
  | { readonly state: 'none' }
  /** The office did not answer in time: shown as "not reachable", edits are queued as alone. */
  | { readonly state: 'away' }
  /** The office has no meter with this number (or has it on two routes). */
  | { readonly state: 'unknown' }
  | {
      readonly state: 'shown';
      readonly meterId: string;
      /** The meter's version as read: a decision names it, and is refused when it moved on. */
      readonly version: number;
      readonly reviewer: OfficeReviewer | null;
      /** The office's standing decision when another desk made it. */
      readonly decidedElsewhere: OfficeHistoryEntry | null;
      /** Oldest first, undo included. */
      readonly history: readonly OfficeHistoryEntry[];
      /**
       * The meter's photos read at other desks (newest first): their photos may not be at this
       * desk, the office's reading of them is.
       */
      readonly readElsewhere: readonly OfficeReadElsewhere[];
    };

/** A photo of the meter another desk read, as the office holds its reading. */
export interface OfficeReadElsewhere {
  readonly desk: string;
  readonly fileName: string;
  readonly reading: string;
  /** The photo's own date (ISO); null when its desk had none. */
  readonly readAt: string | null;
}

/** Who changed a meter since the clerk saw it, and what: why the clerk's decision was refused. */
export interface OfficeChangedBy {
  readonly clerk: string;
  readonly desk: string;
  /** null: the meter changed without a decision (a reading published, a route sheet loaded). */
  readonly kind: OfficeDecisionKind | null;
  readonly reading: string | null;
  readonly at: number;
  /**
   * Not null: nothing changed yet, the clerk at `desk` holds the meter's review lease until then
   * (ms, this desk's clock), and no other clerk's decision is taken meanwhile.
   */
  readonly until: number | null;
}

/**
 * A photo's review (confirm, correct) or its undo: the row after it, or (office mode) another
 * clerk changed the photo's meter since this one saw it, and nothing was saved.
 */
export type ReviewAnswer =
  | { readonly done: true; readonly job: JobRecord }
  | { readonly done: false; readonly changedBy: OfficeChangedBy };

/** Office mode: the meter's office version the clerk saw; the office refuses a newer one's. */
export const officeVersion = z
  .int()
  .min(1)
  .max(2 ** 31 - 1)
  .optional();

/** Walking review's next meter in office mode: the first of these another clerk does not have. */
export interface OfficeNext {
  /** false: no office in use or not reachable; the window walks as it would alone. */
  readonly inOffice: boolean;
  /** The meter now leased to this desk; null when every one is another clerk's. */
  readonly meterId: string | null;
}

/** An office call waits at most this long: the office answers in milliseconds or is away. */
export const OFFICE_REVIEW_DEADLINE_MS = 10_000;

export const officeShowRequest = z.strictObject({ meterId: meterId.nullable() });
/** Asking the clerk who reviews this meter to hand it over; handing it over to who asked. */
export const officeAskHandoverRequest = z.strictObject({ meterId });
export const officeHandOverRequest = z.strictObject({
  meterId,
  desk: z.string().min(1).max(200),
  clerk: z.string().min(1).max(200),
});

/** Asked: the holder was told (null: nobody else holds the meter now; the window reads it again). */
export interface OfficeHandoverAsked {
  readonly holder: OfficeReviewer | null;
}

/** Another clerk asks the clerk at this window to hand the meter over (a push). */
export interface OfficeHandoverAsk {
  readonly meterNumber: string;
  readonly desk: string;
  readonly clerk: string;
}
export const officeWalkRequest = z.strictObject({ meterIds: z.array(meterId).max(5000) });
