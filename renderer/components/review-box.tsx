// Review of one reading: accept what the AI read, or type the correct value (validated as a
// reading). The AI's reading stays beside the correction. Keyboard: A accepts, E edits, Enter
// saves, Escape goes back to the table.
import { useEffect, useId, useRef, useState } from 'react';
import type { JobRecord } from '../../common/job-record';
import { describeError } from '../lib/errors';
import { readingProblem } from '../lib/reading';
import { useApp, useAppApi } from '../store/context';
import type { ReviewRequest } from '../store/detail-slice';
import { Icon } from './icon';
import { TABLE_ID } from './job-table';

function whyFlagged(job: JobRecord): string {
  if (job.resultSource === 'cached_stale' || job.isLatestAiVersion === false) {
    return 'This is a historical result from an older AI version (the AI was offline). Check it against the photo.';
  }
  // The meter's plausibility rules say why (the detail lists each rule that fired).
  if (job.plausibility === 'warning' || job.plausibility === 'error') {
    return 'This reading does not fit the meter’s history. Check it against the photo.';
  }
  return 'This reading was flagged as doubtful. Check it against the photo.';
}

export function ReviewBox({ job, stale }: { job: JobRecord; stale: boolean }): React.JSX.Element {
  const api = useAppApi();
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

  const problem = readingProblem(text);
  const showProblem = touched && problem !== null;

  const backToTable = (): void => {
    document.getElementById(TABLE_ID)?.focus();
  };

  const run = async (request: ReviewRequest): Promise<void> => {
    setSaving(true);
    const failed = await api.getState().review(job.id, request, !walking);
    setSaving(false);
    if (failed) setError(describeError(failed));
    else if (walking) await api.getState().nextInWalkingOrder();
    else backToTable();
  };

  const onSubmit = (e: React.SyntheticEvent): void => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null || stale) return;
    void run({ action: 'correct', reading: text });
  };

  return (
    <section className="review" aria-labelledby={`${ids}-title`} data-testid="review-box">
      <h3 id={`${ids}-title`} className="section-title">
        {job.needsReview ? (
          <>
            <Icon name="flag" /> Needs review
          </>
        ) : (
          'Review'
        )}
      </h3>
      {job.needsReview && <p className="review-why">{whyFlagged(job)}</p>}
      {job.reviewAction && (
        <p className="review-done tone-ok">
          <Icon name="check" />{' '}
          {job.reviewAction === 'corrected'
            ? `Corrected to ${job.reviewedReading ?? ''} (the AI read ${job.finalReading ?? '–'})`
            : 'Accepted as read by the AI'}
        </p>
      )}
      <div className="review-row">
        <div>
          <span className="label">AI reading</span>
          <span className="reading-ai num">{job.finalReading ?? '–'}</span>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={saving || stale || job.finalReading === null}
          onClick={() => void run({ action: 'accept' })}
          aria-keyshortcuts="A"
          data-testid="accept-reading"
        >
          <Icon name="check" /> Accept <kbd>A</kbd>
        </button>
      </div>
      <form className="review-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${ids}-input`} className="label">
          Correct reading
        </label>
        <div className="review-row">
          <input
            ref={inputRef}
            id={`${ids}-input`}
            className="input num"
            inputMode="decimal"
            autoComplete="off"
            placeholder={job.finalReading ?? '12345.678'}
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
            Save correction
          </button>
        </div>
        {showProblem ? (
          <p id={`${ids}-problem`} className="field-problem" role="alert">
            {problem}
          </p>
        ) : (
          <p id={`${ids}-hint`} className="hint muted">
            The AI reading is kept beside your correction.
          </p>
        )}
        {error && (
          <p className="field-problem" role="alert">
            {error}
          </p>
        )}
      </form>
      <p className="keys muted">
        <kbd>J</kbd>/<kbd>K</kbd> next / previous · <kbd>A</kbd> accept · <kbd>E</kbd> correct ·{' '}
        <kbd>Esc</kbd> back to the list
      </p>
    </section>
  );
}
