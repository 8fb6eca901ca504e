// First run: connect to the reading service (address and key, checked before they are kept), or
// try everything on the built-in sandbox with sample photos.
import { useState } from 'react';
import { describeError } from '../../lib/errors';
import { useApp, useAppApi } from '../../store/context';
import { ConnectionForm } from '../../components/connection-form';
import { Icon } from '../../components/icon';
import { useT } from '../../i18n/i18n';

export function Onboarding(): React.JSX.Element {
  const api = useAppApi();
  const baseUrl = useApp((s) => s.settings.baseUrl);
  // IT may hide the sandbox (machine policy): only the real service is offered.
  const hideSandbox = useApp((s) => s.settings.policy.hideSandbox);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useT('onboarding');
  const errorsT = useT('errors');

  const sandbox = async (): Promise<void> => {
    setStarting(true);
    setError(null);
    const reply = await api.getState().trySandbox();
    setStarting(false);
    if (reply.ok) api.getState().showScreen('main');
    else setError(describeError(reply.error, errorsT));
  };

  return (
    <main className="onboarding" data-testid="onboarding">
      <div className="onboarding-card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            <Icon name="gauge" />
          </span>
          <h1 className="brand-name">{t('welcome')}</h1>
        </div>
        <p className="lead">{t('lead')}</p>
        <ConnectionForm
          initialUrl={baseUrl ?? ''}
          keyIsSet={false}
          submitLabel={t('checkAndContinue')}
          onDone={() => {
            api.getState().showScreen('main');
          }}
        />
        {!hideSandbox && (
          <div className="divider" role="separator">
            <span>{t('or')}</span>
          </div>
        )}
        <div className="sandbox-offer" hidden={hideSandbox}>
          <div>
            <h2 className="section-title">{t('justLooking')}</h2>
            <p className="muted">{t('sandboxOffer')}</p>
          </div>
          <button
            type="button"
            className="btn"
            disabled={starting}
            onClick={() => void sandbox()}
            data-testid="try-sandbox"
          >
            {starting ? t('starting') : t('trySandbox')}
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </main>
  );
}
