// The run at a glance: one bar with a segment per outcome, counts by state, throughput and ETA.
// With a folder chosen in the folder list, the bar and counts are that drop's own (the ETA is
// the queue's, so it is left out there).
import { useShallow } from 'zustand/react/shallow';
import { baseName, formatCount, formatDuration, formatRate } from '../lib/format';
import { etaMs, finishedOf, pendingOf, photosOf, ratePerMinute } from '../../common/throughput';
import { useNow } from '../hooks/use-now';
import { waitText } from '../lib/holds';
import { useApp } from '../store/context';
import { selectAi, selectQuota } from '../store/status-slice';
import { Trans } from 'react-i18next';
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { HeldNote } from './held-note';

interface Segment {
  readonly key: 'done' | 'failed' | 'rejected' | 'active' | 'queued' | 'held';
  readonly count: number;
}

export function ProgressPanel(): React.JSX.Element | null {
  const { status, samples, quota, ai, folder } = useApp(
    useShallow((s) => ({
      status: s.status,
      samples: s.samples,
      quota: selectQuota(s),
      ai: selectAi(s),
      folder: s.roots.find((r) => r.id === s.query.rootId) ?? null,
    })),
  );
  const t = useT('app');
  const bannersT = useT('banners');
  const tStates = useT('states');
  const lang = useLang();
  const { paused } = status;
  const counts = folder ? folder.counts : status.counts;
  // A minute is fine enough for "in 5 h 12 min"; the countdowns in the banners tick by the second.
  const now = useNow(30_000);
  if (counts.total === 0) return null;
  const finished = finishedOf(counts);
  const pending = pendingOf(counts);
  const rate = ratePerMinute(samples);
  const eta = folder ? null : etaMs(counts, rate);
  const segments: Segment[] = [
    { key: 'done', count: counts.done },
    { key: 'failed', count: counts.failed },
    { key: 'rejected', count: counts.rejected },
    { key: 'active', count: counts.uploading + counts.submitted },
    { key: 'queued', count: counts.queued },
  ];
  // Held back by the quality check: waiting for a person, not for the run (shown once there are).
  if (counts.held > 0) segments.push({ key: 'held', count: counts.held });
  const pct = (n: number): string => `${String((n / counts.total) * 100)}%`;
  const waiting =
    pending > 0 && !paused
      ? waitText({ status, quota, ai, t: bannersT, appT: t, lang }, now)
      : null;
  let pace: string;
  // A photo's code is part of its result (issue 34): while codes are read, nothing is finished
  // yet. The count is the queue's; a folder view says it too rather than claim its end early.
  if (pending === 0 && status.codesBeingRead > 0)
    pace = t('progress.codesBeingRead', { count: status.codesBeingRead });
  // Held photos are not finished: they wait for a person, so say how many instead of "all done".
  else if (pending === 0 && counts.held > 0)
    pace = t(folder ? 'progress.folderHeld' : 'progress.allHeld', { count: counts.held });
  else if (pending === 0) pace = folder ? t('progress.folderDone') : t('progress.allDone');
  else if (paused) pace = t('progress.paused');
  else if (waiting !== null) pace = waiting;
  else if (rate === null) pace = t('progress.measuring');
  else {
    pace = t('progress.rate', { rate: formatRate(rate, lang) });
    if (eta !== null) pace += ` · ${t('progress.eta', { eta: formatDuration(eta, t) })}`;
  }
  return (
    <section
      className="progress-panel"
      aria-label={
        folder ? t('progress.folderLabel', { name: baseName(folder.path) }) : t('progress.label')
      }
    >
      {folder && (
        <p className="progress-folder muted small" data-testid="progress-folder">
          {t('progress.folder')}{' '}
          <strong data-i18n-skip="data" title={folder.path}>
            {baseName(folder.path)}
          </strong>
        </p>
      )}
      <div className="progress-head">
        <p className="progress-title">
          <Trans
            t={t}
            i18nKey="progress.title"
            values={{
              finished: formatCount(finished, lang),
              photos: formatCount(photosOf(counts), lang),
            }}
            components={{
              finished: <strong data-testid="progress-finished" />,
              photos: <strong data-testid="progress-photos" />,
            }}
          />
        </p>
        <p className="progress-pace muted" data-testid="progress-pace">
          {pace}
        </p>
      </div>
      <div
        className="stackbar"
        role="progressbar"
        aria-label={t('progress.bar')}
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
            {seg.key === 'held' ? tStates('state.held.label') : t(`progress.${seg.key}`)}{' '}
            <strong>{formatCount(seg.count, lang)}</strong>
          </li>
        ))}
        <li data-testid="count-review">
          <span className="swatch seg-review" aria-hidden="true" />
          {t('progress.review')} <strong>{formatCount(counts.photosToReview, lang)}</strong>
        </li>
      </ul>
      <HeldNote held={counts.held} />
    </section>
  );
}
