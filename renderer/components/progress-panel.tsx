// The run at a glance: one bar with a segment per outcome, counts by state, throughput and ETA.
import { useShallow } from 'zustand/react/shallow';
import { formatCount, formatDuration, formatRate } from '../lib/format';
import { etaMs, finishedOf, pendingOf, photosOf, ratePerMinute } from '../lib/throughput';
import { useNow } from '../hooks/use-now';
import { waitText } from '../lib/holds';
import { useApp } from '../store/context';
import { selectAi, selectQuota } from '../store/status-slice';

interface Segment {
  readonly key: string;
  readonly label: string;
  readonly count: number;
}

export function ProgressPanel(): React.JSX.Element | null {
  const { status, samples, quota, ai } = useApp(
    useShallow((s) => ({
      status: s.status,
      samples: s.samples,
      quota: selectQuota(s),
      ai: selectAi(s),
    })),
  );
  const { counts, paused } = status;
  // A minute is fine enough for "in 5 h 12 min"; the countdowns in the banners tick by the second.
  const now = useNow(30_000);
  if (counts.total === 0) return null;
  const finished = finishedOf(counts);
  const pending = pendingOf(counts);
  const rate = ratePerMinute(samples);
  const eta = etaMs(pending, rate);
  const segments: Segment[] = [
    { key: 'done', label: 'Done', count: counts.done },
    { key: 'failed', label: 'Failed', count: counts.failed },
    { key: 'rejected', label: 'Not sent', count: counts.rejected },
    { key: 'active', label: 'At the service', count: counts.uploading + counts.submitted },
    { key: 'queued', label: 'Queued', count: counts.queued },
  ];
  const pct = (n: number): string => `${String((n / counts.total) * 100)}%`;
  const waiting = pending > 0 && !paused ? waitText({ status, quota, ai }, now) : null;
  let pace: string;
  if (pending === 0) pace = 'All photos are finished.';
  else if (paused) pace = 'Paused.';
  else if (waiting !== null) pace = waiting;
  else if (rate === null) pace = 'Measuring speed…';
  else {
    pace = `${formatRate(rate)} photos/min`;
    if (eta !== null) pace += ` · about ${formatDuration(eta)} left`;
  }
  return (
    <section className="progress-panel" aria-label="Overall progress">
      <div className="progress-head">
        <p className="progress-title">
          <strong data-testid="progress-finished">{formatCount(finished)}</strong> of{' '}
          <strong data-testid="progress-photos">{formatCount(photosOf(counts))}</strong> photos
          finished
        </p>
        <p className="progress-pace muted" data-testid="progress-pace">
          {pace}
        </p>
      </div>
      <div
        className="stackbar"
        role="progressbar"
        aria-label="Photos finished"
        aria-valuemin={0}
        aria-valuemax={photosOf(counts)}
        aria-valuenow={finished}
      >
        {segments.map((seg) =>
          seg.count > 0 ? (
            <span
              key={seg.key}
              className={`seg seg-${seg.key}`}
              style={{ width: pct(seg.count) }}
            />
          ) : null,
        )}
      </div>
      <ul className="legend">
        {segments.map((seg) => (
          <li key={seg.key} data-testid={`count-${seg.key}`}>
            <span className={`swatch seg-${seg.key}`} aria-hidden="true" />
            {seg.label} <strong>{formatCount(seg.count)}</strong>
          </li>
        ))}
        <li data-testid="count-review">
          <span className="swatch seg-review" aria-hidden="true" />
          Needs review <strong>{formatCount(counts.needsReview)}</strong>
        </li>
      </ul>
    </section>
  );
}
