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
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';

const ICONS: Record<Banner['id'], IconName> = {
  not_configured: 'info',
  paused: 'pause',
  offline: 'cloud-off',
  service_hold: 'hourglass',
  quota: 'gauge',
  key_rejected: 'key',
  permission_denied: 'lock',
  settings: 'gear',
  ai_offline: 'robot',
  key_storage: 'key',
};

function Countdown({ at, check }: { at: number; check: boolean }): React.JSX.Element {
  const now = useNow(1000);
  const t = useT('app');
  const left = at - now;
  const time = formatDuration(left, t);
  return (
    <span className="banner-countdown" data-testid="next-retry">
      {left > 1000
        ? t(check ? 'banner.nextCheck' : 'banner.nextTry', { time })
        : t(check ? 'banner.checkingNow' : 'banner.tryingNow')}
    </span>
  );
}

/**
 * What the service or MeterDesk said. MeterDesk's own sentences come worded from their codes in the
 * window's language. The service's words are quoted as its own; in an English window they, and a
 * sentence of MeterDesk's that came without a code, are shown as they are; in another language
 * such a sentence is left to the tooltip (the banner's own words say it).
 */
function BannerDetail({
  banner,
  lang,
}: {
  banner: Banner;
  lang: string;
}): React.JSX.Element | null {
  const t = useT('app');
  const { detail, detailFrom } = banner;
  if (!detail) return null;
  if (detailFrom === 'window') {
    return (
      <span className="banner-detail" data-testid="banner-detail">
        {detail}
      </span>
    );
  }
  const quoted = (
    <span className="banner-detail" data-i18n-skip={detailFrom} lang="en">
      {detail}
    </span>
  );
  if (lang === 'en') return quoted;
  if (detailFrom === 'service') {
    return (
      <span>
        {t('banner.serviceSays')} {quoted}
      </span>
    );
  }
  return null;
}

export function Banners(): React.JSX.Element | null {
  const api = useAppApi();
  const t = useT('app');
  const bannersT = useT('banners');
  const engineT = useT('engine');
  const lang = useLang();
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
    () => bannersFor({ status, service, key, ai, quota, now, t: bannersT, appT: t, engineT, lang }),
    [status, service, key, ai, quota, now, bannersT, t, engineT, lang],
  );
  if (banners.length === 0) return null;
  return (
    <div className="banners" role="region" aria-label={t('banner.label')}>
      {banners.map((b) => (
        <div
          key={b.id}
          className={`banner banner-${b.tone}`}
          role={b.tone === 'bad' ? 'alert' : 'status'}
          data-testid={`banner-${b.id}`}
        >
          <Icon name={ICONS[b.id]} className="banner-icon" />
          <div
            className="banner-text"
            title={b.detail || undefined}
            {...(b.detail && b.detailFrom !== 'window' && { 'data-i18n-title': b.detailFrom })}
          >
            <strong>{b.title}</strong>
            <BannerDetail banner={b} lang={lang} />
            {b.body && <span>{b.body}</span>}
          </div>
          <div className="banner-actions">
            {b.nextCheckAt !== null && <Countdown at={b.nextCheckAt} check={b.id === 'quota'} />}
            {b.actions.includes('retry') && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void api.getState().retryNow()}
              >
                <Icon name="retry" /> {t('banner.retryNow')}
              </button>
            )}
            {b.actions.includes('resume') && (
              <button
                type="button"
                className="btn btn-small btn-primary"
                onClick={() => void api.getState().resume()}
              >
                <Icon name="play" /> {t('banner.resume')}
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
                <Icon name="gear" /> {t('banner.openSettings')}
              </button>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
