// A flagged plausibility rule worded from its code and params through i18next-style templates
// (rule-templates-en.ts, rule-templates-de.ts): the window passes its catalogue's t() and number
// formats, the billing export a filler over the same templates (ruleInLanguage), so both say a
// rule in one wording per language.
import { fillBraced } from '../fill-template';
import { humanDate } from './calendar';
import type { ExportLanguage } from './export-template';
import { unknownRule } from './plausibility-english';
import type { ReadingCheck } from './reading-check';
import { times } from './plausibility-text';
import { RULE_TEMPLATES_DE } from './rule-templates-de';
import { RULE_TEMPLATES_EN, type RuleTemplateKey } from './rule-templates-en';

type Params = Readonly<Record<string, string | number>>;

/** What wording needs: the templates by key (without "rule."), and the language's numbers. */
/** A template's key as i18next asks for it: a plural's key without its _one/_other. */
export type RuleKey = RuleTemplateKey extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never;

export interface Wording {
  say: (key: RuleKey, values?: Readonly<Record<string, string | number>>) => string;
  amount: (n: number) => string;
  reading: (text: string) => string;
  day: (isoDay: string) => string;
  german: boolean;
}

export type RuleLine = { readonly worded: string } | { readonly quoted: string };

const num = (p: Params, key: string): number | null => {
  const v = p[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** A day among the params, in the window's date format; '' when there is none. */
function dayOf(p: Params, key: string, w: Wording): string {
  const v = p[key];
  return typeof v === 'string' && v !== '' ? w.day(v) : '';
}

/** "6.0x" in English, "6,0" in German (its sentence says "-Fache"). */
function factorText(ratio: number, w: Wording): string {
  const en = times(ratio);
  return w.german ? en.replace(/x$/, '').replace('.', ',') : en;
}

function percentText(value: number, w: Wording): string {
  return `${String(Math.round(value))}${w.german ? ' %' : '%'}`;
}

function highLow(code: string, p: Params, w: Wording): string | null {
  const consumption = num(p, 'consumption');
  const expected = num(p, 'expected');
  const days = num(p, 'days');
  const avg = num(p, 'avgDailyUse');
  const deviation = num(p, 'deviation');
  const limit = num(p, code === 'high' ? 'highPercent' : 'lowPercent');
  if ([consumption, expected, days, avg, deviation, limit].includes(null)) return null;
  const values = {
    consumption: w.amount(consumption ?? 0),
    expected: w.amount(expected ?? 0),
    count: days ?? 0,
    perDay: w.amount(avg ?? 0),
    deviation: percentText(Math.abs(deviation ?? 0), w),
    limit: String(limit),
  };
  const sentence = code === 'high' ? w.say('high', values) : w.say('low', values);
  const basis =
    p.basis === 'seasonal'
      ? w.say('basisSeasonal')
      : p.basis === 'recent'
        ? w.say('basisRecent')
        : '';
  return basis === '' ? sentence : `${sentence} ${basis}`;
}

/** The signals of a meter's history and its account's status (plausibility-history.ts). */
function historySignal(code: string, p: Params, w: Wording): string | null {
  if (code === 'zero.streak') {
    const count = num(p, 'count');
    return count === null ? null : w.say('zeroStreak', { count, since: dayOf(p, 'since', w) });
  }
  if (code === 'zero.vacant_use') {
    const consumption = num(p, 'consumption');
    if (consumption === null) return null;
    const since = dayOf(p, 'since', w);
    const values = { consumption: w.amount(consumption), since };
    return since ? w.say('vacantUseSince', values) : w.say('vacantUse', values);
  }
  const periods = num(p, 'periods');
  const percent = num(p, 'percent');
  if (code !== 'high_low.leak_step' || periods === null || percent === null) return null;
  return w.say('leakStep', { before: periods - 1, percent: percentText(percent, w) });
}

function dailyJump(p: Params, w: Wording): string | null {
  const consumption = num(p, 'consumption');
  if (consumption === null) return null;
  const since = dayOf(p, 'since', w);
  const factor = num(p, 'factor');
  const maxFactor = num(p, 'maxFactor');
  const avg = num(p, 'avgDailyUse');
  if (factor !== null && maxFactor !== null && avg !== null) {
    const values = {
      consumption: w.amount(consumption),
      factor: factorText(factor, w),
      maxFactor: factorText(maxFactor, w),
      avg: w.amount(avg),
      since,
    };
    return since ? w.say('jumpFactorSince', values) : w.say('jumpFactor', values);
  }
  const perDay = num(p, 'perDay');
  const limit = num(p, 'limit');
  if (perDay === null || limit === null) return null;
  const values = {
    consumption: w.amount(consumption),
    perDay: w.amount(perDay),
    limit: w.amount(limit),
    since,
  };
  return since ? w.say('jumpLimitSince', values) : w.say('jumpLimit', values);
}

function negative(p: Params, w: Wording): string | null {
  const below = num(p, 'below');
  const { reading, previous } = p;
  if (below === null || typeof reading !== 'string' || typeof previous !== 'string') return null;
  const values = {
    reading: w.reading(reading),
    previous: w.reading(previous),
    below: w.amount(below),
    date: dayOf(p, 'previousReadAt', w),
  };
  return values.date ? w.say('negativeOf', values) : w.say('negative', values);
}

function zero(p: Params, w: Wording): string {
  const days = num(p, 'days');
  const since = dayOf(p, 'since', w);
  if (days === null) return w.say('zero');
  return since
    ? w.say('zeroDaysSince', { count: days, since })
    : w.say('zeroDays', { count: days });
}

/** The format rules: the reading against the register's digits and decimals. */
function format(code: string, p: Params, w: Wording): string | null {
  const text = typeof p.reading === 'string' ? p.reading : null;
  if (text === null) return null;
  if (code === 'not_a_number') return w.say('notANumber', { reading: text });
  const reading = w.reading(text);
  const whole = num(p, 'whole');
  const digits = num(p, 'digits');
  if (code === 'too_long') {
    const max = num(p, 'max');
    return max === null ? null : w.say('tooLong', { reading, max });
  }
  if (code === 'too_many_decimals') {
    const decimals = num(p, 'decimals');
    const shown = num(p, 'registerDecimals');
    if (decimals === null || shown === null) return null;
    const shows = shown === 0 ? w.say('registerNoDecimals') : String(shown);
    return w.say('tooManyDecimals', { reading, decimals, shows });
  }
  if (whole === null || digits === null) return null;
  if (code === 'too_many_digits') return w.say('tooManyDigits', { reading, whole, digits });
  if (code === 'too_few_digits') {
    const padded = w.reading(text.padStart(text.length + digits - whole, '0'));
    return w.say('tooFewDigits', { reading, whole, digits, padded });
  }
  return null;
}

/** A stamp as the rules say it: its day, and its own clock time (HH:MM) when it has one. */
function stampOf(p: Params, key: string, w: Wording): string {
  const v = p[key];
  if (typeof v !== 'string') return '';
  const day = w.day(v);
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2})/.exec(v)?.[1];
  return time === undefined ? day : `${day} ${time}`;
}

/** The read-date rules and flags (common/billing/plausibility-format.ts, read-date-checks.ts). */
function dates(code: string, p: Params, w: Wording): string | null {
  if (code === 'dates.unreadable') {
    return typeof p.readAt === 'string' ? w.say('datesUnreadable', { readAt: p.readAt }) : null;
  }
  const taken = stampOf(p, 'readAt', w);
  if (taken === '') return null;
  if (code === 'dates.previous_after_read') {
    const previous = dayOf(p, 'previousReadAt', w);
    const read = dayOf(p, 'readAt', w);
    return previous ? w.say('previousAfterRead', { previous, read }) : null;
  }
  if (code === 'read_date.future') return w.say('readDateFuture', { taken });
  const days = num(p, 'days');
  const around = dayOf(p, 'median', w);
  if (code !== 'read_date.far_from_route' || days === null || around === '') return null;
  const values = { taken, around, count: Math.abs(days) };
  return days > 0 ? w.say('readDateAfter', values) : w.say('readDateBefore', values);
}

/** The misread signatures (common/billing/plausibility-misread.ts). */
function misread(code: string, p: Params, w: Wording): string | null {
  const consumption = num(p, 'consumption');
  const expected = num(p, 'expected');
  const reading = p.reading;
  if (consumption === null || expected === null || typeof reading !== 'string') return null;
  const values = {
    consumption: w.amount(consumption),
    expected: w.amount(expected),
    reading: w.reading(reading),
  };
  if (code === 'misread.rolling_digit' && typeof p.likely === 'string')
    return w.say('misreadRolling', { ...values, likely: w.reading(p.likely) });
  const position = num(p, 'position');
  if (typeof p.expectedReading !== 'string' || position === null) return null;
  return w.say('misreadDigit', { ...values, expectedReading: p.expectedReading, position });
}

/** A swapped photo: the code on it names another meter of the route (common/photo-codes.ts). */
function otherMeter(p: Params, w: Wording): string | null {
  const { code, matched, named } = p;
  if (typeof code !== 'string' || typeof matched !== 'string' || typeof named !== 'string')
    return null;
  return w.say('codeNamesOtherMeter', { code, matched, named });
}

/** A flagged rule worded from its code and params; null when no template fits them. */
export function wordRule(r: { code: string; params?: Params }, w: Wording): RuleLine {
  const p = r.params ?? {};
  let worded: string | null = null;
  if (r.code === 'high_low.high') worded = highLow('high', p, w);
  else if (r.code === 'high_low.low') worded = highLow('low', p, w);
  else if (r.code === 'daily_jump.exceeded') worded = dailyJump(p, w);
  else if (r.code === 'negative.consumption') worded = negative(p, w);
  else if (r.code === 'negative.previous_invalid' && typeof p.previous === 'string')
    worded = w.say('previousInvalid', { previous: p.previous });
  else if (r.code === 'zero.consumption') worded = zero(p, w);
  else if (
    r.code === 'zero.streak' ||
    r.code === 'zero.vacant_use' ||
    r.code === 'high_low.leak_step'
  )
    worded = historySignal(r.code, p, w);
  else if (r.code === 'misread.rolling_digit' || r.code === 'misread.one_digit')
    worded = misread(r.code, p, w);
  else if (r.code.startsWith('format.')) worded = format(r.code.slice('format.'.length), p, w);
  else if (r.code.startsWith('dates.') || r.code.startsWith('read_date.'))
    worded = dates(r.code, p, w);
  else if (r.code === 'codeNamesOtherMeter') worded = otherMeter(p, w);
  return worded === null ? { quoted: unknownRule(r.code, p) } : { worded };
}

const TEMPLATES: Readonly<Record<ExportLanguage, Readonly<Record<string, string>>>> = {
  en: RULE_TEMPLATES_EN,
  de: RULE_TEMPLATES_DE,
};

/** A template filled as i18next fills it: a numeric count picks the key's _one or _other form. */
function fillRule(
  templates: Readonly<Record<string, string>>,
  key: RuleKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const count = values.count;
  const plural = typeof count === 'number' ? `${key}_${count === 1 ? 'one' : 'other'}` : key;
  const template = templates[plural] ?? templates[key] ?? key;
  return fillBraced(template, values);
}

const localeOf = (lang: ExportLanguage): string => (lang === 'de' ? 'de-DE' : 'en-GB');

/** The wording an export in `lang` uses: its templates, its decimal mark, its dates. */
export function exportWording(lang: ExportLanguage): Wording {
  const numbers = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 3 });
  const days = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    say: (key, values) => fillRule(TEMPLATES[lang], key, values),
    amount: (n) => numbers.format(n),
    reading: (text) => (lang === 'de' ? text.replace('.', ',') : text),
    day: (isoDay) => {
      const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
      if (!y || !m || !d) return isoDay;
      const parts = { year: y, month: m, day: d };
      return lang === 'de' ? days.format(Date.UTC(y, m - 1, d)) : humanDate(parts);
    },
    german: lang === 'de',
  };
}

/** What of a reading's check its reasons are worded from. */
export type CheckFlags = Pick<ReadingCheck, 'flagged' | 'dateFlags'> &
  Pick<Partial<ReadingCheck>, 'unchecked' | 'codeFlag'>;
