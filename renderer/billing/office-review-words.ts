// A decision in the office in the window's words (the `officeReview` catalogue): a history line's
// "what", and why a decision here was refused ("ben@pc-2 confirmed 01234 at 10:42; your change
// was not saved"). Readings and times in the window's language; desk names are data.
import type { TFunction } from 'i18next';
import { SKIP_CODES, type SkipCode } from '../../common/billing/billing-row';
import type { DecisionAnswer } from '../../common/ipc/decision-schemas';
import type { OfficeChangedBy, OfficeDecisionKind } from '../../common/ipc/office-review-views';
import { formatReading, formatTime } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang, type Spoken } from '../i18n/use-lang';
import { decisionProblemWords } from './decision-words';

type ReviewT = TFunction<'officeReview'>;
type BillingT = TFunction<'billing'>;

const isSkipCode = (code: string): code is SkipCode =>
  (SKIP_CODES as readonly string[]).includes(code);

/** What a desk did to a meter, as the office recorded it. */
export function officeWhat(
  d: { kind: OfficeDecisionKind | null; reading: string | null; skipCode?: string | null },
  t: ReviewT,
  tBilling: BillingT,
  lang: Spoken,
): string {
  const reading = d.reading === null ? null : formatReading(d.reading, lang);
  switch (d.kind) {
    case 'confirm':
      return reading === null ? t('kinds.confirmPlain') : t('kinds.confirm', { reading });
    case 'correct':
    case 'type':
      return reading === null
        ? t('kinds.changed')
        : t(d.kind === 'type' ? 'kinds.type' : 'kinds.correct', { reading });
    case 'skip': {
      const code = d.skipCode ?? null;
      if (code === null) return t('kinds.skipPlain');
      return t('kinds.skip', { code: isSkipCode(code) ? tBilling(`skip.codes.${code}`) : code });
    }
    case 'exchange':
    case 'reread':
    case 'estimate':
    case 'undo':
      return t(`kinds.${d.kind}`);
    case null:
      return t('kinds.changed');
  }
}

export function officeRefusalWords(
  c: OfficeChangedBy,
  t: ReviewT,
  tBilling: BillingT,
  lang: Spoken,
): string {
  if (c.until !== null) {
    return t('refusedLeased', { desk: c.desk || c.clerk, time: formatTime(c.until, lang) });
  }
  return t('refused', {
    desk: c.desk || c.clerk,
    what: officeWhat(c, t, tBilling, lang),
    time: formatTime(c.at, lang),
  });
}

/** Why a decision was not made: the rules' problem, or who changed the meter in the office first. */
export function useDecisionRefusal(): (answer: DecisionAnswer & { done: false }) => string {
  const t = useT('decisions');
  const tReview = useT('officeReview');
  const tBilling = useT('billing');
  const lang = useLang();
  return (answer) =>
    answer.changedBy
      ? officeRefusalWords(answer.changedBy, tReview, tBilling, lang)
      : decisionProblemWords(answer.problem, t, lang);
}
