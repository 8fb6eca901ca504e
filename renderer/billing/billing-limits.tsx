// Billing's own check for a meter from an order file (issue 31), beside MeterDesk's in the detail:
// the limits from the meter's order record (low/high, wrapping past zero), the expected reading,
// the register's digits and decimals, the read-date window, and where the billed reading stands
// against them: the code the return file will carry.
import type { BillingLimitsView } from '../../common/ipc';
import { formatDay, formatReading } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { profileLabel } from './order-file-words';

const DAY_MS = 86_400_000;

/** yyyy-mm-dd moved by whole days. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const VERDICT_TONE = {
  normal: 'tag-ok',
  zero: 'tag-ok',
  verified: 'tag-ok',
  high: 'tag-attn',
  low: 'tag-attn',
  negative: 'tag-attn',
} as const;

export function BillingLimits({ limits }: { limits: BillingLimitsView }): React.JSX.Element {
  const t = useT('orderFiles');
  const lang = useLang();
  const reading = (v: string | null): string =>
    v === null ? t('limits.unknown') : formatReading(v, lang);
  const { low, high, scheduledDate: scheduled } = limits;
  const lines: { key: string; text: string }[] = [
    {
      key: 'range',
      text:
        low === null && high === null
          ? t('limits.noRange')
          : t(limits.wraps ? 'limits.wraps' : 'limits.range', {
              low: reading(low),
              high: reading(high),
            }),
    },
    ...(limits.expected === null
      ? []
      : [{ key: 'expected', text: t('limits.expected', { expected: reading(limits.expected) }) }]),
    ...(limits.digits === null && limits.decimals === null
      ? []
      : [
          {
            key: 'register',
            text: t('limits.register', {
              digits: limits.digits ?? t('limits.unknown'),
              decimals: limits.decimals ?? t('limits.unknown'),
            }),
          },
        ]),
    ...(scheduled === null
      ? []
      : [
          {
            key: 'window',
            text: t('limits.window', {
              from: formatDay(shiftDay(scheduled, -limits.windowDays), lang),
              to: formatDay(shiftDay(scheduled, limits.windowDays), lang),
              scheduled: formatDay(scheduled, lang),
            }),
          },
        ]),
  ];
  return (
    <>
      <dt>{t('limits.title')}</dt>
      <dd data-testid="facts-billing-limits">
        {limits.notFilled === 'shared_meter' ? (
          <span className="tag tag-attn">{t('limits.sharedMeter')}</span>
        ) : limits.condition === null ? (
          <span className="muted">{t('limits.noReading')}</span>
        ) : (
          <>
            <span className={`tag ${VERDICT_TONE[limits.condition]}`}>
              {t(`ret.kinds.${limits.condition}`)}
            </span>
            <span
              className="small"
              data-testid="facts-billing-verdict"
              data-condition={limits.condition}
            >
              {' '}
              {t(`limits.verdict.${limits.condition}`)}
            </span>
          </>
        )}
        <ul className="billing-limits small">
          {lines.map((l) => (
            <li key={l.key} data-testid={`facts-billing-${l.key}`}>
              {l.text}
            </li>
          ))}
          {limits.readDateInside === false && limits.readDate !== null && (
            <li className="field-problem" data-testid="facts-billing-date">
              {t('limits.dateOutside', { date: formatDay(limits.readDate, lang) })}
            </li>
          )}
        </ul>
        <span className="muted small" data-i18n-skip="data">
          {t('limits.from', {
            file: limits.orderFile,
            profile: profileLabel(limits.profile),
            line: String(limits.line),
            key: limits.key,
          })}
        </span>
      </dd>
    </>
  );
}
