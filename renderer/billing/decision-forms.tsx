// The forms of a meter's decisions in the detail: a meter exchange (the new meter's number and
// serial, the day, the old meter's removal reading, the new one's installation reading, and its
// reading now when the photo gave none), a re-read (the
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
import { CodeSelect, TextField } from './form-fields';
import { useDecisionRefusal } from './office-review-words';

interface FormProps {
  readonly detail: MeterDetail;
  readonly onDone: () => void;
}

type FormName = 'exchange' | 'reread' | 'estimate';

/**
 * A decision's form: its title, its fields, the rules' problem (cleared as the clerk types),
 * Save and Cancel. `request` is what Save sends, or what to say instead when a field is wrong.
 */
function DecisionForm({
  name,
  detail,
  onDone,
  request,
  children,
}: FormProps & {
  readonly name: FormName;
  readonly request: () => DecisionRequest | { readonly problem: string };
  readonly children: React.ReactNode;
}): React.JSX.Element {
  const api = useAppApi();
  const t = useT('decisions');
  const errorsT = useT('errors');
  const [problem, setProblem] = useState<string | null>(null);
  const refusal = useDecisionRefusal();
  const submit = async (): Promise<void> => {
    const req = request();
    if ('problem' in req) {
      setProblem(req.problem);
      return;
    }
    const reply = await api.getState().decideMeter(detail.meter.meterId, req);
    if (!reply.ok) setProblem(describeError(reply.error, errorsT));
    else if (!reply.value.done) setProblem(refusal(reply.value));
    else onDone();
  };
  return (
    <form
      className="review-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onChange={() => {
        setProblem(null);
      }}
      noValidate
      data-testid={`${name}-form`}
    >
      <h4 className="label">{t(`${name}.title`)}</h4>
      {children}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" data-testid="decision-save">
          {t(`${name}.save`)}
        </button>
        <button type="button" className="btn btn-quiet" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
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
  const [fields, setFields] = useState({ oldFinal: '', newStart: '', reading: '' });
  const [newMeter, setNewMeter] = useState('');
  const [newSerial, setNewSerial] = useState('');
  // The route's read day: most exchanges are found on the round that reads the new meter.
  const [exchangedAt, setExchangedAt] = useState(detail.readDay ?? '');
  const request = (): DecisionRequest | { problem: string } => {
    const oldFinal = typedReading(fields.oldFinal, detail.meter, tStates);
    const newStart = typedReading(fields.newStart, detail.meter, tStates);
    const now =
      fields.reading.trim() === '' && photoReading
        ? null
        : typedReading(fields.reading, detail.meter, tStates);
    if (!oldFinal.ok) return oldFinal;
    if (!newStart.ok) return newStart;
    if (now && !now.ok) return now;
    return {
      kind: 'exchange',
      newMeter,
      ...(newSerial.trim() && { newSerial: newSerial.trim() }),
      exchangedAt,
      oldFinal: oldFinal.reading,
      newStart: newStart.reading,
      ...(now && { reading: now.reading }),
    };
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
        }}
        data-testid={`exchange-${key}`}
      />
    </>
  );
  return (
    <DecisionForm name="exchange" detail={detail} onDone={onDone} request={request}>
      <div className="skip-grid">
        <TextField
          id={`${id}-newMeter`}
          label={t('exchange.newMeter')}
          value={newMeter}
          onChange={setNewMeter}
          testId="exchange-newMeter"
        />
        <TextField
          id={`${id}-newSerial`}
          label={t('exchange.newSerial')}
          value={newSerial}
          onChange={setNewSerial}
          testId="exchange-newSerial"
        />
        <TextField
          id={`${id}-exchangedAt`}
          type="date"
          label={t('exchange.exchangedAt')}
          value={exchangedAt}
          onChange={setExchangedAt}
          testId="exchange-exchangedAt"
        />
        {field('oldFinal', t('exchange.oldFinal'))}
        {field('newStart', t('exchange.newStart'))}
        {field('reading', t('exchange.reading'))}
      </div>
      {photoReading && <p className="hint muted">{t('exchange.readingHint')}</p>}
    </DecisionForm>
  );
}

export function RereadForm({ detail, onDone }: FormProps): React.JSX.Element {
  const t = useT('decisions');
  const id = useId();
  const [reason, setReason] = useState<RereadReason>('implausible');
  const [note, setNote] = useState('');
  const request = (): DecisionRequest => ({
    kind: 'reread',
    reason,
    ...(note.trim() && { note: note.trim() }),
  });
  return (
    <DecisionForm name="reread" detail={detail} onDone={onDone} request={request}>
      <div className="skip-grid">
        <CodeSelect
          id={`${id}-reason`}
          label={t('reread.reason')}
          codes={REREAD_REASONS}
          words={(r) => t(`reread.reasons.${r}`)}
          value={reason}
          onChange={setReason}
          testId="reread-reason"
        />
        <TextField
          id={`${id}-note`}
          label={t('reread.note')}
          value={note}
          onChange={setNote}
          testId="reread-note"
        />
      </div>
      <p className="hint muted">{t('reread.hint')}</p>
    </DecisionForm>
  );
}

export function EstimateForm({ detail, onDone }: FormProps): React.JSX.Element {
  const t = useT('decisions');
  const lang = useLang();
  const id = useId();
  const [readAt, setReadAt] = useState(detail.readDay ?? '');
  const { avgDailyUse, previousReadAt } = detail.meter;
  const request = (): DecisionRequest => ({ kind: 'estimate', ...(readAt && { readAt }) });
  return (
    <DecisionForm name="estimate" detail={detail} onDone={onDone} request={request}>
      <div className="skip-grid">
        <TextField
          id={`${id}-date`}
          type="date"
          label={t('estimate.date')}
          value={readAt}
          onChange={setReadAt}
          testId="estimate-date"
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
    </DecisionForm>
  );
}
