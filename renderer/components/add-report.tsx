// What adding did, shown at once: new photos found, photos not sent and why, photos already in the
// list, and a warning when the new run is larger than the quota left today.
import type { FailureKind } from '../../common/job';
import { plural } from '../lib/format';
import { failureWords } from '../lib/states';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';

export function AddReport(): React.JSX.Element | null {
  const api = useAppApi();
  const report = useApp((s) => s.lastAdd);
  if (!report) return null;
  const { summary, quotaRemaining } = report;
  const reasons = (Object.entries(summary.rejectedByKind) as [FailureKind, number][]).filter(
    ([, n]) => n > 0,
  );
  const found = summary.queued + summary.reused;
  const overQuota = quotaRemaining !== null && summary.queued > quotaRemaining;
  return (
    <section
      className="add-report"
      role="status"
      aria-label="Photos added"
      data-testid="add-report"
    >
      <div className="add-report-main">
        <Icon name="check" className="tone-ok" />
        <div>
          <p className="add-report-title">
            <strong data-testid="add-found">{plural(found, 'new photo', 'new photos')}</strong>{' '}
            found
            {summary.reused > 0 && (
              <span className="muted">
                {' '}
                ({plural(summary.reused, 'was', 'were')} read before: no upload needed)
              </span>
            )}
          </p>
          <ul className="add-report-facts">
            <li data-testid="add-rejected">
              {summary.rejected === 0
                ? 'No files were left out.'
                : `${plural(summary.rejected, 'file', 'files')} not sent: `}
              {reasons.map(([kind, n], i) => (
                <span key={kind}>
                  {i > 0 ? ', ' : ''}
                  {failureWords(kind).toLowerCase()} ({n})
                </span>
              ))}
            </li>
            {summary.known > 0 && (
              <li data-testid="add-known">
                {plural(summary.known, 'photo was', 'photos were')} already in the list.
              </li>
            )}
            {summary.missing.map((m) => (
              <li key={m.path} className="tone-bad">
                {m.path}: {m.reason}
              </li>
            ))}
          </ul>
          {overQuota && (
            <p className="tone-warn" role="note" data-testid="add-quota-warning">
              <Icon name="warning" /> Only {plural(quotaRemaining, 'reading is', 'readings are')}{' '}
              left today: {plural(summary.queued - quotaRemaining, 'photo', 'photos')} will wait for
              new quota. You can pause now and send them later.
            </p>
          )}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-icon btn-quiet"
        aria-label="Dismiss"
        onClick={() => {
          api.getState().dismissAddReport();
        }}
      >
        <Icon name="close" />
      </button>
    </section>
  );
}
