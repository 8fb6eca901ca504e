// The service address and API key, checked by calling the service (quota and AI status) before
// they are kept. Shared by onboarding and settings.
import { useId, useState } from 'react';
import type { ConnectionCheck } from '../../common/ipc';
import { MAX_KEY_CHARS, MAX_URL_CHARS } from '../../common/ipc';
import { withoutApiPath } from '../../common/service-url';
import { connectionAdvice } from '../lib/errors';
import { useAppApi } from '../store/context';
import type { TFunction } from 'i18next';
import { useT } from '../i18n/i18n';

type FormProblem = 'addressEmpty' | 'addressInvalid' | 'addressNotHttps' | 'addressApiPath';

function addressProblem(text: string): FormProblem | null {
  const value = text.trim();
  if (value === '') return 'addressEmpty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'addressInvalid';
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return 'addressNotHttps';
  }
  if (withoutApiPath(value) !== null) {
    return 'addressApiPath';
  }
  return null;
}

function connectedText(check: ConnectionCheck, t: TFunction<'onboarding'>): string {
  const quota = check.quota.isUnlimited
    ? t('form.unlimited')
    : t('form.leftToday', { n: check.quota.remaining ?? 0 });
  return t('form.connected', {
    quota,
    ai: check.ai.isOnline ? t('form.online') : t('form.offline'),
  });
}

export function ConnectionForm({
  initialUrl,
  keyIsSet,
  submitLabel,
  onDone,
}: {
  initialUrl: string;
  /** A key is stored already: the field may stay empty to keep it. */
  keyIsSet: boolean;
  submitLabel: string;
  onDone?: (check: ConnectionCheck) => void;
}): React.JSX.Element {
  const api = useAppApi();
  const t = useT('onboarding');
  const errorsT = useT('errors');
  const ids = useId();
  const [url, setUrl] = useState(initialUrl);
  const [key, setKey] = useState('');
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<ConnectionCheck | null>(null);
  const [showKey, setShowKey] = useState(false);
  const fixedUrl = withoutApiPath(url);
  const problem = touched ? addressProblem(url) : null;
  const urlProblem = problem ? t(`form.${problem}`) : null;
  const keyProblem = touched && !keyIsSet && key.trim() === '' ? t('form.keyEmpty') : null;

  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    setTouched(true);
    setOk(null);
    setError(null);
    if (addressProblem(url) !== null || (!keyIsSet && key.trim() === '')) return;
    setChecking(true);
    const reply = await api.getState().checkConnection({ baseUrl: url, apiKey: key, save: true });
    setChecking(false);
    if (!reply.ok) {
      setError(connectionAdvice(reply.error, errorsT));
      return;
    }
    setKey('');
    setOk(reply.value);
    onDone?.(reply.value);
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-url`}>{t('form.address')}</label>
        <input
          id={`${ids}-url`}
          className="input"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://meters.example.com"
          data-i18n-placeholder="data"
          maxLength={MAX_URL_CHARS}
          value={url}
          aria-invalid={urlProblem !== null}
          aria-describedby={urlProblem ? `${ids}-url-problem` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
          }}
          data-testid="base-url"
        />
        {urlProblem && (
          <p id={`${ids}-url-problem`} className="field-problem">
            {urlProblem}
          </p>
        )}
        {fixedUrl !== null && (
          <button
            type="button"
            className="btn btn-small"
            data-testid="fix-url"
            onClick={() => {
              setUrl(fixedUrl);
            }}
          >
            {t('form.useFixed', { url: fixedUrl })}
          </button>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-key`}>{t('form.key')}</label>
        <div className="input-row">
          <input
            id={`${ids}-key`}
            className="input"
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            placeholder={keyIsSet ? t('form.keepKey') : t('form.pasteKey')}
            maxLength={MAX_KEY_CHARS}
            value={key}
            aria-invalid={keyProblem !== null}
            aria-describedby={`${ids}-key-hint`}
            onChange={(e) => {
              setKey(e.target.value);
            }}
            data-testid="api-key"
          />
          <button
            type="button"
            className="btn btn-small btn-quiet"
            aria-pressed={showKey}
            aria-controls={`${ids}-key`}
            data-testid="toggle-key"
            onClick={() => {
              setShowKey((v) => !v);
            }}
          >
            {showKey ? t('form.hide') : t('form.show')}
          </button>
        </div>
        <p id={`${ids}-key-hint`} className={keyProblem ? 'field-problem' : 'hint muted'}>
          {keyProblem ?? t('form.keyHint')}
        </p>
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="connection-error">
          {error}
        </p>
      )}
      {ok && (
        <p className="form-ok" role="status">
          {connectedText(ok, t)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={checking}>
          {checking ? t('form.checking') : submitLabel}
        </button>
      </div>
    </form>
  );
}
