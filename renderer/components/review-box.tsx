// Review of one reading: accept what the AI read, or type the correct value (validated as a
// reading). The AI's reading stays beside the correction. Keyboard: A accepts, E edits, Enter
// saves, Escape goes back to the table.
import { useEffect, useId, useRef, useState } from 'react';
import type { JobRecord } from '../../common/job-record';
import { describeError } from '../lib/errors';
import { typedReading } from '../lib/reading';
import { useApp, useAppApi } from '../store/context';
import type { ReviewRequest } from '../store/detail-slice';
import { useT } from '../i18n/i18n';
import { baseName } from '../lib/format';
import { Icon } from './icon';
import { TABLE_ID } from './job-table';

type DeskT = ReturnType<typeof useT<'desk'>>;

function whyFlagged(job: JobRecord, t: DeskT): string {
  if (job.resultSource === 'cached_stale' || job.isLatestAiVersion === false) {
    return t('review.whyStale');
  }
  // The meter's plausibility rules say why (the detail lists each rule that fired).
  if (
    job.plausibility === 'warning' ||
    job.plausibility === 'error' ||
    job.plausibility === 'not_checked'
  ) {
    return t('review.whyRule');
  }
  return t('review.whyFlagged');
}

/** The last review, what Undo gives back, and the button; shown until it is undone or replaced. */
function UndoLine(): React.JSX.Element | null {
  const api = useAppApi();
  const t = useT('desk');
  const last = useApp((s) => s.lastReview);
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  useEffect(() => {
    if (last) setMessage(null);
  }, [last]);
  if (!last) {
    return message ? (
      <p className={message.tone === 'ok' ? 'form-ok' : 'form-error'} role="status">
        {message.text}
      </p>
    ) : null;
  }
  const file = baseName(last.relPath);
  const restore = last.restore;
  const what =
    last.action === 'accepted'
      ? t('review.undoConfirmed', { file })
      : t('review.undoCorrected', { file, reading: last.reading ?? '' });
  const restores =
    restore.action === null
      ? t('review.undoRestoresNone')
      : restore.action === 'accepted'
        ? t('review.undoRestoresConfirmed')
        : t('review.undoRestoresCorrected', { reading: restore.reading });
  const undo = async (): Promise<void> => {
    const undone = await api.getState().undoReview();
    setMessage(
      !undone.ok
        ? { tone: 'bad', text: t('review.undoFailed', { reason: describeError(undone.error) }) }
        : { tone: 'ok', text: t('review.undone', { file }) },
    );
  };
  return (
    <div className="review-undo" data-testid="review-undo">
      <p className="small">
        {what} {restores}
      </p>
      <button
        type="button"
        className="btn btn-small"
        aria-keyshortcuts="Control+Z"
        onClick={() => void undo()}
        data-testid="undo-review"
      >
        <Icon name="retry" /> {t('review.undo')} <kbd>Ctrl+Z</kbd>
      </button>
    </div>
  );
}

export function ReviewBox({ job, stale }: { job: JobRecord; stale: boolean }): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const tStates = useT('states');
  const editNonce = useApp((s) => s.editNonce);
  // Reviewing in walking order: the next flagged meter of the route comes next, not the next row.
  const walking = useApp((s) => s.walking);
  // Only an "edit" asked for while this box is up takes the focus, not one from before it mounted.
  const seenNonce = useRef(editNonce);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();

  useEffect(() => {
    setText('');
    setTouched(false);
    setError(null);
  }, [job.id]);

  useEffect(() => {
    if (editNonce === seenNonce.current) return;
    seenNonce.current = editNonce;
    inputRef.current?.focus();
  }, [editNonce]);

  // The meter's register from its route sheet when the photo has one (MeterSummary loads it).
  const register = useApp((s) =>
    job.meterId !== null && s.meterOfDetail?.meter.meterId === job.meterId
      ? s.meterOfDetail.meter
      : null,
  );
  const typed = typedReading(text, register, tStates);
  const problem = typed.ok ? null : typed.problem;
  const showProblem = touched && problem !== null;

  const backToTable = (): void => {
    document.getElementById(TABLE_ID)?.focus();
  };

  const run = async (request: ReviewRequest): Promise<void> => {
    setSaving(true);
    const reviewed = await api.getState().review(job.id, request, !walking);
    setSaving(false);
    if (!reviewed.ok) setError(describeError(reviewed.error));
    else if (walking) await api.getState().nextInWalkingOrder();
    else backToTable();
  };

  const onSubmit = (e: React.SyntheticEvent): void => {
    e.preventDefault();
    setTouched(true);
    if (!typed.ok || stale) return;
    void run({ action: 'correct', reading: typed.reading });
  };

  return (
    <section className="review" aria-labelledby={`${ids}-title`} data-testid="review-box">
      <h3 id={`${ids}-title`} className="section-title">
        {job.toReview ? (
          <>
            <Icon name="flag" /> {t('review.toReview')}
          </>
        ) : (
          t('review.title')
        )}
      </h3>
      {job.toReview && <p className="review-why">{whyFlagged(job, t)}</p>}
      {job.reviewAction && (
        <p className="review-done tone-ok" data-testid="review-done">
          <Icon name="check" />{' '}
          {job.reviewAction === 'corrected'
            ? t('review.corrected', {
                reading: job.reviewedReading ?? '',
                ai: job.aiReading ?? '–',
              })
            : t('review.confirmed')}
        </p>
      )}
      <div className="review-row">
        <div>
          <span className="label">{t('review.aiReading')}</span>
          <span className="reading-ai num">{job.aiReading ?? '–'}</span>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={saving || stale || job.aiReading === null}
          onClick={() => void run({ action: 'accept' })}
          aria-keyshortcuts="A"
          data-testid="accept-reading"
        >
          <Icon name="check" /> {t('review.confirm')} <kbd>A</kbd>
        </button>
      </div>
      <form className="review-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${ids}-input`} className="label">
          {t('review.correctLabel')}
        </label>
        <div className="review-row">
          <input
            ref={inputRef}
            id={`${ids}-input`}
            className="input num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={job.aiReading ?? '12345.678'}
            value={text}
            aria-invalid={showProblem}
            aria-describedby={showProblem ? `${ids}-problem` : `${ids}-hint`}
            aria-keyshortcuts="E"
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onBlur={() => {
              if (text !== '') setTouched(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                backToTable();
              }
            }}
            data-testid="correct-input"
          />
          <button
            type="submit"
            className="btn"
            disabled={saving || stale}
            data-testid="save-correction"
          >
            {t('review.saveCorrection')}
          </button>
        </div>
        {showProblem ? (
          <p id={`${ids}-problem`} className="field-problem" role="alert">
            {problem}
          </p>
        ) : (
          <p id={`${ids}-hint`} className="hint muted">
            {t('review.keptBeside')}
          </p>
        )}
        {error && (
          <p className="field-problem" role="alert">
            {error}
          </p>
        )}
      </form>
      <UndoLine />
      <p className="keys muted">{t('review.keys')}</p>
    </section>
  );
}
