// What a clerk records for a meter without a usable reading: the reading typed by hand (from the
// field card or the photo), or a skip code with a note (no access, locked, damaged, other...).
import { useEffect, useId, useState } from 'react';
import { SKIP_CODES, type SkipCode } from '../../common/billing/billing-row';
import type { RegisterSetup } from '../../common/billing/reading-input';
import { describeError } from '../lib/errors';
import { typedReading } from '../lib/reading';
import { useT } from '../i18n/i18n';
import { useAppApi } from '../store/context';
import { CodeSelect, TextField } from './form-fields';
import { useOfficeDecision } from './use-office-decision';
import { CheckChoice } from '../components/choice-fieldset';

/**
 * The reading typed for a meter, held to its register as the route sheet sets it up, with the
 * day it was read: `readDay` (the route's read day, a local date) unless the clerk changes it.
 */
export function HandEntry({
  meter,
  readDay,
}: {
  meter: RegisterSetup & { readonly meterId: string };
  readDay?: string | undefined;
}): React.JSX.Element {
  const t = useT('billing');
  const tDecisions = useT('decisions');
  const [readAt, setReadAt] = useState(readDay ?? '');
  useEffect(() => {
    setReadAt(readDay ?? '');
  }, [readDay, meter.meterId]);
  const tStates = useT('states');
  const { meterId } = meter;
  const errorsT = useT('errors');
  const api = useAppApi();
  const id = useId();
  const [text, setText] = useState('');
  // A reading from a customer card: billed as read type "customer", not "actual".
  const [byCustomer, setByCustomer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inOffice = useOfficeDecision();
  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    const input = typedReading(text, meter, tStates);
    if (!input.ok) {
      setError(input.problem);
      return;
    }
    if (inOffice) {
      const request = {
        kind: 'typed',
        reading: input.reading,
        ...(readAt && { readAt }),
        ...(byCustomer && { byCustomer }),
      } as const;
      const problem = await inOffice(meterId, request);
      if (problem === null) setText('');
      else setError(problem);
      return;
    }
    const typed = await api
      .getState()
      .typeReading(meterId, input.reading, readAt || undefined, byCustomer);
    if (!typed.ok) setError(describeError(typed.error, errorsT));
    else setText('');
  };
  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="section-title">{t('hand.title')}</h3>
      <label htmlFor={`${id}-reading`} className="label">
        {t('hand.label')}
      </label>
      <div className="review-row">
        <input
          id={`${id}-reading`}
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          data-testid="hand-reading"
        />
        <button type="submit" className="btn" data-testid="hand-save">
          {t('hand.save')}
        </button>
      </div>
      <CheckChoice checked={byCustomer} onChange={setByCustomer} testId="hand-by-customer">
        {t('hand.byCustomer')}
      </CheckChoice>
      {readDay !== undefined && (
        <div className="review-row">
          <TextField
            id={`${id}-date`}
            type="date"
            label={tDecisions('readAt')}
            value={readAt}
            onChange={setReadAt}
            testId="hand-date"
          />
        </div>
      )}
      <p
        id={`${id}-hint`}
        className={error ? 'field-problem' : 'hint muted'}
        role={error ? 'alert' : undefined}
      >
        {error ?? t('hand.hint')}
      </p>
    </form>
  );
}

export function SkipForm({ meterId }: { meterId: string }): React.JSX.Element {
  const t = useT('billing');
  const errorsT = useT('errors');
  const api = useAppApi();
  const id = useId();
  const [code, setCode] = useState<SkipCode>('no_access');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inOffice = useOfficeDecision();
  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    if (code === 'other' && !note.trim()) {
      setError(t('skip.needNote'));
      return;
    }
    if (inOffice) {
      const request = { kind: 'skip', code, ...(note.trim() && { note: note.trim() }) } as const;
      const problem = await inOffice(meterId, request);
      if (problem === null) setNote('');
      else setError(problem);
      return;
    }
    const skipped = await api.getState().recordSkip(meterId, code, note);
    if (!skipped.ok) setError(describeError(skipped.error, errorsT));
    else setNote('');
  };
  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="section-title">{t('skip.title')}</h3>
      <div className="skip-grid">
        <CodeSelect
          id={`${id}-code`}
          label={t('skip.code')}
          codes={SKIP_CODES}
          words={(c) => t(`skip.codes.${c}`)}
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          testId="skip-code"
        />
        <TextField
          id={`${id}-note`}
          label={t('skip.note')}
          value={note}
          placeholder={t('skip.notePlaceholder')}
          onChange={(next) => {
            setNote(next);
            setError(null);
          }}
          testId="skip-note"
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn" data-testid="skip-save">
          {t('skip.save')}
        </button>
      </div>
      {error && (
        <p className="field-problem" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
