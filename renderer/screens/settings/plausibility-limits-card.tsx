// Settings: the plausibility limits beside the photo checks (issue 33, item 6). The two profiles
// one click apart (the choice applies at once: every reading is checked again), the limits of the
// one in use in words, and where the queue's recent readings fell against their expectation, with
// the band's edges drawn and how many readings each profile would send to review.
import { useEffect, useId, useState } from 'react';
import type { PlausibilityConfig } from '../../../common/billing/plausibility-config';
import {
  PLAUSIBILITY_PROFILES,
  type PlausibilityProfile,
  type ProfileOf,
} from '../../../common/billing/plausibility-profiles';
import { Icon } from '../../components/icon';
import { formatAmount, formatCount } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { AXIS_TICKS, axisPosition, flaggedBy, limitsSpread } from '../../lib/limits-spread';
import { useApp, useAppApi } from '../../store/context';

type LimitsT = ReturnType<typeof useT<'history'>>;
type Lang = ReturnType<typeof useLang>;

const times = (n: number, lang: Lang): string =>
  `×${formatAmount(Math.round(n * 100) / 100, lang)}`;

/** The configuration's limits in sentences: the meter's own band, or SAP's table of bands. */
function LimitLines({
  config,
  historyZ,
}: {
  config: PlausibilityConfig;
  historyZ: number;
}): React.JSX.Element {
  const t = useT('history');
  const lang = useLang();
  const spread = config.spread ?? null;
  const unit = config.unit;
  if (spread !== null) {
    const width = spread.z * spread.sigma;
    return (
      <ul className="limit-lines" data-testid="limit-lines">
        <li>
          {t('limits.spread', {
            high: times(Math.exp(width), lang),
            low: times(Math.exp(-width), lang),
            sigma: formatAmount(spread.sigma, lang),
            z: formatAmount(spread.z, lang),
          })}
        </li>
        <li>{t('limits.withHistory', { z: formatAmount(historyZ, lang) })}</li>
        <li>{config.misreadSignature === true ? t('limits.misreadOn') : t('limits.misreadOff')}</li>
      </ul>
    );
  }
  return (
    <ul className="limit-lines" data-testid="limit-lines">
      {config.bands.map((band, i) => {
        const from = config.bands[i - 1]?.below ?? 0;
        const range =
          band.below === null
            ? t('limits.bandFrom', { from: formatCount(from, lang), unit })
            : from === 0
              ? t('limits.bandBelow', { below: formatCount(band.below, lang), unit })
              : t('limits.bandRange', {
                  from: formatCount(from, lang),
                  to: formatCount(band.below - 1, lang),
                  unit,
                });
        return (
          <li key={i}>
            {t('limits.band', { range, high: band.highPercent, low: band.lowPercent })}
          </li>
        );
      })}
      <li>{t('limits.bandAround')}</li>
      <li>{config.misreadSignature === true ? t('limits.misreadOn') : t('limits.misreadOff')}</li>
    </ul>
  );
}

function profileName(p: ProfileOf, t: LimitsT): string {
  return t(`limits.profile.${p}`);
}

export function PlausibilityLimitsCard(): React.JSX.Element {
  const t = useT('history');
  const lang = useLang();
  const api = useAppApi();
  const ids = useId();
  const view = useApp((s) => s.plausibilityLimits);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api.getState().loadPlausibilityLimits();
  }, [api]);

  const readings = view?.readings ?? [];
  const profile = view?.profile ?? 'history';
  const spread = view ? limitsSpread(readings, profile, view.config) : null;
  const most = Math.max(1, ...(spread?.counts ?? []));
  const choose = (p: PlausibilityProfile): void => {
    setBusy(true);
    void api
      .getState()
      .choosePlausibilityProfile(p)
      .finally(() => {
        setBusy(false);
      });
  };
  const counted: ProfileOf[] = [
    ...PLAUSIBILITY_PROFILES,
    ...(profile === 'custom' ? ['custom' as const] : []),
  ];

  return (
    <section className="card form" aria-labelledby={`${ids}-h`} data-testid="plausibility-limits">
      <h2 id={`${ids}-h`} className="card-title">
        <Icon name="gauge" /> {t('limits.title')}
      </h2>
      <p className="muted small">{t('limits.intro')}</p>
      <div className="profile-choice" role="group" aria-label={t('limits.choose')}>
        {PLAUSIBILITY_PROFILES.map((p) => (
          <button
            key={p}
            type="button"
            className={profile === p ? 'btn btn-primary' : 'btn'}
            aria-pressed={profile === p}
            disabled={busy || view === null}
            onClick={() => {
              if (profile !== p) choose(p);
            }}
            data-testid={`profile-${p}`}
          >
            {profileName(p, t)}
          </button>
        ))}
      </div>
      {profile === 'custom' && <p className="small">{t('limits.custom')}</p>}
      {view && <LimitLines config={view.config} historyZ={view.historyZ} />}
      {spread && (
        <div className="limits-histogram">
          <div
            className="spread spread-tall"
            role="img"
            aria-label={t('limits.picture', {
              low: times(spread.low, lang),
              high: times(spread.high, lang),
              count: readings.length,
            })}
            data-testid="limits-spread"
          >
            {spread.counts.map((n, i) => (
              <span
                key={i}
                className="spread-bar"
                style={{ height: `${String((100 * n) / most)}%` }}
              />
            ))}
            <span
              className="spread-expected"
              style={{ left: `${String(axisPosition(1) * 100)}%` }}
            />
            <span
              className="spread-limit"
              data-edge="low"
              style={{ left: `${String(spread.lowAt * 100)}%` }}
            />
            <span
              className="spread-limit"
              data-edge="high"
              style={{ left: `${String(spread.highAt * 100)}%` }}
            />
          </div>
          <div className="spread-axis" aria-hidden="true">
            {AXIS_TICKS.map((tick) => (
              <span key={tick} style={{ left: `${String(axisPosition(tick) * 100)}%` }}>
                {times(tick, lang)}
              </span>
            ))}
          </div>
          <p className="muted small">
            {t('limits.edges', { low: times(spread.low, lang), high: times(spread.high, lang) })}
          </p>
        </div>
      )}
      <ul className="limit-counts small" data-testid="limits-flagged">
        {readings.length === 0 ? (
          <li>{t('limits.noReadings')}</li>
        ) : (
          counted.map((p) => {
            const s = flaggedBy(readings, p);
            return (
              <li key={p} data-profile={p}>
                {t('limits.flagged', {
                  name: profileName(p, t),
                  count: readings.length,
                  flagged: s.above + s.below,
                  above: s.above,
                  below: s.below,
                })}
              </li>
            );
          })
        )}
      </ul>
    </section>
  );
}
