// Settings: the quality check before upload. Its four limits, saved for this queue (the window and
// `meter-desk run` hold photos alike), each beside the spread of the office's own recent photos
// with the limit marked, and how many of them the limits being edited would hold.
import { useEffect, useId, useState } from 'react';
import {
  DEFAULT_PHOTO_CHECK_THRESHOLDS,
  HOLD_REASONS,
  PHOTO_CHECK_LIMITS,
  type PhotoCheckThresholds,
  type PhotoMeasures,
} from '../../../common/photo-checks';
import { useT } from '../../i18n/i18n';
import { spreadOf, wouldHold, type SpreadAxis } from '../../lib/photo-check-spread';
import { useApp, useAppApi } from '../../store/context';
import { Icon } from '../../components/icon';

const FIELDS: readonly { axis: SpreadAxis; key: keyof PhotoCheckThresholds; percent: boolean }[] = [
  { axis: 'shortSide', key: 'minShortSide', percent: false },
  { axis: 'darkShare', key: 'maxDarkShare', percent: true },
  { axis: 'brightShare', key: 'maxBrightShare', percent: true },
  { axis: 'sharpness', key: 'minSharpness', percent: false },
];

function SpreadBars({
  axis,
  measures,
  thresholds,
  label,
}: {
  axis: SpreadAxis;
  measures: readonly PhotoMeasures[];
  thresholds: PhotoCheckThresholds;
  label: string;
}): React.JSX.Element {
  const spread = spreadOf(axis, measures, thresholds);
  const most = Math.max(1, ...spread.counts);
  return (
    <div className="spread" role="img" aria-label={label} data-testid={`spread-${axis}`}>
      {spread.counts.map((n, i) => (
        <span key={i} className="spread-bar" style={{ height: `${String((100 * n) / most)}%` }} />
      ))}
      <span className="spread-limit" style={{ left: `${String(spread.at * 100)}%` }} />
    </div>
  );
}

export function PhotoChecksCard(): React.JSX.Element {
  const t = useT('states');
  const api = useAppApi();
  const ids = useId();
  const view = useApp((s) => s.photoChecks);
  const [draft, setDraft] = useState<PhotoCheckThresholds | null>(null);

  useEffect(() => {
    void api.getState().loadPhotoChecks();
  }, [api]);

  const saved = view?.thresholds ?? DEFAULT_PHOTO_CHECK_THRESHOLDS;
  const shown = draft ?? saved;
  const measures = view?.measures ?? [];
  const held = wouldHold(measures, shown);
  const heldTotal = HOLD_REASONS.reduce((a, r) => a + held[r], 0);
  const changed = FIELDS.some(({ key }) => shown[key] !== saved[key]);

  return (
    <section className="card form" aria-labelledby={`${ids}-h`} data-testid="photo-checks">
      <h2 id={`${ids}-h`} className="card-title">
        <Icon name="gauge" /> {t('checks.title')}
      </h2>
      <p className="muted small">{t('checks.intro')}</p>
      {FIELDS.map(({ axis, key, percent }) => {
        const limits = PHOTO_CHECK_LIMITS[key];
        const scale = percent ? 100 : 1;
        return (
          <div className="field photo-check-field" key={key}>
            <label htmlFor={`${ids}-${key}`}>{t(`checks.${key}`)}</label>
            <input
              id={`${ids}-${key}`}
              className="input input-short"
              type="number"
              min={limits.min * scale}
              max={limits.max * scale}
              step={percent ? 1 : key === 'minShortSide' ? 10 : 5}
              value={Math.round(shown[key] * scale * 100) / 100}
              onChange={(e) => {
                const value = Number(e.target.value) / scale;
                if (!Number.isFinite(value)) return;
                const bounded = Math.min(limits.max, Math.max(limits.min, value));
                setDraft({ ...shown, [key]: bounded });
              }}
              data-testid={`threshold-${key}`}
            />
            <SpreadBars
              axis={axis}
              measures={measures}
              thresholds={shown}
              label={t('checks.spread', { name: t(`checks.${key}`) })}
            />
          </div>
        );
      })}
      <p className="small" data-testid="would-hold">
        {measures.length === 0
          ? t('checks.noPhotos')
          : t('checks.wouldHold', { held: heldTotal, count: measures.length })}
        {heldTotal > 0 &&
          ` (${HOLD_REASONS.filter((r) => held[r] > 0)
            .map((r) => `${String(held[r])} ${t(`checks.reason.${r}`)}`)
            .join(', ')})`}
      </p>
      <div className="photo-check-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!changed}
          onClick={() => {
            void api
              .getState()
              .savePhotoCheckThresholds(shown)
              .then((applied) => {
                // A refused change stays in the fields (the notice says why) to be corrected.
                if (applied) setDraft(null);
              });
          }}
        >
          {t('checks.save')}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            setDraft(DEFAULT_PHOTO_CHECK_THRESHOLDS);
          }}
        >
          {t('checks.defaults')}
        </button>
      </div>
    </section>
  );
}
