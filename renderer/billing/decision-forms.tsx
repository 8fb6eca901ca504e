// The forms of a meter's decisions in the detail: a meter exchange (the old meter's final
// reading, the new one's start, and its reading now when the photo gave none), a re-read (the
// reason and a note for the reader) and an estimate (its date). Each is one call; the rules'
// problem comes back as a code and is said here in the window's words.
import { useId, useState } from 'react';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { REREAD_REASONS, type RereadReason } from '../../common/billing/meter-decision';
import type { MeterDetail } from '../../common/ipc';
import { describeError } from '../lib/errors';
import { typedReading } from '../lib/reading';
import { useT } from '../i18n/i18n';
import { formatAmount, formatDay } from '../i18n/format';
import { useLang } from '../i18n/use-lang';
import { useAppApi } from '../store/context';
import { decisionProblemWords } from './decision-words';

interface FormProps {
  readonly detail: MeterDetail;
  readonly onDone: () => void;
}

/** Sends a decision; null when it was made, else what to say. */
function useDecide(meterId: string): (req: DecisionRequest) => Promise<string | null> {
  const api = useAppApi();
  const t = useT('decisions');
  const errorsT = useT('errors');
  const lang = useLang();
  return async (req) => {
    const reply = await api.getState().decideMeter(meterId, req);
    if (!reply.ok) return describeError(reply.error, errorsT);
    return reply.value.done ? null : decisionProblemWords(reply.value.problem, t, lang);
  };
}

function Problem({ text }: { text: string | null }): React.JSX.Element | null {
  return text ? (
    <p className="field-problem" role="alert">
      {text}
    </p>
  ) : null;
}

function Actions({ save, onCancel }: { save: string; onCancel: () => void }): React.JSX.Element {
  const t = useT('decisions');
  return (
    <div className="form-actions">
      <button type="submit" className="btn" data-testid="decision-save">
        {save}
      </button>
      <button type="button" className="btn btn-quiet" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}

export function ExchangeForm({
  detail,
  onDone,
  photoReading,
}: FormProps & {
  readonly photoReading: boolean;
}): React.JSX.Element {
  const t = useT('decisions');
  const tStates = useT('states');
  const id = useId();
  const decide = useDecide(detail.meter.meterId);
  const [fields, setFields] = useState({ oldFinal: '', newStart: '', reading: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    const oldFinal = typedReading(fields.oldFinal, detail.meter, tStates);
    const newStart = typedReading(fields.newStart, detail.meter, tStates);
    const now =
      fields.reading.trim() === '' && photoReading
        ? null
        : typedReading(fields.reading, detail.meter, tStates);
    for (const r of [oldFinal, newStart, now]) {
      if (r && !r.ok) {
        setProblem(r.problem);
        return;
      }
    }
    if (!oldFinal.ok || !newStart.ok || (now && !now.ok)) return;
    const said = await decide({
      kind: 'exchange',
      oldFinal: oldFinal.reading,
      newStart: newStart.reading,
      ...(now?.ok && { reading: now.reading }),
    });
    if (said) setProblem(said);
    else onDone();
  };
  const field = (key: keyof typeof fields, label: string): React.JSX.Element => (
    <>
      <label htmlFor={`${id}-${key}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input num"
        inputMode="decimal"
        autoComplete="off"
        value={fields[key]}
        onChange={(e) => {
          setFields({ ...fields, [key]: e.target.value });
          setProblem(null);
        }}
        data-testid={`exchange-${key}`}
      />
    </>
  );
  return (
    <form
      className="review-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="exchange-form"
    >
      <h4 className="label">{t('exchange.title')}</h4>
      <div className="skip-grid">
        {field('oldFinal', t('exchange.oldFinal'))}
        {field('newStart', t('exchange.newStart'))}
        {field('reading', t('exchange.reading'))}
      </div>
      {photoReading && <p className="hint muted">{t('exchange.readingHint')}</p>}
      <Problem text={problem} />
      <Actions save={t('exchange.save')} onCancel={onDone} />
    </form>
  );
}

export function RereadForm({ detail, onDone }: FormProps): React.JSX.Element {
  const t = useT('decisions');
  const id = useId();
  const decide = useDecide(detail.meter.meterId);
  const [reason, setReason] = useState<RereadReason>('implausible');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    const said = await decide({
      kind: 'reread',
      reason,
      ...(note.trim() && { note: note.trim() }),
    });
    if (said) setProblem(said);
    else onDone();
  };
  return (
    <form
      className="review-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="reread-form"
    >
      <h4 className="label">{t('reread.title')}</h4>
      <div className="skip-grid">
        <label htmlFor={`${id}-reason`} className="label">
          {t('reread.reason')}
        </label>
        <select
          id={`${id}-reason`}
          className="input"
          value={reason}
          onChange={(e) => {
            const next = REREAD_REASONS.find((r) => r === e.target.value);
            if (next) setReason(next);
            setProblem(null);
          }}
          data-testid="reread-reason"
        >
          {REREAD_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reread.reasons.${r}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`} className="label">
          {t('reread.note')}
        </label>
        <input
          id={`${id}-note`}
          className="input"
          maxLength={500}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setProblem(null);
          }}
          data-testid="reread-note"
        />
      </div>
      <p className="hint muted">{t('reread.hint')}</p>
      <Problem text={problem} />
      <Actions save={t('reread.save')} onCancel={onDone} />
    </form>
  );
}

export function EstimateForm({ detail, onDone }: FormProps): React.JSX.Element {
  const t = useT('decisions');
  const lang = useLang();
  const id = useId();
  const decide = useDecide(detail.meter.meterId);
  const [readAt, setReadAt] = useState(detail.readDay ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const { avgDailyUse, previousReadAt } = detail.meter;
  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    const said = await decide({ kind: 'estimate', ...(readAt && { readAt }) });
    if (said) setProblem(said);
    else onDone();
  };
  return (
    <form
      className="review-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="estimate-form"
    >
      <h4 className="label">{t('estimate.title')}</h4>
      <div className="skip-grid">
        <label htmlFor={`${id}-date`} className="label">
          {t('estimate.date')}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="input"
          value={readAt}
          onChange={(e) => {
            setReadAt(e.target.value);
            setProblem(null);
          }}
          data-testid="estimate-date"
        />
      </div>
      <p className="hint muted">
        {avgDailyUse !== null && previousReadAt !== null
          ? t('estimate.hint', {
              avg: formatAmount(avgDailyUse, lang),
              date: formatDay(previousReadAt.slice(0, 10), lang),
            })
          : t('estimate.noBasis')}
      </p>
      <Problem text={problem} />
      <Actions save={t('estimate.save')} onCancel={onDone} />
    </form>
  );
}
