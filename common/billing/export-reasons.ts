// The billing export's reasons column in the template's language. English is the CSV's English,
// as meterRow wrote it (row.reasons); another language words every part from its codes: the
// decision's notes, the checks' flags (rule-lines.ts), the checks that could not run, why the
// meter waits, copies of the photo, from its template set (export-note-templates-de.ts). Only the
// clerk's own words (a skip's note) and a rule no template holds are written as they are.
import { fillBraced } from '../fill-template';
import { codeMismatchEnglish } from '../photo-codes';
import type { BillingRow } from './billing-row';
import { EXPORT_NOTES_DE } from './export-note-templates-de';
import type { ExportLanguage } from './export-template';
import type { DecisionNote, OutcomeNote, PhotoSpread } from './outcome-notes';
import { ruleEnglish } from './plausibility-english';
import { CHECKS_OFF } from './plausibility-inputs';
import type { CheckInput } from './plausibility-types';
import { readDateEnglish } from './read-date-checks';
import { exportWording, wordRule, type CheckFlags, type Wording } from './rule-lines';

type Values = Readonly<Record<string, string | number>>;

/** The _one or the _other form, as i18next picks them for a count. */
function plural(one: string, other: string, count: number): string {
  return fillBraced(count === 1 ? one : other, { count });
}

const DE = EXPORT_NOTES_DE;

/** A stored reason MeterDesk no longer knows is written as it was stored. */
function rereadReason(reason: string): string {
  const reasons: Readonly<Record<string, string>> = DE.rereadReason;
  return reasons[reason] ?? reason;
}

export function decisionNoteIn(note: DecisionNote, w: Wording): string {
  switch (note.code) {
    case 'exchanged':
      return fillBraced(DE.decision.exchanged, {
        oldFinal: w.reading(note.params.oldFinal),
        newStart: w.reading(note.params.newStart),
      });
    case 'exchange_booked': {
      const p = note.params;
      return fillBraced(DE.decision.exchange_booked, {
        exchangedAt: w.day(p.exchangedAt),
        oldMeter: p.oldMeter,
        oldFinal: w.reading(p.oldFinal),
        newMeter: p.newMeter,
        serial:
          p.newSerial === ''
            ? ''
            : fillBraced(DE.decision.exchange_serial, { serial: p.newSerial }),
        newStart: w.reading(p.newStart),
      });
    }
    case 'estimated':
      return fillBraced(DE.decision.estimated, {
        avgDailyUse: w.amount(note.params.avgDailyUse),
        days: w.amount(note.params.days),
      });
    case 'estimates_in_a_row':
      return fillBraced(DE.decision.estimates_in_a_row, { count: note.params.count });
    case 'reread_waiting':
    case 'reread_back':
      return fillBraced(DE.decision[note.code], { reason: rereadReason(note.params.reason) });
  }
}

/** Why a reading is not checked, naming the checks that could not run; '' when all could. */
export function uncheckedIn(inputs: readonly CheckInput[]): string {
  if (inputs.length === 0) return '';
  const checks = [...new Set(inputs.flatMap((i) => CHECKS_OFF[i]))];
  return fillBraced(DE.unchecked.line, {
    why: inputs.map((i) => DE.unchecked.inputs[i]).join(', '),
    checks: checks.map((c) => DE.unchecked.checks[c]).join(', '),
  });
}

function spreadIn(spread: PhotoSpread | null, w: Wording): string {
  if (spread === null) return '';
  const parts = [
    spread.folders.length > 1
      ? fillBraced(DE.spread.folders, { folders: spread.folders.join(', ') })
      : '',
    spread.days.length > 1
      ? fillBraced(DE.spread.days, { days: spread.days.map((d) => w.day(d)).join(', ') })
      : '',
  ].filter(Boolean);
  return parts.length === 0 ? '' : `, ${parts.join(DE.spread.and)}`;
}

/** The flagged rules, read-date flags, a swapped photo and the checks that could not run. */
export function checkReasonsIn(check: CheckFlags, w: Wording): string {
  const said = (r: { code: string; params?: Values }, english: string): string => {
    const line = wordRule(r, w);
    return 'worded' in line ? line.worded : english;
  };
  const code = check.codeFlag;
  return [
    code ? said(code, codeMismatchEnglish(code)) : '',
    ...check.flagged.map((r) => said(r, ruleEnglish(r))),
    ...check.dateFlags.map((f) => said(f, readDateEnglish(f))),
    uncheckedIn(check.unchecked ?? []),
  ]
    .filter(Boolean)
    .join(' ');
}

export function outcomeNoteIn(note: OutcomeNote, check: CheckFlags | null, w: Wording): string {
  switch (note.code) {
    case 'skip_note':
      return note.text;
    case 'unread':
      return plural(DE.outcome.unread_one, DE.outcome.unread_other, note.count);
    case 'held':
      return plural(DE.outcome.held_one, DE.outcome.held_other, note.count);
    case 'different_photos':
      return fillBraced(DE.outcome.different_photos, {
        count: note.count,
        where: spreadIn(note.spread, w),
      });
    case 'unchecked':
      return uncheckedIn(note.inputs);
    case 'check':
      return check === null ? DE.outcome.waits_for_review : checkReasonsIn(check, w);
    default:
      return DE.outcome[note.code];
  }
}

/** What the reasons of a photo no meter claims say first. */
export const UNMATCHED_ENGLISH = 'Unmatched photo: no meter of the route sheet.';

/** A row's reasons in the export's language. */
export function reasonsIn(
  row: Pick<BillingRow, 'reasons' | 'reasonParts' | 'unmatched'>,
  lang: ExportLanguage,
): string {
  // An unmatched photo's own reasons are always empty (unmatchedRows): the sentence is all.
  if (row.unmatched)
    return lang === 'en'
      ? [UNMATCHED_ENGLISH, row.reasons].filter(Boolean).join(' ')
      : DE.unmatched;
  const parts = row.reasonParts;
  if (lang === 'en' || parts === undefined) return row.reasons;
  const w = exportWording(lang);
  return [
    ...parts.before.map((n) => decisionNoteIn(n, w)),
    parts.check === null ? '' : checkReasonsIn(parts.check, w),
    ...parts.after.map((n) => outcomeNoteIn(n, parts.check, w)),
    parts.copies > 0 ? plural(DE.copies_one, DE.copies_other, parts.copies) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
