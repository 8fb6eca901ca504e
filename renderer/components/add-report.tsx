// What adding did, shown at once: new photos found, photos not sent and why, photos already in the
// list, and a warning when the new run is larger than the quota left today.
import type { AddSummary } from '../../common/engine-status';
import type { FailureKind } from '../../common/job';
import { formatCount, plural } from '../lib/format';
import { failureWords } from '../lib/states';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';

/**
 * Why files were not sent, precisely: the scanner's reasons ("a truncated JPEG"), then, for files
 * whose reason the report did not carry, their kind in words ("Larger than 20 MB").
 */
function rejectedReasons(summary: AddSummary): { reason: string; n: number }[] {
  const out = summary.rejectedReasons.map(({ reason, n }) => ({ reason, n }));
  for (const [kind, total] of Object.entries(summary.rejectedByKind) as [FailureKind, number][]) {
    const named = summary.rejectedReasons
      .filter((r) => r.kind === kind)
      .reduce((sum, r) => sum + r.n, 0);
    if (total > named) out.push({ reason: failureWords(kind), n: total - named });
  }
  return out;
}

export function AddReport(): React.JSX.Element | null {
  const api = useAppApi();
  const report = useApp((s) => s.lastAdd);
  if (!report) return null;
  const { summary, quotaRemaining } = report;
  const reasons = rejectedReasons(summary);
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
                : `${plural(summary.rejected, 'file', 'files')} not sent:`}
              {reasons.length > 0 && (
                <ul className="add-report-reasons">
                  {reasons.map(({ reason, n }) => (
                    <li key={reason}>
                      {reason} ({formatCount(n)})
                    </li>
                  ))}
                </ul>
              )}
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
