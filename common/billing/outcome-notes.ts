// Why a meter's billing record says what it does, as codes with their params: what a decision adds
// and why a meter is flagged or missing. The English, the export's other languages and the window
// word them from the code. A leaf: the outcome modules and the export row all share these types.
import type { CheckInput } from './plausibility-types';

/** What a decision adds to a meter's record: said by the edges from the code (decision-english). */
export type DecisionNote =
  | { readonly code: 'exchanged'; readonly params: { oldFinal: string; newStart: string } }
  /** An exchange booked as billing books it: both meters, both readings and the day. */
  | {
      readonly code: 'exchange_booked';
      readonly params: {
        oldMeter: string;
        oldFinal: string;
        newMeter: string;
        /** '' when billing keeps none. */
        newSerial: string;
        newStart: string;
        exchangedAt: string;
      };
    }
  | { readonly code: 'estimated'; readonly params: { avgDailyUse: number; days: number } }
  | { readonly code: 'estimates_in_a_row'; readonly params: { count: number } }
  | { readonly code: 'reread_waiting'; readonly params: { reason: string } }
  | { readonly code: 'reread_back'; readonly params: { reason: string } };

/**
 * Why a meter is flagged or missing, as a code with its params: `note` says it in English, an
 * export in another language words it from its templates (export-reasons.ts). `skip_note` is the
 * clerk's own words and `check` the check's reasons, worded from their codes where they are.
 */
export type OutcomeNote =
  | { readonly code: 'skip_note'; readonly text: string }
  | { readonly code: 'being_read' }
  | { readonly code: 'unread'; readonly count: number }
  | { readonly code: 'held'; readonly count: number }
  | { readonly code: 'no_photo' }
  | {
      readonly code: 'different_photos';
      readonly count: number;
      readonly spread: PhotoSpread | null;
    }
  | { readonly code: 'unchecked'; readonly inputs: readonly CheckInput[] }
  | { readonly code: 'check' }
  | { readonly code: 'waits_for_review' };

/** Where and when a meter's different photos were taken, when that is more than one of either. */
export interface PhotoSpread {
  /** The folders, by their last name ("Tour 3"), or in full where two share it. */
  folders: string[];
  /** yyyy-mm-dd, oldest first. */
  days: string[];
}
