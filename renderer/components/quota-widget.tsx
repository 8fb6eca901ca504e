// The quota: what the account may still read (every pool that applies, common/quota-pools.ts),
// what each pool holds, the day it counts for, and a warning when more photos are waiting than
// readings are left.
import { useShallow } from 'zustand/react/shallow';
import type { QuotaInfo } from '../../common/engine-status';
import { dailyPart, packagesHeld } from '../../common/quota-pools';
import { liveQuotaWarning, type QuotaWarning } from '../../common/quota-warning';
import type { TFunction } from 'i18next';
import { formatDate, formatDay } from '../lib/format';
import { englishT } from '../i18n/english';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { quotaLeft } from '../lib/banners';
import { keyRefused } from '../lib/holds';
import { useApp } from '../store/context';
import { selectQuota } from '../store/status-slice';
import { Icon } from './icon';
import { WidgetFrame } from './widget-frame';

/** Photos that will still cost a reading: queued and on their way (cached ones may be free). */
export function waitingPhotos(counts: { queued: number; uploading: number }): number {
  return counts.queued + counts.uploading;
}

/**
 * The quota warning (common/quota-warning.ts) in the window's words; "today" only for a daily
 * quota (`daily`, quotaIsDaily).
 */
export function quotaWarningWords(
  w: QuotaWarning,
  t: TFunction = englishT('app'),
  daily = true,
): string {
  const photos = t('quota.photosWait', { count: w.waiting });
  if (w.remaining === 0) return t(daily ? 'quota.noneLeft' : 'quota.noneLeftAll', { photos });
  return t('quota.fewLeft', { photos, readings: t('quota.readings', { count: w.remaining }) });
}

/**
 * What each pool holds, in one line: the daily pool (when the account has one) beside the
 * package pools, and when the nearest package expires; null when no package holds anything.
 */
export function packagesText(
  quota: QuotaInfo,
  t: TFunction = englishT('app'),
  lang?: string,
): string | null {
  if (packagesHeld(quota) === 0) return null;
  const daily = quota.dailyLimit !== null && quota.dailyLimit > 0;
  const pools: [number | null, 'daily' | 'monthly' | 'bonus' | 'fixed'][] = [
    [daily ? dailyPart(quota.remaining, quota) : null, 'daily'],
    [quota.monthlyRemaining, 'monthly'],
    [quota.monthlyBonusRemaining, 'bonus'],
    [quota.fixedRemaining, 'fixed'],
  ];
  const list = pools
    .filter(([n, w]) => n !== null && (n > 0 || w === 'daily'))
    .map(([n, w]) => t(`quota.${w}`, { n: n ?? 0 }))
    .join(', ');
  if (!quota.nearestExpireAt) return t(daily ? 'quota.pools' : 'quota.packages', { list });
  const date = formatDate(quota.nearestExpireAt, lang);
  return t(daily ? 'quota.poolsExpiry' : 'quota.packagesExpiry', { list, date });
}

export function QuotaWidget(): React.JSX.Element {
  const t = useT('app');
  const lang = useLang();
  const { quota, waiting, engineWarning, denied, hold, refused } = useApp(
    useShallow((s) => ({
      quota: selectQuota(s),
      waiting: waitingPhotos(s.status.counts),
      engineWarning: s.status.quotaWarning,
      denied: s.status.deployment.denied.quota ?? null,
      hold: s.status.holds.quota,
      refused: keyRefused(s.status),
    })),
  );
  if (refused) {
    // What the service said under a key it now refuses is no longer known to hold.
    return (
      <WidgetFrame
        label={t('quota.label')}
        testId="quota-widget"
        icon="gauge"
        title={t('quota.label')}
      >
        <p className="widget-main muted" data-testid="quota-remaining">
          {t('quota.unknown')}
        </p>
        <p className="widget-line muted">{t('quota.knownAgain')}</p>
      </WidgetFrame>
    );
  }
  if (!quota) {
    return (
      <WidgetFrame
        label={t('quota.label')}
        testId="quota-widget"
        icon="gauge"
        title={t('quota.label')}
      >
        <p className="widget-line muted" title={denied ?? undefined} data-i18n-title="service">
          {denied ? t('quota.notPermitted') : t('quota.notKnown')}
        </p>
      </WidgetFrame>
    );
  }
  const { isUnlimited } = quota;
  const { remaining, limit, daily } = quotaLeft(quota, hold);
  // Packages beside the daily pool: the figure is their sum, not a share of the daily limit.
  const dailyLimit = packagesHeld(quota) > 0 ? null : limit;
  const fraction =
    !isUnlimited && remaining !== null && dailyLimit !== null && dailyLimit > 0
      ? Math.max(0, Math.min(1, remaining / dailyLimit))
      : null;
  const low = fraction !== null && fraction < 0.1;
  // The engine decides (it counts a photo and its copies once); the figures are the live ones.
  const warning = liveQuotaWarning(engineWarning, isUnlimited ? null : remaining, waiting);
  const warn = warning ? quotaWarningWords(warning, t, daily) : null;
  // Below the figure: what each pool holds, else what today used; worded from the numbers, never
  // the service's English summary.
  const packages = packagesText(quota, t, lang);
  const usedToday =
    daily && !isUnlimited && quota.used !== null
      ? t('quota.usedToday', { used: quota.used })
      : null;
  const main = isUnlimited
    ? t('quota.unlimited')
    : remaining === null
      ? t('quota.unknown')
      : dailyLimit !== null && dailyLimit > 0
        ? t('quota.ofLeft', { remaining, limit: dailyLimit })
        : t('quota.left', { remaining });
  return (
    <section className="widget" aria-label={t('quota.label')} data-testid="quota-widget">
      <div className="widget-head">
        <Icon name="gauge" />
        <span className="widget-title">
          {packagesHeld(quota) > 0 ? t('quota.label') : t('quota.today')}
        </span>
        {quota.accountType && (
          <span
            className="widget-tag"
            title={t('quota.accountType')}
            data-testid="quota-account"
            data-i18n-skip="service"
          >
            {quota.accountType}
          </span>
        )}
        {quota.dayTag && (
          <span className="widget-tag" title={quota.dayTag} data-i18n-skip="data">
            {formatDay(quota.dayTag, lang)}
          </span>
        )}
      </div>
      <p className={`widget-main${low ? ' tone-warn' : ''}`} data-testid="quota-remaining">
        {main}
      </p>
      {fraction !== null && (
        <div
          className={`meter${low ? ' meter-low' : ''}`}
          role="meter"
          aria-label={t('quota.meter')}
          aria-valuemin={0}
          aria-valuemax={dailyLimit ?? 0}
          aria-valuenow={remaining ?? 0}
        >
          <span style={{ width: `${String(fraction * 100)}%` }} />
        </div>
      )}
      {/* One line, so the header keeps its height: the warning, else what the pools hold. */}
      {warn ? (
        <p className="widget-line tone-warn" role="note" data-testid="quota-warning">
          <Icon name="warning" /> {warn}
        </p>
      ) : (
        <p className="widget-line muted" data-testid="quota-summary">
          {packages ?? usedToday ?? '\u00a0'}
        </p>
      )}
    </section>
  );
}
