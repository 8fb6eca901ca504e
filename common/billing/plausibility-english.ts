// The plausibility rules' results in English, from their code and params alone: what the CSV's
// reasons column, the CLI and the log say. The rules keep no sentence, so a stored result is
// worded by today's templates; the window words the same codes from its own catalogue.
import { codeMismatchEnglish } from '../photo-codes';
import { humanDateOf } from './calendar';
import { DEFAULT_PLAUSIBILITY_CONFIG } from './plausibility-config';
import { CHECKS_OFF } from './plausibility-inputs';
import type { CheckInput } from './plausibility-types';
import { amount, percent, since, times } from './plausibility-text';
import { readDateEnglish } from './read-date-checks';
import type { ReadingCheck } from './reading-check';

type Params = Readonly<Record<string, string | number>>;

const str = (p: Params, key: string): string => {
  const v = p[key];
  return v === undefined ? '' : String(v);
};
const num = (p: Params, key: string): number => {
  const v = p[key];
  return typeof v === 'number' ? v : Number(v);
};
/**
 * Results stored before the unit was a param lack it; the window's catalogue says m³ throughout,
 * so the default unit is the honest guess until the meter is checked again.
 */
const unitOf = (p: Params): string => str(p, 'unit') || DEFAULT_PLAUSIBILITY_CONFIG.unit;
/** A stored date param: '' when there was none. */
const dateOrNull = (p: Params, key: string): string | null => str(p, key) || null;
const dayWord = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;
const of = (readAt: string | null): string => (readAt === null ? '' : ` of ${humanDateOf(readAt)}`);
const notChecked = (p: Params): string => `Not checked: ${str(p, 'why')}.`;
const noPrevious = (): string => 'There is no previous reading to compare with.';

function tooFew(p: Params): string {
  const text = str(p, 'reading');
  const whole = num(p, 'whole');
  const digits = num(p, 'digits');
  const padded = text.padStart(text.length + digits - whole, '0');
  return `The reading ${text} has ${whole} whole digits; the register shows ${digits} (leading zeros left out? ${padded}).`;
}

function highLow(p: Params, high: boolean): string {
  const unit = unitOf(p);
  const days = num(p, 'days');
  const what = `${amount(num(p, 'consumption'))} ${unit} in ${dayWord(days)}`;
  const expected = `${amount(num(p, 'expected'))} ${unit}`;
  const basis = `${amount(num(p, 'avgDailyUse'))} ${unit}/day × ${days}`;
  const sentence = high
    ? `${what} is ${percent(num(p, 'deviation'))} above the expected ${expected} (${basis}; limit +${str(p, 'highPercent')}%).`
    : `${what} is ${percent(-num(p, 'deviation'))} below the expected ${expected} (${basis}; limit −${str(p, 'lowPercent')}%).`;
  const from = BASIS_ENGLISH[str(p, 'basis')];
  return from === undefined ? sentence : `${sentence} ${from}`;
}

/** Which expectation high/low used, when a meter's history gave it (history-expectation.ts). */
const BASIS_ENGLISH: Readonly<Record<string, string>> = {
  seasonal: 'Expected from this meter’s history and the season of its class.',
  recent: 'Expected from this meter’s recent periods.',
};

function zeroStreak(p: Params): string {
  const count = num(p, 'count');
  const since = dateOrNull(p, 'since');
  return count === 1
    ? 'No consumption this period on an active account: is the meter stuck?'
    : `No consumption for ${count} periods in a row on an active account${since === null ? '' : ` (since ${humanDateOf(since)})`}: is the meter stuck?`;
}

function rolloverRejected(p: Params): string {
  const unit = unitOf(p);
  const would = `A rollover past ${str(p, 'nines')} would mean ${amount(num(p, 'consumption'))} ${unit}`;
  return p.upper !== undefined
    ? `${would}, above the ${amount(num(p, 'upper'))} ${unit} the high check allows; not taken as a rollover.`
    : `${would}, above the daily limit of ${amount(num(p, 'limit'))} ${unit}/day; not taken as a rollover.`;
}

function zero(p: Params): string {
  const span =
    str(p, 'days') === ''
      ? ' since the previous reading'
      : ` in ${dayWord(num(p, 'days'))}${since(dateOrNull(p, 'since'))}`;
  return `No consumption${span}: is the premises empty, or the meter stuck?`;
}

function dailyJump(p: Params): string {
  const unit = unitOf(p);
  const sinceDay = str(p, 'since');
  const from = sinceDay ? ` since ${humanDateOf(sinceDay)}` : '';
  const used = `${amount(num(p, 'consumption'))} ${unit}${from}`;
  if (p.factor !== undefined) {
    return `${used} is ${times(num(p, 'factor'))} the usual ${amount(num(p, 'avgDailyUse'))} ${unit}/day (limit ${times(num(p, 'maxFactor'))}): a misread digit?`;
  }
  return `${used} is ${amount(num(p, 'perDay'))} ${unit}/day, above the limit of ${amount(num(p, 'limit'))} ${unit}/day: a misread digit?`;
}

/** Each rule's result in English, by code. */
export const PLAUSIBILITY_ENGLISH: Readonly<Record<string, (p: Params) => string>> = {
  'format.not_a_number': (p) => `The reading "${str(p, 'reading')}" is not a number.`,
  'format.too_long': (p) =>
    `The reading ${str(p, 'reading')} has more than ${str(p, 'max')} digits.`,
  'format.too_many_digits': (p) =>
    `The reading ${str(p, 'reading')} has ${str(p, 'whole')} whole digits; the register shows ${str(p, 'digits')}.`,
  'format.too_many_decimals': (p) => {
    const shown = num(p, 'registerDecimals');
    const shows = shown === 0 ? 'no decimals' : `${shown}`;
    return `The reading ${str(p, 'reading')} has ${str(p, 'decimals')} decimals; the register shows ${shows}.`;
  },
  'format.too_few_digits': tooFew,
  'format.no_register': () =>
    'The register set-up is unknown; the number of digits was not checked.',
  'format.fits': (p) => `The reading ${str(p, 'reading')} fits the register.`,
  'dates.unreadable': (p) =>
    `The read date "${str(p, 'readAt')}" cannot be read; consumption per day is not checked.`,
  'dates.no_previous': noPrevious,
  'dates.no_previous_date': () =>
    'The previous reading has no date; consumption per day is not checked.',
  'dates.previous_after_read': (p) =>
    `The previous reading is dated ${humanDateOf(str(p, 'previousReadAt'))}, after this reading (${humanDateOf(str(p, 'readAt'))}).`,
  'dates.same_day': (p) =>
    `Read on the same day as the previous reading (${humanDateOf(str(p, 'readAt'))}).`,
  'dates.interval': (p) =>
    `${dayWord(num(p, 'days'))} since the previous reading on ${humanDateOf(str(p, 'previousReadAt'))}.`,
  'negative.not_checked': notChecked,
  'negative.no_previous': noPrevious,
  'negative.meter_exchange': (p) =>
    `The meter was exchanged; consumption is not computed against the old meter's reading ${str(p, 'previous')}.`,
  'negative.previous_invalid': (p) =>
    `The previous reading "${str(p, 'previous')}" is not a number; consumption is not checked.`,
  'negative.none': (p) =>
    `Consumption is ${amount(num(p, 'consumption'))} ${unitOf(p)}${since(dateOrNull(p, 'previousReadAt'))}.`,
  'negative.within_tolerance': (p) =>
    `The reading is ${amount(num(p, 'below'))} ${unitOf(p)} below the previous reading ${str(p, 'previous')}, within the tolerance of ${amount(num(p, 'tolerance'))} (a digit caught turning); counted as no consumption.`,
  'negative.consumption': (p) =>
    `The reading ${str(p, 'reading')} is ${amount(num(p, 'below'))} ${unitOf(p)} below the previous reading ${str(p, 'previous')}${of(dateOrNull(p, 'previousReadAt'))}: negative consumption. A misread, or was the meter exchanged?`,
  'negative.rollover': (p) =>
    `The reading is below the previous reading ${str(p, 'previous')} because the register rolled over past ${str(p, 'nines')}.`,
  'rollover.not_checked': notChecked,
  'rollover.not_needed': (p) =>
    p.tolerance === undefined
      ? 'No rollover: the reading is not below the previous one.'
      : 'No rollover: the reading is within the tolerance of the previous one.',
  'rollover.accepted': (p) =>
    `The register rolled over past ${str(p, 'nines')}: ${amount(num(p, 'consumption'))} ${unitOf(p)} consumed, within the expected range.`,
  'rollover.no_register': () =>
    "The register's number of digits is unknown, so a rollover cannot be considered.",
  'rollover.impossible': (p) =>
    `The readings have more digits than the register (${str(p, 'digits')}); a rollover cannot be considered.`,
  'rollover.unverified': (p) =>
    `A rollover past ${str(p, 'nines')} would mean ${amount(num(p, 'consumption'))} ${unitOf(p)}, which cannot be checked without an average daily use and a previous read date; not taken as a rollover.`,
  'rollover.rejected': rolloverRejected,
  'high_low.not_checked': notChecked,
  'high_low.no_average': () => 'No average daily use is known; high/low is not checked.',
  'high_low.no_date': () =>
    'Without a previous read date the expected consumption is unknown; high/low is not checked.',
  'high_low.same_day': () =>
    'Read on the same day as the previous reading; high/low is not checked.',
  'high_low.no_expectation': () => 'The average daily use is 0; high/low is not checked.',
  'high_low.zero': () => 'No consumption; the zero check covers it.',
  'high_low.high': (p) => highLow(p, true),
  'high_low.low': (p) => highLow(p, false),
  'high_low.within': (p) => {
    const unit = unitOf(p);
    return `${amount(num(p, 'consumption'))} ${unit} in ${dayWord(num(p, 'days'))} is within the expected ${amount(num(p, 'expected'))} ${unit} (−${str(p, 'lowPercent')}% to +${str(p, 'highPercent')}%).`;
  },
  'zero.not_checked': notChecked,
  'zero.none': () => 'There is consumption.',
  'zero.same_day': () => 'No consumption on the day of the previous reading.',
  'zero.expected': () => 'No consumption, as expected with an average daily use of 0.',
  'zero.consumption': zero,
  'zero.streak': zeroStreak,
  'zero.vacant': (p) =>
    `No consumption on an account marked vacant${since(dateOrNull(p, 'since'))}, as expected.`,
  'zero.vacant_use': (p) =>
    `${amount(num(p, 'consumption'))} ${unitOf(p)} used on an account marked vacant${since(dateOrNull(p, 'since'))}.`,
  'high_low.leak_step': (p) =>
    `This period and the ${num(p, 'periods') - 1} before it all lie above this meter’s level of the year before, by ${str(p, 'percent')}% on average: a leak?`,
  'daily_jump.not_checked': notChecked,
  'daily_jump.no_date': () => 'Without a previous read date the daily jump is not checked.',
  'daily_jump.no_limit': () =>
    'No average daily use and no fixed daily limit; the daily jump is not checked.',
  'daily_jump.within': (p) => {
    const unit = unitOf(p);
    return `${amount(num(p, 'perDay'))} ${unit}/day is within the daily limit of ${amount(num(p, 'limit'))} ${unit}/day.`;
  },
  'daily_jump.exceeded': dailyJump,
  'misread.not_checked': notChecked,
  'misread.off': () => 'The misread signature is not checked (turned off).',
  'misread.no_expectation': () =>
    'Without an expected consumption there is no misread signature to look for.',
  'misread.none': () => 'No sign of a misread digit.',
  'misread.rolling_digit': (p) => {
    const unit = unitOf(p);
    return `${amount(num(p, 'consumption'))} ${unit} against the expected ${amount(num(p, 'expected'))} ${unit}: the reading ${str(p, 'reading')} looks like a drum caught turning; ${str(p, 'likely')} fits the expected use.`;
  },
  'misread.one_digit': (p) => {
    const unit = unitOf(p);
    return `${amount(num(p, 'consumption'))} ${unit} against the expected ${amount(num(p, 'expected'))} ${unit}: the reading ${str(p, 'reading')} differs from the expected ${str(p, 'expectedReading')} in one digit only (digit ${str(p, 'position')} from the right): a misread digit?`;
  },
};

/** One result in English; a code no template knows is said as its code and params. */
export function ruleEnglish(r: { code: string; params?: Params }): string {
  const p = r.params ?? {};
  const template = PLAUSIBILITY_ENGLISH[r.code];
  return template === undefined ? unknownRule(r.code, p) : template(p);
}

/** A code no template knows (a newer MeterDesk wrote it): its code and params as they are. */
export function unknownRule(code: string, params: Params): string {
  const values = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`);
  return `"${code}"${values.length > 0 ? ` (${values.join(', ')})` : ''}`;
}

const INPUT_ENGLISH: Readonly<Record<CheckInput, string>> = {
  previous_reading: 'no previous reading',
  previous_date: 'no previous read date',
  avg_daily_use: 'no average daily use',
  register: 'no register set-up (digits)',
};

const RULE_NAMES: Readonly<Record<string, string>> = {
  format: 'format',
  dates: 'dates',
  negative: 'negative consumption',
  rollover: 'rollover',
  high_low: 'high/low',
  zero: 'zero consumption',
  daily_jump: 'daily jump',
  misread: 'misread signature',
};

/** Why a reading is not checked, naming the checks that could not run; '' when all could. */
export function uncheckedEnglish(inputs: readonly CheckInput[]): string {
  if (inputs.length === 0) return '';
  const rules = [...new Set(inputs.flatMap((i) => CHECKS_OFF[i]))];
  const names = rules.map((r) => RULE_NAMES[r] ?? r).join(', ');
  const why = inputs.map((i) => INPUT_ENGLISH[i]).join(', ');
  return `Not checked (${why}): the ${names} checks could not run; a person must confirm the reading.`;
}

/**
 * A swapped photo's code, the flagged results, read-date flags and checks that could not run, in
 * English: the export's "reasons".
 */
export function checkReasons(
  check: Pick<ReadingCheck, 'flagged' | 'dateFlags'> &
    Pick<Partial<ReadingCheck>, 'unchecked' | 'codeFlag'>,
): string {
  return [
    check.codeFlag ? codeMismatchEnglish(check.codeFlag) : '',
    ...check.flagged.map(ruleEnglish),
    ...check.dateFlags.map(readDateEnglish),
    uncheckedEnglish(check.unchecked ?? []),
  ]
    .filter(Boolean)
    .join(' ');
}
