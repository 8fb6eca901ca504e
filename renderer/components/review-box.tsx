// Review of one reading: accept what the AI read, or type the correct value (validated as a
// reading). The AI's reading stays beside the correction. Keyboard: A accepts, E edits, Enter
// saves, Escape goes back to the table. In a walking-order review it says where the clerk is on
// the route, keeps the focus after each review (A and Ctrl+Z go on working) and says when the
// route is done.
import { useEffect, useId, useRef, useState } from 'react';
import type { JobRecord } from '../../common/job-record';
import { describeError } from '../lib/errors';
import { typedReading } from '../lib/reading';
import { useApp, useAppApi } from '../store/context';
import { undoHere } from '../store/walk-slice';
import type { ReviewRequest } from '../store/detail-slice';
import { useT } from '../i18n/i18n';
import { formatCount, formatReading } from '../i18n/format';
import { useLang } from '../i18n/use-lang';
import { baseName } from '../lib/format';
import { Icon } from './icon';
import { TABLE_ID } from './job-table';

type DeskT = ReturnType<typeof useT<'desk'>>;

function staleResult(job: JobRecord): boolean {
  return job.resultSource === 'cached_stale' || job.isLatestAiVersion === false;
}

/** The meter's plausibility rules say why (the detail lists each rule that fired). */
function ruleFired(job: JobRecord): boolean {
  return (
    !staleResult(job) &&
    (job.plausibility === 'warning' ||
      job.plausibility === 'error' ||
      job.plausibility === 'not_checked')
  );
}

function whyFlagged(job: JobRecord, t: DeskT): string {
  if (staleResult(job)) return t('review.whyStale');
  // A photo of another meter (its code says so) is not a reading that misfits this meter's history.
  if (job.plausibilityDetail?.codeFlag) return t('review.whyCode');
  if (ruleFired(job)) return t('review.whyRule');
  return t('review.whyFlagged');
}

/** The last review, what Undo gives back, and the button; shown until it is undone or replaced. */
function UndoLine(): React.JSX.Element | null {
  const api = useAppApi();
  const t = useT('desk');
  const tErrors = useT('errors');
  const lang = useLang();
  // Walking, the photo shown's own review only: not the meter before's (undoHere).
  const last = useApp(undoHere);
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
      : t('review.undoCorrected', {
          file,
          reading: last.reading === null ? '' : formatReading(last.reading, lang),
        });
  const restores =
    restore.action === null
      ? t('review.undoRestoresNone')
      : restore.action === 'accepted'
        ? t('review.undoRestoresConfirmed')
        : t('review.undoRestoresCorrected', {
            reading: formatReading(restore.reading, lang),
          });
  const undo = async (): Promise<void> => {
    const undone = await api.getState().undoReview();
    // Refused in the office, the box says why (ReviewRefusal); the undo stays offered.
    setMessage(
      !undone.ok
        ? {
            tone: 'bad',
            text: t('review.undoFailed', { reason: describeError(undone.error, tErrors) }),
          }
        : undone.value === 'refused'
          ? null
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
        <Icon name="retry" /> {t('review.undo')} <kbd>{t('review.undoKey')}</kbd>
      </button>
    </div>
  );
}

/** "Route reviewed" once the walk ended on this photo. */
function WalkDone({ jobId }: { jobId: number }): React.JSX.Element | null {
  const t = useT('desk');
  const end = useApp((s) => s.walkEnd);
  if (end?.jobId !== jobId) return null;
  return (
    <p className="walk-done tone-ok" role="status" data-testid="walk-done">
      <Icon name="check" /> {t('review.walkDone', { count: end.reviewed })}
    </p>
  );
}

/**
 * "Meter 3 of 4 · seq 280": where this photo's meter is in the walk. A walk over several routes
 * names the route and counts in it ("Route 12: meter 3 of 4 · seq 280"): two routes walked as one
 * said "meter 5 of 8" and a sequence number of either.
 */
function WalkPosition({ jobId }: { jobId: number }): React.JSX.Element | null {
  const t = useT('desk');
  const lang = useLang();
  const stops = useApp((s) => s.walkStops);
  const stop = stops.find((s) => s.jobId === jobId);
  if (!stop) return null;
  const several = stop.route !== null && new Set(stops.map((s) => s.route)).size > 1;
  const inRoute = several ? stops.filter((s) => s.route === stop.route) : stops;
  const place = {
    at: formatCount(inRoute.indexOf(stop) + 1, lang),
    total: formatCount(inRoute.length, lang),
    seq: stop.sequence === null ? '' : formatCount(stop.sequence, lang),
    route: stop.route ?? '',
  };
  const said = several
    ? stop.sequence === null
      ? t('review.walkAtRoute', place)
      : t('review.walkAtRouteSeq', place)
    : stop.sequence === null
      ? t('review.walkAt', place)
      : t('review.walkAtSeq', place);
  return (
    <span className="walk-position" data-testid="walk-position">
      {said}
    </span>
  );
}

export function ReviewBox({
  job,
  stale,
  refusal,
}: {
  job: JobRecord;
  stale: boolean;
  /** Office mode: why the last review here was refused (the billing part words it). */
  refusal?: React.ReactNode;
}): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const tStates = useT('states');
  const tErrors = useT('errors');
  const lang = useLang();
  const shown = (reading: string | null): string =>
    reading === null ? '–' : formatReading(reading, lang);
  const editNonce = useApp((s) => s.editNonce);
  // Reviewing in walking order: the next flagged meter of the route comes next, not the next row.
  const walking = useApp((s) => s.walking);
  // Only an "edit" asked for while this box is up takes the focus, not one from before it mounted.
  const seenNonce = useRef(editNonce);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLElement>(null);
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

  // Walking, each meter is shown with the box at the panel's foot: the rules that fired, listed
  // just above it, and the photo (kept at the top) are in view with it.
  const meterShown = register?.meterId ?? null;
  useEffect(() => {
    if (!walking) return;
    const toFoot = (): void => {
      boxRef.current?.scrollIntoView({ block: 'end' });
    };
    toFoot();
    window.addEventListener('resize', toFoot);
    return () => {
      window.removeEventListener('resize', toFoot);
    };
  }, [walking, job.id, meterShown]);
  const typed = typedReading(text, register, tStates);
  const problem = typed.ok ? null : typed.problem;
  const showProblem = touched && problem !== null;

  const backToTable = (): void => {
    document.getElementById(TABLE_ID)?.focus();
  };

  const run = async (request: ReviewRequest): Promise<void> => {
    setSaving(true);
    // Moves on as the A key does: the next flagged meter when walking, else the next row.
    const reviewed = await api.getState().review(job.id, request);
    setSaving(false);
    if (!reviewed.ok) setError(describeError(reviewed.error, tErrors));
    // Refused in the office: the box says why and stays the clerk's place.
    else if (reviewed.value === 'refused') boxRef.current?.focus({ preventScroll: true });
    // Walking, the review box stays the clerk's place (A, E and Ctrl+Z work from it); the
    // correction field would keep Ctrl+Z for its own text.
    else if (walking || api.getState().walkEnd) boxRef.current?.focus({ preventScroll: true });
    else backToTable();
  };

  const onSubmit = (e: React.SyntheticEvent): void => {
    e.preventDefault();
    setTouched(true);
    if (!typed.ok || stale) return;
    void run({ action: 'correct', reading: typed.reading });
  };

  return (
    <section
      ref={boxRef}
      className="review"
      aria-labelledby={`${ids}-title`}
      tabIndex={-1}
      data-testid="review-box"
    >
      <WalkDone jobId={job.id} />
      <div className="review-head">
        <h3 id={`${ids}-title`} className="section-title">
          {job.toReview ? (
            <>
              <Icon name="flag" /> {t('review.toReview')}
            </>
          ) : (
            t('review.title')
          )}
        </h3>
        <WalkPosition jobId={job.id} />
      </div>
      {/* Walking, the rules that fired are listed just above: the box does not say it again. */}
      {job.toReview && !(walking && ruleFired(job)) && (
        <p className="review-why">{whyFlagged(job, t)}</p>
      )}
      {job.reviewAction && (
        <p className="review-done tone-ok" data-testid="review-done">
          <Icon name="check" />{' '}
          {job.reviewAction === 'corrected'
            ? t('review.corrected', {
                reading: job.reviewedReading === null ? '' : shown(job.reviewedReading),
                ai: shown(job.aiReading),
              })
            : t('review.confirmed')}
        </p>
      )}
      <div className="review-row">
        <div>
          <span className="label">{t('review.aiReading')}</span>
          <span className="reading-ai num">{shown(job.aiReading)}</span>
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
            placeholder={formatReading(job.aiReading ?? '12345.678', lang)}
            value={text}
            aria-invalid={showProblem}
            aria-describedby={showProblem ? `${ids}-problem` : walking ? undefined : `${ids}-hint`}
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
        {/* Walking, the window's height goes to the photo and the rules: the hints wait. */}
        {showProblem ? (
          <p id={`${ids}-problem`} className="field-problem" role="alert">
            {problem}
          </p>
        ) : (
          !walking && (
            <p id={`${ids}-hint`} className="hint muted">
              {t('review.keptBeside')}
            </p>
          )
        )}
        {error && (
          <p className="field-problem" role="alert">
            {error}
          </p>
        )}
      </form>
      {refusal}
      <UndoLine />
      {!walking && <p className="keys muted">{t('review.keys')}</p>}
    </section>
  );
}
