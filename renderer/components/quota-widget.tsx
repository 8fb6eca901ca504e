// Today's quota: what is left of the daily limit, the service's own summary, the day it counts
// for, and a warning when more photos are waiting than readings are left.
import { useShallow } from 'zustand/react/shallow';
import type { QuotaInfo } from '../../common/engine-status';
import { formatCount, formatDate, plural } from '../lib/format';
import { quotaLeft } from '../lib/banners';
import { keyRefused } from '../lib/holds';
import { useApp } from '../store/context';
import { selectQuota } from '../store/status-slice';
import { Icon } from './icon';
import { WidgetFrame } from './widget-frame';

/** Photos that will still cost a reading: queued and on their way (cached ones may be free). */
function waitingPhotos(counts: { queued: number; uploading: number }): number {
  return counts.queued + counts.uploading;
}

/**
 * Worded from live numbers: the engine's own quotaWarning is computed once, when it starts, and
 * its figures go stale as the run proceeds.
 */
export function quotaWarningText(remaining: number | null, waiting: number): string | null {
  if (remaining === null || waiting <= remaining) return null;
  const photos = plural(waiting, 'photo waits', 'photos wait');
  if (remaining === 0) return `None left today: ${photos} for new quota.`;
  return `${photos}, ${plural(remaining, 'reading', 'readings')} left: the rest wait for new quota.`;
}

/** A paid account's package pools and when the nearest expires, in one line; null when none. */
export function packagesText(quota: QuotaInfo): string | null {
  const pools: [number | null, string][] = [
    [quota.monthlyRemaining, 'monthly'],
    [quota.monthlyBonusRemaining, 'bonus'],
    [quota.fixedRemaining, 'fixed'],
  ];
  const held = pools
    .filter(([n]) => n !== null && n > 0)
    .map(([n, w]) => `${formatCount(n ?? 0)} ${w}`);
  if (held.length === 0) return null;
  const expiry = quota.nearestExpireAt ? `; first expiry ${formatDate(quota.nearestExpireAt)}` : '';
  return `Packages: ${held.join(', ')}${expiry}`;
}

export function QuotaWidget(): React.JSX.Element {
  const { quota, waiting, denied, hold, refused } = useApp(
    useShallow((s) => ({
      quota: selectQuota(s),
      waiting: waitingPhotos(s.status.counts),
      denied: s.status.deployment.denied.quota ?? null,
      hold: s.status.holds.quota,
      refused: keyRefused(s.status),
    })),
  );
  if (refused) {
    // What the service said under a key it now refuses is no longer known to hold.
    return (
      <WidgetFrame label="Quota" testId="quota-widget" icon="gauge" title="Quota">
        <p className="widget-main muted" data-testid="quota-remaining">
          Unknown
        </p>
        <p className="widget-line muted">Known again once the service accepts the API key.</p>
      </WidgetFrame>
    );
  }
  if (!quota) {
    return (
      <WidgetFrame label="Quota" testId="quota-widget" icon="gauge" title="Quota">
        <p className="widget-line muted" title={denied ?? undefined}>
          {denied ? 'Not permitted for this API key' : 'Not known yet'}
        </p>
      </WidgetFrame>
    );
  }
  const { isUnlimited } = quota;
  const { remaining, limit: dailyLimit } = quotaLeft(quota, hold);
  const fraction =
    !isUnlimited && remaining !== null && dailyLimit !== null && dailyLimit > 0
      ? Math.max(0, Math.min(1, remaining / dailyLimit))
      : null;
  const low = fraction !== null && fraction < 0.1;
  const warn = quotaWarningText(isUnlimited ? null : remaining, waiting);
  const packages = packagesText(quota);
  const main = isUnlimited
    ? 'Unlimited'
    : remaining === null
      ? 'Unknown'
      : dailyLimit !== null && dailyLimit > 0
        ? `${formatCount(remaining)} of ${formatCount(dailyLimit)} left`
        : `${formatCount(remaining)} left`;
  return (
    <section className="widget" aria-label="Quota" data-testid="quota-widget">
      <div className="widget-head">
        <Icon name="gauge" />
        <span className="widget-title">Quota today</span>
        {quota.accountType && (
          <span className="widget-tag" title="Account type" data-testid="quota-account">
            {quota.accountType}
          </span>
        )}
        {quota.dayTag && <span className="widget-tag">{quota.dayTag}</span>}
      </div>
      <p className={`widget-main${low ? ' tone-warn' : ''}`} data-testid="quota-remaining">
        {main}
      </p>
      {fraction !== null && (
        <div
          className={`meter${low ? ' meter-low' : ''}`}
          role="meter"
          aria-label="Quota left today"
          aria-valuemin={0}
          aria-valuemax={dailyLimit ?? 0}
          aria-valuenow={remaining ?? 0}
        >
          <span style={{ width: `${String(fraction * 100)}%` }} />
        </div>
      )}
      {/* One line, so the header keeps its height: the warning, else the service's summary. */}
      {warn ? (
        <p
          className="widget-line tone-warn"
          role="note"
          title={`${warn} ${quota.summaryText}`}
          data-testid="quota-warning"
        >
          <Icon name="warning" /> {warn}
        </p>
      ) : (
        <p className="widget-line muted" title={quota.summaryText} data-testid="quota-summary">
          {packages ?? (quota.summaryText || '\u00a0')}
        </p>
      )}
    </section>
  );
}
