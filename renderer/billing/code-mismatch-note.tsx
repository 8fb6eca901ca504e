// The code on the photo names another meter than the one it was matched to (issue 25): said in
// the detail with both numbers, and, since that meter is on the route, one button moves the photo
// there (the assignMeter action, as the meter picker's choice).
import { useState } from 'react';
import type { MeterDetail } from '../../common/ipc';
import type { JobRecord } from '../../common/job-record';
import { Icon } from '../components/icon';
import { useT } from '../i18n/i18n';
import { describeError } from '../lib/errors';
import { useAppApi } from '../store/context';

export function CodeMismatchNote({
  detail,
  job,
}: {
  detail: MeterDetail;
  job: JobRecord;
}): React.JSX.Element | null {
  const t = useT('billing');
  const errorsT = useT('errors');
  const api = useAppApi();
  const [error, setError] = useState<string | null>(null);
  const mismatch = detail.codeMismatch;
  if (!mismatch || mismatch.jobId !== job.id || job.meterId !== mismatch.params.matched) {
    return null;
  }
  const { code, matched, named } = mismatch.params;
  const move = async (): Promise<void> => {
    const moved = await api.getState().assignMeter(job.id, named);
    if (!moved.ok) setError(describeError(moved.error, errorsT));
    else {
      setError(null);
      api.getState().notify('ok', t('picker.assigned', { meter: named }));
    }
  };
  return (
    <div className="detail-note" role="note" data-testid="code-mismatch">
      <p>
        <Icon name="warning" /> {t('codes.namesOtherMeter', { code, matched })}
      </p>
      {job.reviewAction === null && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            void move();
          }}
          data-testid="code-move"
        >
          {t('codes.moveTo', { meter: named })}
        </button>
      )}
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
