// A flagged plausibility rule in the window's language. The rules (common/billing) give a code and
// numbers, nothing more; the window words the rules a clerk sees flagged from those, as the CSV's
// English does (plausibility-english.ts). A code not worded here is shown quoted with its params.
import type { TFunction } from 'i18next';
import { CHECKS_OFF } from '../../common/billing/plausibility-inputs';
import type { CheckInput, RuleName } from '../../common/billing/plausibility-types';
import type { ReadDateNote } from '../../common/billing/read-date-notes';
import { wordRule, type RuleLine } from '../../common/billing/rule-lines';
import { formatAmount, formatDay, formatReading } from '../i18n/format';
import type { Spoken } from '../i18n/use-lang';

type BillingT = TFunction<'billing'>;
type Params = Readonly<Record<string, string | number>>;

/** A flagged rule in the window's language, from the templates the export shares (rule-lines.ts). */
export function ruleLine(
  r: { code: string; params?: Params },
  t: BillingT,
  lang: Spoken,
): RuleLine {
  // i18next types each key's values; which values a rule's template gets is rule-lines.ts's part.
  const say = t as unknown as (
    key: string,
    values?: Readonly<Record<string, string | number>>,
  ) => string;
  return wordRule(r, {
    say: (key, values) => say(`rule.${key}`, values),
    amount: (n) => formatAmount(n, lang),
    reading: (text) => formatReading(text, lang),
    day: (isoDay) => formatDay(isoDay, lang),
    german: lang === 'de',
  });
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
