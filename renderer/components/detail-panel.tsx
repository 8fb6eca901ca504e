// The selected photo in full: the image (through the meterdesk-photo:// protocol main serves,
// never file://), the reading and its review, what the service said, and the job's history.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JobDetail } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { baseName, formatBytes, formatTime } from '../lib/format';
import { describeError } from '../lib/errors';
import { errorQuotes, errorText, serviceWaitReason, sourceWords, stateLook } from '../lib/states';
import { historyLine } from '../lib/history';
import { useLang } from '../i18n/use-lang';
import { useApp, useAppApi } from '../store/context';
import { selectAi } from '../store/status-slice';
import { Icon } from './icon';
import { ReviewBox } from './review-box';
import { PhotoViewer } from './photo-viewer';
import { useT } from '../i18n/i18n';
import { MeterActions, MeterAlone, MeterSummary } from '../billing/meter-section';

function Photo({ detail }: { detail: JobDetail }): React.JSX.Element {
  const t = useT('desk');
  const [broken, setBroken] = useState<string | null>(null);
  const url = detail.photoUrl;
  if (url === null || broken === url) {
    return (
      <div className="photo photo-none">
        <Icon name="ban" />
        <span>{url === null ? t('photo.none') : t('photo.broken')}</span>
      </div>
    );
  }
  return (
    <PhotoViewer
      url={url}
      fileName={baseName(detail.job.relPath)}
      onError={() => {
        setBroken(url);
      }}
    />
  );
}

type DeskT = ReturnType<typeof useT<'desk'>>;

/**
 * The service's summary of a reading, worded by the window from the reading and the meter type
 * when it has both; else the service's own sentence, quoted.
 */
function summaryWords(job: JobRecord, t: DeskT): { text: string; quoted: boolean } | null {
  const text = job.resultSummary?.summaryText;
  if (!text) return null;
  if (job.resultSource === 'fresh' && job.aiReading && job.meterType) {
    return {
      text: t('detail.summary', { reading: job.aiReading, type: job.meterType }),
      quoted: false,
    };
  }
  return { text, quoted: true };
}

/** Which AI read the photo: the version recorded then, not the one the service runs today. */
export function aiVersionText(
  job: Pick<JobRecord, 'isLatestAiVersion' | 'aiVersion'>,
  current: string | null,
  t: DeskT,
): string {
  if (job.isLatestAiVersion === false) return t('detail.ai.older');
  if (job.isLatestAiVersion !== true) return '–';
  if (!job.aiVersion) return t('detail.ai.latestWhenRead');
  if (current && current !== job.aiVersion)
    return t('detail.ai.latestThen', { version: job.aiVersion, current });
  return t('detail.ai.latest', { version: job.aiVersion });
}

/** Ctrl+Z (⌘Z) takes back the last review, except in a text field (its own undo). */
function useUndoShortcut(): void {
  const api = useAppApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) {
        return;
      }
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))
        return;
      if (!api.getState().lastReview) return;
      e.preventDefault();
      void api.getState().undoReview();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [api]);
}

export function DetailPanel(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const tStates = useT('states');
  const tBanners = useT('banners');
  const lang = useLang();
  useUndoShortcut();
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
      <aside className="detail detail-empty" aria-label={t('detail.label')}>
        <Icon name="info" />
        <p>{t('detail.selectHint')}</p>
        <p className="keys muted">{t('detail.keys')}</p>
      </aside>
    );
  }
  if (detailError) {
    return (
      <aside className="detail detail-empty" aria-label={t('detail.label')}>
        <p className="tone-bad">{describeError(detailError)}</p>
      </aside>
    );
  }
  if (!detail) {
    return (
      <aside className="detail detail-empty" aria-label={t('detail.label')} aria-busy="true">
        <p className="muted">{t('detail.loading')}</p>
      </aside>
    );
  }
  // While the next photo loads, the previous one stays (dimmed, its actions off): no flash.
  const stale = detail.job.id !== selectedId;
  const { job, events, root } = detail;
  const look = stateLook(job.state, tStates);
  const error = errorText(job, tStates, tBanners, lang);
  const waitReason = serviceWaitReason(job);
  const summary = summaryWords(job, t);
  return (
    <aside
      className="detail"
      aria-label={t('detail.label')}
      aria-busy={stale}
      data-testid="detail-panel"
      data-job-id={job.id}
    >
      <div className="detail-head">
        <div className="detail-title">
          <h2 title={job.relPath} data-i18n-skip>
            {baseName(job.relPath)}
          </h2>
          <p className="muted small" title={job.path} data-i18n-skip>
            {root ? baseName(root.path) : ''}
            {job.relPath.includes('/')
              ? ` / ${job.relPath.slice(0, job.relPath.lastIndexOf('/'))}`
              : ''}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-icon btn-quiet"
          aria-label={t('detail.close')}
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
        <p
          className="detail-error"
          role="note"
          {...(errorQuotes(job, tStates, tBanners) && { 'data-i18n-skip': 'quoted' })}
        >
          <Icon name="warning" /> {error}
        </p>
      )}
      {waitReason && (
        <p className="detail-note" role="note" data-testid="detail-wait-reason">
          <Icon name="info" /> {t('detail.serviceSays', { reason: waitReason })}
        </p>
      )}
      <dl className="facts">
        {summary && (
          <>
            <dt>{t('detail.result')}</dt>
            <dd data-testid="detail-summary" data-i18n-skip={summary.quoted || undefined}>
              {summary.text}
            </dd>
          </>
        )}
        <dt>{t('detail.source')}</dt>
        <dd>{sourceWords(job.resultSource, false, tStates) || '–'}</dd>
        {detail.copyOf && (
          <>
            <dt>{t('detail.copyOf')}</dt>
            <dd className="mono small" data-testid="detail-copy-of" data-i18n-skip>
              {detail.copyOf}
            </dd>
          </>
        )}
        {job.serviceFailureKind && (
          <>
            <dt>{t('detail.failureKind')}</dt>
            <dd className="mono small" data-testid="detail-failure-kind" data-i18n-skip>
              {job.serviceFailureKind}
            </dd>
          </>
        )}
        <dt>{t('detail.aiVersion')}</dt>
        <dd>{aiVersionText(detail.job, currentAi, t)}</dd>
        <dt>{t('detail.meterType')}</dt>
        <dd data-i18n-skip>{job.meterType ?? '–'}</dd>
        <dt>{t('detail.file')}</dt>
        <dd>
          {job.format ? <span data-i18n-skip>{job.format}</span> : t('detail.unknownType')} ·{' '}
          <span data-i18n-skip>{formatBytes(job.size, lang)}</span>
        </dd>
        {job.taskId && (
          <>
            <dt>{t('detail.task')}</dt>
            <dd className="mono small" data-i18n-skip>
              {job.taskId}
            </dd>
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
            <Icon name="retry" /> {t('detail.retry')}
          </button>
        )}
        <button
          type="button"
          className="btn"
          onClick={() => void api.getState().openLocation({ jobId: job.id })}
        >
          <Icon name="external" /> {t('detail.showInFolder')}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={job.state === 'uploading' || job.state === 'submitted'}
          title={
            job.state === 'uploading' || job.state === 'submitted'
              ? t('detail.removeBusy')
              : undefined
          }
          onClick={() => void api.getState().remove([job.id])}
        >
          <Icon name="trash" /> {t('detail.remove')}
        </button>
      </div>
      <section aria-label={t('detail.history')}>
        <h3 className="section-title">{t('detail.history')}</h3>
        {events.length === 0 ? (
          <p className="muted small">{t('detail.nothingYet')}</p>
        ) : (
          <ol className="history" data-testid="detail-history">
            {events.map((ev, i) => {
              const evLook = stateLook(ev.state, tStates);
              const line = historyLine(ev.message, tStates, tBanners, lang);
              return (
                <li key={`${ev.at}-${String(i)}`}>
                  <time dateTime={ev.at}>{formatTime(ev.at, undefined, lang)}</time>
                  <span className={`history-state tone-${evLook.tone}`}>{evLook.label}</span>
                  {'worded' in line ? (
                    <span className="history-msg">{line.worded}</span>
                  ) : (
                    <span className="history-msg" data-i18n-skip>
                      {line.quoted}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </aside>
  );
}
