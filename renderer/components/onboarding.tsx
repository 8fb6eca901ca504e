// First run: connect to the reading service (address and key, checked before they are kept), or
// try everything on the built-in sandbox with sample photos.
import { useState } from 'react';
import { describeError } from '../lib/errors';
import { useApp, useAppApi } from '../store/context';
import { ConnectionForm } from './connection-form';
import { Icon } from './icon';

export function Onboarding(): React.JSX.Element {
  const api = useAppApi();
  const baseUrl = useApp((s) => s.settings.baseUrl);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sandbox = async (): Promise<void> => {
    setStarting(true);
    setError(null);
    const reply = await api.getState().trySandbox();
    setStarting(false);
    if (reply.ok) api.getState().showScreen('main');
    else setError(describeError(reply.error));
  };

  return (
    <main className="onboarding" data-testid="onboarding">
      <div className="onboarding-card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            <Icon name="gauge" />
          </span>
          <h1 className="brand-name">Welcome to MeterDesk</h1>
        </div>
        <p className="lead">
          MeterDesk turns folders of water-meter photos into readings ready for billing. First,
          connect it to your meter-reading service.
        </p>
        <ConnectionForm
          initialUrl={baseUrl ?? ''}
          keyIsSet={false}
          submitLabel="Check and continue"
          onDone={() => {
            api.getState().showScreen('main');
          }}
        />
        <div className="divider" role="separator">
          <span>or</span>
        </div>
        <div className="sandbox-offer">
          <div>
            <h2 className="section-title">Just looking?</h2>
            <p className="muted">
              The built-in sandbox simulates the service on this computer, with a folder of sample
              photos to drop in. Nothing leaves this computer. Its quota is simulated too: it counts
              down like a real one, but nothing is paid.
            </p>
          </div>
          <button
            type="button"
            className="btn"
            disabled={starting}
            onClick={() => void sandbox()}
            data-testid="try-sandbox"
          >
            {starting ? 'Starting…' : 'Try the built-in sandbox'}
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
