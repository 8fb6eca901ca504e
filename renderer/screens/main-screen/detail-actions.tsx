// What the clerk can do with the photo in the detail panel: send a failed one again, show it in
// its folder, remove it from the queue (not while it is at the service).
import type { JobRecord } from '../../../common/job-record';
import { useT } from '../../i18n/i18n';
import { useAppApi } from '../../store/context';
import { Icon } from '../../components/icon';

export function DetailActions({ job }: { job: JobRecord }): React.JSX.Element {
  const t = useT('desk');
  const tStates = useT('states');
  const api = useAppApi();
  return (
    <div className="detail-actions">
      {job.holdReason && (
        <button
          type="button"
          className="btn"
          title={tStates('sendAnywayHelp')}
          onClick={() => void api.getState().sendHeldAnyway([job.id])}
        >
          <Icon name="upload" /> {tStates('sendAnyway')}
        </button>
      )}
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
  );
}
