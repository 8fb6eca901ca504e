// The service address and API key, checked by calling the service (quota and AI status) before
// they are kept. Shared by onboarding and settings.
import { useId, useState } from 'react';
import type { ConnectionCheck } from '../../common/ipc';
import { connectionAdvice } from '../lib/errors';
import { useAppApi } from '../store/context';
import type { TFunction } from 'i18next';
import { useT } from '../i18n/i18n';
import { API_KEY_PROBLEM_WORDS, apiKeyProblem } from './key-problem';
import { ADDRESS_PROBLEM_WORDS, addressProblem, serviceAddress } from './service-address';
import { AddressField, KeyField } from './service-fields';

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
  const problem = touched ? addressProblem(url) : null;
  const urlProblem = problem ? t(ADDRESS_PROBLEM_WORDS[problem]) : null;
  const keyCheck = touched ? apiKeyProblem(key, keyIsSet) : null;
  const keyProblem = keyCheck ? t(API_KEY_PROBLEM_WORDS[keyCheck]) : null;

  const submit = async (e: React.SyntheticEvent): Promise<void> => {
    e.preventDefault();
    setTouched(true);
    setOk(null);
    setError(null);
    if (addressProblem(url) !== null || apiKeyProblem(key, keyIsSet) !== null) return;
    // A bare host name goes with https:// (the field said so); the field shows what was used.
    const baseUrl = serviceAddress(url);
    setUrl(baseUrl);
    setChecking(true);
    const reply = await api.getState().checkConnection({ baseUrl, apiKey: key, save: true });
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
      <AddressField
        id={`${ids}-url`}
        value={url}
        problem={urlProblem}
        placeholderMark="data"
        onChange={setUrl}
      />
      <KeyField
        id={`${ids}-key`}
        value={key}
        problem={keyProblem}
        keyIsSet={keyIsSet}
        onChange={setKey}
      />
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
