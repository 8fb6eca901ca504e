// The run at a glance: one bar with a segment per outcome, counts by state, throughput and ETA.
import { useShallow } from 'zustand/react/shallow';
import { formatCount, formatDuration, formatRate } from '../lib/format';
import { etaMs, finishedOf, pendingOf, photosOf, ratePerMinute } from '../lib/throughput';
import { useApp } from '../store/context';

interface Segment {
  readonly key: string;
  readonly label: string;
  readonly count: number;
}

export function ProgressPanel(): React.JSX.Element | null {
  const { counts, samples, paused } = useApp(
    useShallow((s) => ({ counts: s.status.counts, samples: s.samples, paused: s.status.paused })),
  );
  if (counts.total === 0) return null;
  const finished = finishedOf(counts);
  const pending = pendingOf(counts);
  const rate = ratePerMinute(samples);
  const eta = etaMs(pending, rate);
  const segments: Segment[] = [
    { key: 'done', label: 'Done', count: counts.done },
    { key: 'failed', label: 'Failed', count: counts.failed },
    { key: 'rejected', label: 'Not sent', count: counts.rejected },
    { key: 'active', label: 'Being read', count: counts.uploading + counts.submitted },
    { key: 'queued', label: 'Queued', count: counts.queued },
  ];
  const pct = (n: number): string => `${String((n / counts.total) * 100)}%`;
  let pace: string;
  if (pending === 0) pace = 'All photos are finished.';
  else if (paused) pace = 'Paused.';
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
