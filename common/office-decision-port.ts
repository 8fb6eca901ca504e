// The port through which the action layer asks the office first (issue 30, item 5: the actions,
// not the window's backend, are where a decision meets the office). The actions declare it (as the
// engine declares its claim port, claim-port.ts), main/office implements it (office-first.ts);
// without an office in use the action layer has none and decides alone.
import type { HistoryReading } from './billing/history-types';
import type { PlausibilityProfile } from './billing/plausibility-profiles';
import type { OfficeChangedBy, OfficeDecisionKind } from './ipc/office-review-views';

/** What the office is asked to record (the rest of what is published, DeskDecision, follows). */
export interface AskedDecision {
  readonly kind: OfficeDecisionKind;
  readonly reading?: string | null;
  readonly skipCode?: string | null;
  readonly note?: string | null;
}

/** A decision to make in the office before it is written here. */
export interface OfficeAsk {
  /** The meter by the number this desk knows it by (the office's meter of that number). */
  readonly meterNumber: string;
  readonly decision: AskedDecision;
  /**
   * The meter's office version the clerk saw; undefined: none was seen, and the office refuses
   * with the meter's last change rather than decide over a change the clerk did not see.
   */
  readonly seenVersion: number | undefined;
  /** A photo's review: the photo, so the office knows which one was reviewed. */
  readonly sha256: string | null;
}

/**
 * The office's answer: made there (under its key), refused (who changed the meter, or who holds
 * its lease, and nothing is written here), or made at this desk alone. Alone with a key: the office
 * was asked under it and did not answer in time, so the outbox entry keeps that key; should the
 * office have made it after all, publishing it is a no-op.
 */
export type OfficeFirst =
  | { readonly kind: 'accepted'; readonly key: string }
  | { readonly kind: 'refused'; readonly changedBy: OfficeChangedBy }
  | { readonly kind: 'alone'; readonly key?: string };

export interface OfficeDecisionPort {
  decideFirst(ask: OfficeAsk): Promise<OfficeFirst>;
  /**
   * Makes a plausibility profile the office's (issue 33: the office judges with one set of
   * limits, every desk and the office export alike): 'office' when the office took it, 'alone'
   * when no office is in use or it did not answer in time (the desk's own setting changes only).
   */
  chooseProfile?(profile: PlausibilityProfile): Promise<'office' | 'alone'>;
  /**
   * Adds readings to the office's meter history (issue 33: in office mode history is the
   * office's): per row what became of it, or null when no office is in use (the queue's alone).
   */
  keepHistory?(
    rows: readonly OfficeHistoryRow[],
    source: 'import' | 'export',
  ): Promise<OfficeHistoryOutcome[] | null>;
}

/** A meter's reading for the history, by the meter's number. */
export interface OfficeHistoryRow extends HistoryReading {
  readonly meterId: string;
}

/** What the office did with a history row: added, already there, or another reading there. */
export type OfficeHistoryOutcome =
  { kind: 'added' } | { kind: 'same' } | { kind: 'conflict'; stored: string };

/** The key the queue writes the decision under: the office's, when it was asked. */
export const keyOf = (first: OfficeFirst): string | undefined =>
  first.kind === 'refused' ? undefined : first.key;

/** A decision the office refused: nothing was written at this desk. */
export interface RefusedInOffice {
  readonly ok: false;
  readonly changedBy: OfficeChangedBy;
}
