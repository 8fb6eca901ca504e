// One banner per paused or blocked state, in a fixed order, each with its remedy. The offline and
// quota banners count down to the next automatic check. A banner that only says how things stand,
// with nothing to do about it now (where the API key is kept), is one line: its detail on demand,
// and it can be hidden until the window closes (at 1024 px it took 100-140 px of every screen).
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { bannersFor, type Banner, type BannerId } from '../lib/banners';
import { formatDuration } from '../lib/format';
import { useNow } from '../hooks/use-now';
import { useApp, useAppApi } from '../store/context';
import { selectAi, selectQuota } from '../store/status-slice';
import { Icon } from './icon';
import type { IconName } from '../lib/states';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';

/** Banners that inform and ask nothing of the person now: one line, hideable for the session. */
const QUIET: ReadonlySet<BannerId> = new Set<BannerId>(['key_storage']);

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
  checker_unavailable: 'warning',
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

function QuietBanner({ banner, lang }: { banner: Banner; lang: string }): React.JSX.Element {
  const api = useAppApi();
  const t = useT('app');
  return (
    <div
      className={`banner banner-quiet banner-${banner.tone}`}
      role="status"
      data-testid={`banner-${banner.id}`}
    >
      <Icon name={ICONS[banner.id]} className="banner-icon" />
      <details className="banner-text">
        <summary>
          <strong>{banner.title}</strong>{' '}
          <span className="banner-more">{t('quietBanner.details')}</span>
        </summary>
        <BannerDetail banner={banner} lang={lang} />
        {banner.body && <span>{banner.body}</span>}
      </details>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          api.getState().hideBanner(banner.id);
        }}
        data-testid="banner-hide"
      >
        {t('quietBanner.hide')}
      </button>
    </div>
  );
}

export function Banners(): React.JSX.Element | null {
  const api = useAppApi();
  const t = useT('app');
  const bannersT = useT('banners');
  const engineT = useT('engine');
  const lang = useLang();
  const { status, service, key, ai, quota, hidden } = useApp(
    useShallow((s) => ({
      status: s.status,
      service: s.service,
      key: s.key,
      ai: selectAi(s),
      quota: selectQuota(s),
      hidden: s.hiddenBanners,
    })),
  );
  // The quota's reset time is said with how long until then: a minute is fine enough.
  const now = useNow(30_000);
  const banners = useMemo(
    () =>
      bannersFor({
        status,
        service,
        key,
        ai,
        quota,
        now,
        t: bannersT,
        appT: t,
        engineT,
        lang,
      }).filter((b) => !hidden.includes(b.id)),
    [status, service, key, ai, quota, now, bannersT, t, engineT, lang, hidden],
  );
  if (banners.length === 0) return null;
  return (
    <div className="banners" role="region" aria-label={t('banner.label')}>
      {banners.map((b) =>
        QUIET.has(b.id) ? (
          <QuietBanner key={b.id} banner={b} lang={lang} />
        ) : (
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
        ),
      )}
    </div>
  );
}
