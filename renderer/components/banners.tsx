// One banner per paused or blocked state, in a fixed order, each with its remedy. The offline and
// quota banners count down to the next automatic check.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { bannersFor, type Banner } from '../lib/banners';
import { formatDuration } from '../lib/format';
import { useNow } from '../hooks/use-now';
import { useApp, useAppApi } from '../store/context';
import { selectAi, selectQuota } from '../store/status-slice';
import { Icon } from './icon';
import type { IconName } from '../lib/states';

const ICONS: Record<Banner['id'], IconName> = {
  not_configured: 'info',
  paused: 'pause',
  offline: 'cloud-off',
  quota: 'gauge',
  key_rejected: 'key',
  permission_denied: 'lock',
  settings: 'gear',
  ai_offline: 'robot',
  key_storage: 'key',
};

function Countdown({ at, check }: { at: number; check: boolean }): React.JSX.Element {
  const now = useNow(1000);
  const left = at - now;
  const next = check ? 'Next check in' : 'Next try in';
  return (
    <span className="banner-countdown" data-testid="next-retry">
      {left > 1000
        ? `${next} ${formatDuration(left)}`
        : check
          ? 'Checking now…'
          : 'Trying again now…'}
    </span>
  );
}

export function Banners(): React.JSX.Element | null {
  const api = useAppApi();
  const { status, service, key, ai, quota } = useApp(
    useShallow((s) => ({
      status: s.status,
      service: s.service,
      key: s.key,
      ai: selectAi(s),
      quota: selectQuota(s),
    })),
  );
  // The quota's reset time is said with how long until then: a minute is fine enough.
  const now = useNow(30_000);
  const banners = useMemo(
    () => bannersFor({ status, service, key, ai, quota, now }),
    [status, service, key, ai, quota, now],
  );
  if (banners.length === 0) return null;
  return (
    <div className="banners" role="region" aria-label="Alerts">
      {banners.map((b) => (
        <div
          key={b.id}
          className={`banner banner-${b.tone}`}
          role={b.tone === 'bad' ? 'alert' : 'status'}
          data-testid={`banner-${b.id}`}
        >
          <Icon name={ICONS[b.id]} className="banner-icon" />
          <div className="banner-text">
            <strong>{b.title}</strong>
            <span>{b.body}</span>
          </div>
          <div className="banner-actions">
            {b.nextCheckAt !== null && <Countdown at={b.nextCheckAt} check={b.id === 'quota'} />}
            {b.actions.includes('retry') && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void api.getState().retryNow()}
              >
                <Icon name="retry" /> Retry now
              </button>
            )}
            {b.actions.includes('resume') && (
              <button
                type="button"
                className="btn btn-small btn-primary"
                onClick={() => void api.getState().resume()}
              >
                <Icon name="play" /> Resume
              </button>
            )}
            {b.actions.includes('settings') && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  api.getState().showScreen('settings');
                }}
              >
                <Icon name="gear" /> Open settings
              </button>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
