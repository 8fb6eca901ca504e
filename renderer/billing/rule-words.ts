// A flagged plausibility rule in the window's language. The rules (common/billing) give a code and
// numbers, nothing more; the window words the rules a clerk sees flagged from those, as the CSV's
// English does (plausibility-english.ts). A code not worded here is shown quoted with its params.
import type { TFunction } from 'i18next';
import { unknownRule } from '../../common/billing/plausibility-english';
import { CHECKS_OFF, type CheckInput } from '../../common/billing/plausibility-inputs';
import type { RuleName } from '../../common/billing/plausibility-types';
import { times } from '../../common/billing/plausibility-text';
import type { ReadDateNote } from '../../common/billing/read-date-notes';
import { formatAmount, formatDay, formatReading } from '../i18n/format';
import type { Spoken } from '../i18n/use-lang';

type BillingT = TFunction<'billing'>;
type Params = Readonly<Record<string, string | number>>;

export type RuleLine = { readonly worded: string } | { readonly quoted: string };

const num = (p: Params, key: string): number | null => {
  const v = p[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** "6.0x" in English, "6,0" in German (its sentence says "-Fache"). */
/** A day among the params, in the window's date format; '' when there is none. */
function dayOf(p: Params, key: string, lang: Spoken): string {
  const v = p[key];
  return typeof v === 'string' && v !== '' ? formatDay(v, lang) : '';
}

function factorText(ratio: number, lang: Spoken): string {
  const en = times(ratio);
  return lang === 'de' ? en.replace(/x$/, '').replace('.', ',') : en;
}

function percentText(value: number, lang: Spoken): string {
  return `${String(Math.round(value))}${lang === 'de' ? ' %' : '%'}`;
}

function highLow(code: string, p: Params, t: BillingT, lang: Spoken): string | null {
  const consumption = num(p, 'consumption');
  const expected = num(p, 'expected');
  const days = num(p, 'days');
  const avg = num(p, 'avgDailyUse');
  const deviation = num(p, 'deviation');
  const limit = num(p, code === 'high' ? 'highPercent' : 'lowPercent');
  if ([consumption, expected, days, avg, deviation, limit].includes(null)) return null;
  const values = {
    consumption: formatAmount(consumption ?? 0, lang),
    expected: formatAmount(expected ?? 0, lang),
    count: days ?? 0,
    perDay: formatAmount(avg ?? 0, lang),
    deviation: percentText(Math.abs(deviation ?? 0), lang),
    limit: String(limit),
  };
  return code === 'high' ? t('rule.high', values) : t('rule.low', values);
}

function dailyJump(p: Params, t: BillingT, lang: Spoken): string | null {
  const consumption = num(p, 'consumption');
  if (consumption === null) return null;
  const since = dayOf(p, 'since', lang);
  const factor = num(p, 'factor');
  const maxFactor = num(p, 'maxFactor');
  const avg = num(p, 'avgDailyUse');
  if (factor !== null && maxFactor !== null && avg !== null) {
    const values = {
      consumption: formatAmount(consumption, lang),
      factor: factorText(factor, lang),
      maxFactor: factorText(maxFactor, lang),
      avg: formatAmount(avg, lang),
      since,
    };
    return since ? t('rule.jumpFactorSince', values) : t('rule.jumpFactor', values);
  }
  const perDay = num(p, 'perDay');
  const limit = num(p, 'limit');
  if (perDay === null || limit === null) return null;
  const values = {
    consumption: formatAmount(consumption, lang),
    perDay: formatAmount(perDay, lang),
    limit: formatAmount(limit, lang),
    since,
  };
  return since ? t('rule.jumpLimitSince', values) : t('rule.jumpLimit', values);
}

function negative(p: Params, t: BillingT, lang: Spoken): string | null {
  const below = num(p, 'below');
  const { reading, previous } = p;
  if (below === null || typeof reading !== 'string' || typeof previous !== 'string') return null;
  const values = {
    reading: formatReading(reading, lang),
    previous: formatReading(previous, lang),
    below: formatAmount(below, lang),
    date: dayOf(p, 'previousReadAt', lang),
  };
  return values.date ? t('rule.negativeOf', values) : t('rule.negative', values);
}

function zero(p: Params, t: BillingT, lang: Spoken): string {
  const days = num(p, 'days');
  const since = dayOf(p, 'since', lang);
  if (days === null) return t('rule.zero');
  return since
    ? t('rule.zeroDaysSince', { count: days, since })
    : t('rule.zeroDays', { count: days });
}

/** The format rules: the reading against the register's digits and decimals. */
function format(code: string, p: Params, t: BillingT, lang: Spoken): string | null {
  const text = typeof p.reading === 'string' ? p.reading : null;
  if (text === null) return null;
  if (code === 'not_a_number') return t('rule.notANumber', { reading: text });
  const reading = formatReading(text, lang);
  const whole = num(p, 'whole');
  const digits = num(p, 'digits');
  if (code === 'too_long') {
    const max = num(p, 'max');
    return max === null ? null : t('rule.tooLong', { reading, max });
  }
  if (code === 'too_many_decimals') {
    const decimals = num(p, 'decimals');
    const shown = num(p, 'registerDecimals');
    if (decimals === null || shown === null) return null;
    const shows = shown === 0 ? t('rule.registerNoDecimals') : String(shown);
    return t('rule.tooManyDecimals', { reading, decimals, shows });
  }
  if (whole === null || digits === null) return null;
  if (code === 'too_many_digits') return t('rule.tooManyDigits', { reading, whole, digits });
  if (code === 'too_few_digits') {
    const padded = formatReading(text.padStart(text.length + digits - whole, '0'), lang);
    return t('rule.tooFewDigits', { reading, whole, digits, padded });
  }
  return null;
}

/** A stamp as the rules say it: its day, and its own clock time (HH:MM) when it has one. */
function stampOf(p: Params, key: string, lang: Spoken): string {
  const v = p[key];
  if (typeof v !== 'string') return '';
  const day = formatDay(v, lang);
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2})/.exec(v)?.[1];
  return time === undefined ? day : `${day} ${time}`;
}

/** The read-date rules and flags (common/billing/plausibility-format.ts, read-date-checks.ts). */
function dates(code: string, p: Params, t: BillingT, lang: Spoken): string | null {
  if (code === 'dates.unreadable') {
    return typeof p.readAt === 'string' ? t('rule.datesUnreadable', { readAt: p.readAt }) : null;
  }
  const taken = stampOf(p, 'readAt', lang);
  if (taken === '') return null;
  if (code === 'dates.previous_after_read') {
    const previous = dayOf(p, 'previousReadAt', lang);
    const read = dayOf(p, 'readAt', lang);
    return previous ? t('rule.previousAfterRead', { previous, read }) : null;
  }
  if (code === 'read_date.future') return t('rule.readDateFuture', { taken });
  const days = num(p, 'days');
  const around = dayOf(p, 'median', lang);
  if (code !== 'read_date.far_from_route' || days === null || around === '') return null;
  const values = { taken, around, count: Math.abs(days) };
  return days > 0 ? t('rule.readDateAfter', values) : t('rule.readDateBefore', values);
}

/** The misread signatures (common/billing/plausibility-misread.ts). */
function misread(code: string, p: Params, t: BillingT, lang: Spoken): string | null {
  const consumption = num(p, 'consumption');
  const expected = num(p, 'expected');
  const reading = p.reading;
  if (consumption === null || expected === null || typeof reading !== 'string') return null;
  const values = {
    consumption: formatAmount(consumption, lang),
    expected: formatAmount(expected, lang),
    reading: formatReading(reading, lang),
  };
  if (code === 'misread.rolling_digit' && typeof p.likely === 'string')
    return t('rule.misreadRolling', { ...values, likely: formatReading(p.likely, lang) });
  const position = num(p, 'position');
  if (typeof p.expectedReading !== 'string' || position === null) return null;
  return t('rule.misreadDigit', { ...values, expectedReading: p.expectedReading, position });
}

export function ruleLine(
  r: { code: string; params?: Params },
  t: BillingT,
  lang: Spoken,
): RuleLine {
  const p = r.params ?? {};
  let worded: string | null = null;
  if (r.code === 'high_low.high') worded = highLow('high', p, t, lang);
  else if (r.code === 'high_low.low') worded = highLow('low', p, t, lang);
  else if (r.code === 'daily_jump.exceeded') worded = dailyJump(p, t, lang);
  else if (r.code === 'negative.consumption') worded = negative(p, t, lang);
  else if (r.code === 'negative.previous_invalid' && typeof p.previous === 'string')
    worded = t('rule.previousInvalid', { previous: p.previous });
  else if (r.code === 'zero.consumption') worded = zero(p, t, lang);
  else if (r.code === 'misread.rolling_digit' || r.code === 'misread.one_digit')
    worded = misread(r.code, p, t, lang);
  else if (r.code.startsWith('format.'))
    worded = format(r.code.slice('format.'.length), p, t, lang);
  else if (r.code.startsWith('dates.') || r.code.startsWith('read_date.'))
    worded = dates(r.code, p, t, lang);
  return worded === null ? { quoted: unknownRule(r.code, p) } : { worded };
}

/**
 * Why a photo's read date is less than certain (ReadingCheck.dateNote, JobRecord.readAtNote), worded
 * from its code and parameters; words MeterDesk did not write (`quoted`) as written.
 */
export function dateNoteLine(note: ReadDateNote, t: BillingT): RuleLine {
  switch (note.code) {
    case 'noTimeZone':
      return { worded: t('dateNote.noTimeZone') };
    case 'fileTime': {
      const why = t(`dateNote.why.${note.params.why}`, { detail: note.params.detail });
      return { worded: t('dateNote.fileTime', { why }) };
    }
    case 'quoted':
      return { quoted: note.params.text };
  }
}

/** The checks named in the window's language, joined ("high/low, daily jump"). */
export function ruleNames(rules: readonly RuleName[], t: BillingT): string {
  return rules.map((r) => t(`ruleNames.${r}`)).join(', ');
}

/** Why a reading is not checked, naming the checks that could not run; null when all could. */
export function uncheckedLine(inputs: readonly CheckInput[], t: BillingT): string | null {
  if (inputs.length === 0) return null;
  const rules = [...new Set(inputs.flatMap((i) => CHECKS_OFF[i]))];
  const why = inputs.map((i) => t(`unchecked.inputs.${i}`)).join(', ');
  return t('unchecked.line', { why, checks: ruleNames(rules, t) });
}

/** A meter's different photos from several folders or days, named (PhotoSpread). */
export function spreadLine(
  spread: { folders: readonly string[]; days: readonly string[] },
  t: BillingT,
  lang: Spoken,
): string {
  const parts = [
    spread.folders.length > 1 ? t('spread.folders', { folders: spread.folders.join(', ') }) : '',
    spread.days.length > 1
      ? t('spread.days', { days: spread.days.map((d) => formatDay(d, lang)).join(', ') })
      : '',
  ].filter(Boolean);
  return t('spread.line', { where: parts.join(t('spread.and')) });
}
