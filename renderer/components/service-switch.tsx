// After the clerk switched service: which service's photos are on screen now, that the others are
// kept, and the way back.
import { useShallow } from 'zustand/react/shallow';
import { serviceName } from '../lib/service-name';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';

export function ServiceSwitchNote(): React.JSX.Element | null {
  const api = useAppApi();
  const { change, service } = useApp(
    useShallow((s) => ({ change: s.serviceSwitch, service: s.service })),
  );
  if (!change) return null;
  const fromSandbox = change.from.kind === 'sandbox';
  return (
    <div className="banners">
      <div className="banner banner-info" role="status" data-testid="service-switch">
        <Icon name="info" className="banner-icon" />
        <div className="banner-text">
          <strong>Now showing the photos of {serviceName(service)}.</strong>
          <span>
            {fromSandbox
              ? 'The photos of the built-in sandbox are kept in a list of their own.'
              : `The photos of ${serviceName(change.from)} are kept; enter its address in Settings to go back to them.`}
          </span>
        </div>
        <div className="banner-actions">
          {fromSandbox ? (
            <button
              type="button"
              className="btn btn-small"
              data-testid="back-to-sandbox"
              onClick={() => void api.getState().trySandbox()}
            >
              Back to the sandbox
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                api.getState().showScreen('settings');
              }}
            >
              <Icon name="gear" /> Settings
            </button>
          )}
          <button
            type="button"
            className="btn btn-icon btn-quiet btn-small"
            aria-label="Dismiss"
            onClick={() => {
              api.getState().dismissServiceSwitch();
            }}
          >
            <Icon name="close" />
          </button>
        </div>
      </div>
    </div>
  );
}
