// A meter's decision, its notes and the rules' problems in the window's words (the `decisions`
// catalogue), from their codes and params; the CSV and the CLI say the same codes in English
// (common/billing/decision-english.ts). Numbers and dates in the window's language.
import type { TFunction } from 'i18next';
import type { DecisionNote } from '../../common/billing/outcome-notes';
import type { DecisionProblem } from '../../common/billing/decision-rules';
import type { StoredDecision } from '../../common/billing/meter-decision';
import { formatAmount, formatDay, formatReading } from '../i18n/format';
import type { Spoken } from '../i18n/use-lang';

type DecisionsT = TFunction<'decisions'>;
type BillingT = TFunction<'billing'>;

/** The decision that stands, in a line. */
export function decisionLine(
  stored: StoredDecision,
  t: DecisionsT,
  tBilling: BillingT,
  lang: Spoken,
  oldMeter: string,
): string {
  const d = stored.decision;
  switch (d.kind) {
    case 'typed':
      return d.readAt === null
        ? t('current.typedUndated', { reading: formatReading(d.reading, lang) })
        : t('current.typed', {
            reading: formatReading(d.reading, lang),
            date: formatDay(d.readAt, lang),
          });
    case 'skip':
      return (
        t('current.skip', { code: tBilling(`skip.codes.${d.code}`) }) +
        (d.note ? ` (${d.note})` : '')
      );
    case 'exchange':
      if (d.newMeter !== undefined && d.exchangedAt !== undefined)
        return t('current.exchangeBooked', {
          date: formatDay(d.exchangedAt, lang),
          oldMeter: oldMeter,
          newMeter: d.newMeter,
        });
      return t('current.exchange', {
        oldFinal: formatReading(d.oldFinal, lang),
        newStart: formatReading(d.newStart, lang),
      });
    case 'reread':
      return (
        t('current.reread', { reason: t(`reread.reasons.${d.reason}`) }) +
        (d.note ? ` (${d.note})` : '')
      );
    case 'estimate':
      return t('current.estimate', {
        reading: formatReading(d.reading, lang),
        date: formatDay(d.readAt, lang),
      });
  }
}

export function decisionNoteWords(note: DecisionNote, t: DecisionsT, lang: Spoken): string {
  switch (note.code) {
    case 'exchanged':
      return t('notes.exchanged', {
        oldFinal: formatReading(note.params.oldFinal, lang),
        newStart: formatReading(note.params.newStart, lang),
      });
    case 'exchange_booked':
      // The meters and readings stand in the facts beside it (meter-exchange-facts.tsx).
      return t('notes.exchange_booked', { date: formatDay(note.params.exchangedAt, lang) });
    case 'estimated':
      return t('notes.estimated', {
        avg: formatAmount(note.params.avgDailyUse, lang),
        days: formatAmount(note.params.days, lang),
      });
    case 'estimates_in_a_row':
      return t('notes.estimates_in_a_row', { count: note.params.count });
    case 'reread_waiting':
    case 'reread_back':
      return t(`notes.${note.code}`, { reason: rereadReason(note.params.reason, t) });
  }
}

function exchangeReading(which: string | number | undefined, t: DecisionsT): string {
  switch (which) {
    case 'oldFinal':
    case 'newStart':
    case 'reading':
      return t(`problems.exchangeReading.${which}`);
    default:
      return t('problems.exchangeReading.reading');
  }
}

function rereadReason(reason: string, t: DecisionsT): string {
  switch (reason) {
    case 'implausible':
    case 'unreadable':
    case 'wrong_meter':
    case 'other':
      return t(`reread.reasons.${reason}`);
    default:
      return reason;
  }
}

export function decisionProblemWords(
  problem: DecisionProblem,
  t: DecisionsT,
  lang: Spoken,
): string {
  const p = problem.params;
  const reading = (key: string): string =>
    typeof p[key] === 'string' ? formatReading(p[key], lang) : String(p[key] ?? '');
  const day = (key: string): string =>
    typeof p[key] === 'string' ? formatDay(p[key], lang) : String(p[key] ?? '');
  const text = (key: string): string => String(p[key] ?? '');
  switch (problem.code) {
    case 'old_final_below_previous':
      return t('problems.old_final_below_previous', {
        oldFinal: reading('oldFinal'),
        previous: reading('previous'),
      });
    case 'reading_below_new_start':
      return t('problems.reading_below_new_start', {
        reading: reading('reading'),
        newStart: reading('newStart'),
      });
    case 'date_before_previous':
      return t('problems.date_before_previous', {
        readAt: day('readAt'),
        previousReadAt: day('previousReadAt'),
      });
    case 'new_meter_unusable':
      return t('problems.new_meter_unusable', { newMeter: text('newMeter'), max: text('max') });
    case 'new_meter_same':
      return t('problems.new_meter_same', { newMeter: text('newMeter') });
    case 'new_meter_taken':
      return text('route') === ''
        ? t('problems.new_meter_taken', { newMeter: text('newMeter') })
        : t('problems.new_meter_taken_route', {
            newMeter: text('newMeter'),
            route: text('route'),
          });
    case 'exchange_in_future':
      return t('problems.exchange_in_future', {
        exchangedAt: day('exchangedAt'),
        today: day('today'),
      });
    case 'exchange_before_previous':
      return t('problems.exchange_before_previous', {
        exchangedAt: day('exchangedAt'),
        previousReadAt: day('previousReadAt'),
      });
    case 'exchange_after_reading':
      return t('problems.exchange_after_reading', {
        exchangedAt: day('exchangedAt'),
        readAt: day('readAt'),
      });
    case 'exchange_reading_digits':
      return t('problems.exchange_reading_digits', {
        which: exchangeReading(p.which, t),
        reading: reading('reading'),
        digits: text('digits'),
        decimals: text('decimals'),
      });
    default:
      return t(`problems.${problem.code}`);
  }
}
