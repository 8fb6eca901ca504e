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
  exchange_booked:
    'Meter exchanged on {exchangedAt}: old meter {oldMeter} removed at {oldFinal}, new meter {newMeter}{serialText} installed at {newStart}.',
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
  new_meter_needed: "Type the new meter's number.",
  new_meter_unusable:
    'The new meter number "{newMeter}" cannot be used: at most {max} characters, no line breaks or tabs, no spaces at either end.',
  new_meter_same:
    "The new meter number {newMeter} is the old meter's: type the number of the meter installed.",
  new_meter_taken:
    'The new meter number {newMeter} is already another meter on the route sheets{routeText}.',
  exchange_day_needed: 'Give the day the meter was exchanged.',
  exchange_in_future: 'The exchange day {exchangedAt} is after today ({today}).',
  exchange_before_previous:
    'The exchange day {exchangedAt} is before the previous reading ({previousReadAt}).',
  exchange_after_reading:
    "The exchange day {exchangedAt} is after this period's reading ({readAt}): that reading is the old meter's.",
  exchange_reading_digits:
    'The {whichText} {reading} does not fit the register: at most {digits} digits and {decimals} decimals.',
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
  const serial = 'newSerial' in note.params ? note.params.newSerial : '';
  const params = {
    ...note.params,
    reasonText: reasonText(note.params),
    serialText: serial === '' ? '' : ` (serial ${serial})`,
  };
  return fillFrom(NOTE_ENGLISH[note.code], params);
}

const EXCHANGE_READING_ENGLISH: Readonly<Record<string, string>> = {
  oldFinal: "old meter's removal reading",
  newStart: "new meter's installation reading",
  reading: "new meter's reading",
};

export function decisionProblemEnglish(problem: DecisionProblem): string {
  const p = problem.params;
  const route = typeof p.route === 'string' && p.route !== '' ? ` (route ${p.route})` : '';
  const which = EXCHANGE_READING_ENGLISH[String(p.which)] ?? 'reading';
  return fillFrom(PROBLEM_ENGLISH[problem.code], { ...p, routeText: route, whichText: which });
}
