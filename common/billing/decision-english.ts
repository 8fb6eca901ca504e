// A meter decision's notes and problems in English, for the CSV's reasons, the field list and the
// CLI. The window words the same codes from its catalogue (renderer/billing/decision-words.ts).
import type { SkipCode } from './billing-row';
import type { DecisionNote } from './outcome-notes';
import type { DecisionProblem, DecisionProblemCode } from './decision-rules';
import type { RereadReason } from './meter-decision';
import { fillFrom } from '../fill-template';

export const REREAD_REASON_ENGLISH: Readonly<Record<RereadReason, string>> = {
  implausible: 'the reading does not fit',
  unreadable: 'the photo cannot be read',
  wrong_meter: 'the photo shows another meter',
  other: 'see the note',
};

export const SKIP_ENGLISH: Readonly<Record<SkipCode, string>> = {
  no_access: 'no access',
  locked: 'locked',
  dog: 'dog',
  buried: 'meter buried',
  damaged: 'meter damaged',
  other: 'other',
};

const NOTE_ENGLISH: Readonly<Record<DecisionNote['code'], string>> = {
  exchanged:
    "Meter exchanged: the old meter's final reading {oldFinal}, the new meter's start reading {newStart}.",
  estimated: 'Estimated: {avgDailyUse} a day × {days} days.',
  estimates_in_a_row: 'Estimate {count} in a row: read the meter.',
  reread_waiting: 'Sent for re-read ({reasonText}).',
  reread_back: 'Re-read ({reasonText}).',
};

const PROBLEM_ENGLISH: Readonly<Record<DecisionProblemCode, string>> = {
  note_needed: 'Say in a note why.',
  no_reading: "Type the new meter's reading: this meter has no reading from a photo.",
  old_final_below_previous:
    "The old meter's final reading {oldFinal} is below its previous reading {previous}.",
  reading_below_new_start:
    "The reading {reading} is below the new meter's start reading {newStart}.",
  no_previous: 'No previous reading and date on the route sheet: nothing to estimate from.',
  no_average: 'No average daily use on the route sheet: nothing to estimate from.',
  date_before_previous: 'The date {readAt} is before the previous reading ({previousReadAt}).',
  reread_pending: 'This meter is already on the field list for a re-read.',
  nothing_to_undo: 'Nothing to undo for this meter.',
};

function reasonText(params: Readonly<Record<string, string | number>>): string {
  const reason = REREAD_REASON_ENGLISH[params.reason as RereadReason] as string | undefined;
  return reason ?? String(params.reason);
}

export function decisionNoteEnglish(note: DecisionNote): string {
  const params = { ...note.params, reasonText: reasonText(note.params) };
  return fillFrom(NOTE_ENGLISH[note.code], params);
}

export function decisionProblemEnglish(problem: DecisionProblem): string {
  return fillFrom(PROBLEM_ENGLISH[problem.code], problem.params);
}
