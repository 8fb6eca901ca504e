// The selected photo in full: the image, the reading and its review, what the service said, the
// job's facts, what can be done with it, and its history (each in a detail-*.tsx of its own).
import { useShallow } from 'zustand/react/shallow';
import { baseName } from '../../lib/format';
import { describeError } from '../../lib/errors';
import {
  errorQuotes,
  errorText,
  officeDeskNote,
  serviceWaitReason,
  stateLook,
} from '../../lib/states';
import { useLang } from '../../i18n/use-lang';
import { useApp, useAppApi } from '../../store/context';
import { FileName } from '../../components/file-name';
import { Icon } from '../../components/icon';
import { ReviewBox } from '../../components/review-box';
import { useT } from '../../i18n/i18n';
import { MeterActions, MeterAlone, MeterSummary } from '../../billing/meter-section';
import { ReviewRefusal } from '../../billing/review-refusal';
import { DetailActions } from './detail-actions';
import { DetailFacts } from './detail-facts';
import { DetailHistory } from './detail-history';
import { Photo } from './detail-photo';
import { useUndoShortcut } from './use-undo-shortcut';

export function DetailPanel(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const tStates = useT('states');
  const tBanners = useT('banners');
  const tErrors = useT('errors');
  const lang = useLang();
  useUndoShortcut();
  const { detail, detailError, selectedId, meterAlone, walking } = useApp(
    useShallow((s) => ({
      detail: s.detail,
      detailError: s.detailError,
      selectedId: s.selectedId,
      meterAlone: s.meterAlone && s.meterOfDetail !== null,
      walking: s.walking,
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
        <p className="tone-bad">{describeError(detailError, tErrors)}</p>
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
  const look = stateLook(job.holdReason ? 'held' : job.state, tStates);
  // Office mode: whose reading it waits for, or who read it (not paid here), instead of the state's help.
  const office = officeDeskNote(job, tStates);
  const error = errorText(job, tStates, tBanners, lang);
  const waitReason = serviceWaitReason(job, tStates, tBanners);
  return (
    <aside
      className={walking ? 'detail detail-walking' : 'detail'}
      aria-label={t('detail.label')}
      aria-busy={stale}
      data-testid="detail-panel"
      data-job-id={job.id}
    >
      <div className="detail-head">
        <div className="detail-title">
          <h2 title={job.relPath} data-i18n-skip>
            <FileName name={baseName(job.relPath)} />
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
        {/* The dot stays with the label: a help line that wraps starts on a line of its own. */}
        <Icon name={look.icon} /> <strong>{look.label}</strong>
        <span className="muted">{'\u00a0·'} </span>
        <span className="muted">{office?.line ?? look.help}</span>
      </p>
      {!stale && <MeterSummary job={job} />}
      {job.state === 'done' && (
        <ReviewBox job={job} stale={stale} refusal={<ReviewRefusal jobId={job.id} />} />
      )}
      {!stale && <MeterActions job={job} />}
      {error && (
        <p
          className="detail-error"
          role="note"
          {...(errorQuotes(job) && { 'data-i18n-skip': 'quoted' })}
        >
          <Icon name="warning" /> {error}
        </p>
      )}
      {waitReason && (
        <p className="detail-note" role="note" data-testid="detail-wait-reason">
          <Icon name="info" /> {t('detail.serviceSays', { reason: waitReason })}
        </p>
      )}
      <DetailFacts detail={detail} />
      <DetailActions job={job} />
      <DetailHistory events={events} />
    </aside>
  );
}
