// The office's file-name pattern: photos are matched again when it changes; a bad pattern is
// refused with the sentence that says what is wrong with it.
import { useEffect, useId, useState } from 'react';
import { describeError } from '../lib/errors';
import { useT } from '../i18n/i18n';
import { useApp, useAppApi } from '../store/context';

export function PatternForm(): React.JSX.Element {
  const t = useT('billing');
  const errorsT = useT('errors');
  const api = useAppApi();
  const saved = useApp((s) => s.billing?.pattern ?? null);
  const [text, setText] = useState(saved ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => {
    setText(saved ?? '');
  }, [saved]);

  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    const saved = await api.getState().setFilePattern(text.trim() ? text.trim() : null);
    setBusy(false);
    setError(saved.ok ? null : describeError(saved.error, errorsT));
  };

  return (
    <form className="pattern-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-pattern`} className="label">
        {t('pattern.label')}
      </label>
      <div className="review-row">
        <input
          id={`${id}-pattern`}
          className="input mono"
          value={text}
          maxLength={200}
          spellCheck={false}
          autoComplete="off"
          placeholder="{meter}_{date}.jpg"
          // An example pattern, the same in every language (its words are in the hint).
          data-i18n-placeholder="data"
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          data-testid="pattern-input"
        />
        <button type="submit" className="btn" disabled={busy} data-testid="pattern-save">
          {t('pattern.save')}
        </button>
      </div>
      {error ? (
        <p className="field-problem" role="alert" id={`${id}-hint`}>
          {error}
        </p>
      ) : (
        <p className="hint muted" id={`${id}-hint`}>
          {t('pattern.hint')}
        </p>
      )}
    </form>
  );
}
