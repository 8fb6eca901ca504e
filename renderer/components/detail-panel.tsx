// The selected photo in full: the image (through the meterdesk-photo:// protocol main serves,
// never file://), the reading and its review, what the service said, and the job's history.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobDetail } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { baseName, formatBytes, formatTime } from '../lib/format';
import { describeError } from '../lib/errors';
import { errorText, serviceWaitReason, sourceWords, STATE_LOOK } from '../lib/states';
import { useApp, useAppApi } from '../store/context';
import { selectAi } from '../store/status-slice';
import { Icon } from './icon';
import { ReviewBox } from './review-box';
import { MeterActions, MeterAlone, MeterSummary } from '../billing/meter-section';

function Photo({ detail }: { detail: JobDetail }): React.JSX.Element {
  const [broken, setBroken] = useState<string | null>(null);
  const url = detail.photoUrl;
  if (url === null || broken === url) {
    return (
      <div className="photo photo-none">
        <Icon name="ban" />
        <span>
          {url === null ? 'No preview: this file is not a photo.' : 'The photo could not be shown.'}
        </span>
      </div>
    );
  }
  return (
    <figure className="photo">
      <img
        key={url}
        src={url}
        alt={`Meter photo ${baseName(detail.job.relPath)}`}
        onError={() => {
          setBroken(url);
        }}
        data-testid="detail-photo"
      />
    </figure>
  );
}

/** Which AI read the photo: the version recorded then, not the one the service runs today. */
export function aiVersionText(
  job: Pick<JobRecord, 'isLatestAiVersion' | 'aiVersion'>,
  current: string | null,
): string {
  if (job.isLatestAiVersion === false) return 'Older AI version (historical result)';
  if (job.isLatestAiVersion !== true) return '–';
  if (!job.aiVersion) return 'The latest when read';
  if (current && current !== job.aiVersion)
    return `${job.aiVersion} (the latest then; now ${current})`;
  return `${job.aiVersion} (latest)`;
}

export function DetailPanel(): React.JSX.Element {
  const api = useAppApi();
  const { detail, detailError, selectedId, currentAi, meterAlone } = useApp(
    useShallow((s) => ({
      detail: s.detail,
      detailError: s.detailError,
      selectedId: s.selectedId,
      currentAi: selectAi(s)?.currentAiVersion ?? null,
      meterAlone: s.meterAlone && s.meterOfDetail !== null,
    })),
  );

  if (selectedId === null && meterAlone) return <MeterAlone />;
  if (selectedId === null) {
    return (
      <aside className="detail detail-empty" aria-label="Photo details">
        <Icon name="info" />
        <p>Select a photo to see it with its reading and history.</p>
        <p className="keys muted">
          <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>J</kbd>/<kbd>K</kbd> move · <kbd>A</kbd> accept ·{' '}
          <kbd>E</kbd> correct · <kbd>/</kbd> search
        </p>
      </aside>
    );
  }
  if (detailError) {
    return (
      <aside className="detail detail-empty" aria-label="Photo details">
        <p className="tone-bad">{describeError(detailError)}</p>
      </aside>
    );
  }
  if (!detail) {
    return (
      <aside className="detail detail-empty" aria-label="Photo details" aria-busy="true">
        <p className="muted">Loading…</p>
      </aside>
    );
  }
  // While the next photo loads, the previous one stays (dimmed, its actions off): no flash.
  const stale = detail.job.id !== selectedId;
  const { job, events, root } = detail;
  const look = STATE_LOOK[job.state];
  const error = errorText(job);
  const waitReason = serviceWaitReason(job);
  const summary = job.resultSummary?.summaryText;
  return (
    <aside
      className="detail"
      aria-label="Photo details"
      aria-busy={stale}
      data-testid="detail-panel"
      data-job-id={job.id}
    >
      <div className="detail-head">
        <div className="detail-title">
          <h2 title={job.relPath}>{baseName(job.relPath)}</h2>
          <p className="muted small" title={job.path}>
            {root ? baseName(root.path) : ''}
            {job.relPath.includes('/')
              ? ` / ${job.relPath.slice(0, job.relPath.lastIndexOf('/'))}`
              : ''}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-icon btn-quiet"
          aria-label="Close details"
          onClick={() => {
            api.getState().select(null);
          }}
        >
          <Icon name="close" />
        </button>
      </div>
      <Photo detail={detail} />
      <p className={`detail-status tone-${look.tone}`}>
        <Icon name={look.icon} /> <strong>{look.label}</strong>
        <span className="muted"> · {look.help}</span>
      </p>
      {!stale && <MeterSummary job={job} />}
      {job.state === 'done' && <ReviewBox job={job} stale={stale} />}
      {!stale && <MeterActions job={job} />}
      {error && (
        <p className="detail-error" role="note">
          <Icon name="warning" /> {error}
        </p>
      )}
      {waitReason && (
        <p className="detail-note" role="note" data-testid="detail-wait-reason">
          <Icon name="info" /> The service says: {waitReason}
        </p>
      )}
      <dl className="facts">
        {summary && (
          <>
            <dt>Result</dt>
            <dd data-testid="detail-summary">{summary}</dd>
          </>
        )}
        <dt>Source</dt>
        <dd>{sourceWords(job.resultSource) || '–'}</dd>
        {detail.copyOf && (
          <>
            <dt>Copy of</dt>
            <dd className="mono small" data-testid="detail-copy-of">
              {detail.copyOf}
            </dd>
          </>
        )}
        {job.serviceFailureKind && (
          <>
            <dt>Failure kind</dt>
            <dd className="mono small" data-testid="detail-failure-kind">
              {job.serviceFailureKind}
            </dd>
          </>
        )}
        <dt>AI version</dt>
        <dd>{aiVersionText(detail.job, currentAi)}</dd>
        <dt>Meter type</dt>
        <dd>{job.meterType ?? '–'}</dd>
        <dt>File</dt>
        <dd>
          {job.format ?? 'unknown type'} · {formatBytes(job.size)}
        </dd>
        {job.taskId && (
          <>
            <dt>Task</dt>
            <dd className="mono small">{job.taskId}</dd>
          </>
        )}
      </dl>
      <div className="detail-actions">
        {job.state === 'failed' && (
          <button
            type="button"
            className="btn"
            onClick={() => void api.getState().retryFailed([job.id])}
          >
            <Icon name="retry" /> Retry
          </button>
        )}
        <button
          type="button"
          className="btn"
          onClick={() => void api.getState().openLocation({ jobId: job.id })}
        >
          <Icon name="external" /> Show in folder
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={job.state === 'uploading' || job.state === 'submitted'}
          title={
            job.state === 'uploading' || job.state === 'submitted'
              ? 'Being read at the service: it can be removed once it is finished.'
              : undefined
          }
          onClick={() => void api.getState().remove([job.id])}
        >
          <Icon name="trash" /> Remove from list
        </button>
      </div>
      <section aria-label="History">
        <h3 className="section-title">History</h3>
        {events.length === 0 ? (
          <p className="muted small">Nothing yet.</p>
        ) : (
          <ol className="history" data-testid="detail-history">
            {events.map((ev, i) => (
              <li key={`${ev.at}-${String(i)}`}>
                <time dateTime={ev.at}>{formatTime(ev.at)}</time>
                <span className={`history-state tone-${STATE_LOOK[ev.state].tone}`}>
                  {STATE_LOOK[ev.state].label}
                </span>
                <span className="history-msg">{ev.message}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </aside>
  );
}
