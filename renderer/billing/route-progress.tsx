// Per route: one bar with a segment per meter state and the counts under it.
import { METER_STATES, type MeterState } from '../../common/billing/meter-outcome';
import type { RouteProgressView } from '../../common/ipc';
import { useT } from '../i18n/i18n';
import { formatCount } from '../i18n/format';
import { useLang } from '../i18n/use-lang';

const SEGMENT: Record<MeterState, string> = {
  confirmed: 'seg-done',
  not_checked: 'seg-unchecked',
  flagged: 'seg-review',
  skipped: 'seg-rejected',
  pending: 'seg-active',
  missing: 'seg-queued',
};

export function RouteProgress({ route }: { route: RouteProgressView }): React.JSX.Element {
  const t = useT('billing');
  const lang = useLang();
  const name = route.route ?? t('panel.noRoute');
  const pct = (n: number): string => `${String((n / Math.max(1, route.meters)) * 100)}%`;
  return (
    <div className="route-progress" data-testid={`route-progress-${name}`}>
      <p className="route-progress-head">
        <strong data-i18n-skip="data">{name}</strong>{' '}
        <span className="muted">{t('panel.meters', { n: formatCount(route.meters, lang) })}</span>
        {route.photosToReview > 0 && (
          // Photos, not meters: one flagged meter may have several photos to review.
          <span className="muted" data-testid="route-photos-to-review">
            {' · '}
            {t('panel.photosToReview', { count: route.photosToReview })}
          </span>
        )}
      </p>
      <div
        className="stackbar"
        role="progressbar"
        aria-label={t('panel.progressLabel', { route: name })}
        aria-valuemin={0}
        aria-valuemax={route.meters}
        aria-valuenow={route.confirmed + route.skipped}
      >
        {METER_STATES.map((s) =>
          route[s] > 0 ? (
            <span key={s} className={`seg ${SEGMENT[s]}`} style={{ width: pct(route[s]) }} />
          ) : null,
        )}
      </div>
      <ul className="legend">
        {METER_STATES.map((s) => (
          <li key={s} data-testid={`meters-${s}`}>
            <span className={`swatch ${SEGMENT[s]}`} aria-hidden="true" />
            {t(`states.${s}`)} <strong>{formatCount(route[s], lang)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
