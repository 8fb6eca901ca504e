import { useShallow } from 'zustand/react/shallow';
import { serviceName } from '../lib/service-name';
import { useApp, useAppApi } from '../store/context';
import { AiStatus } from './ai-status';
import { Icon } from './icon';
import { QuotaWidget } from './quota-widget';
import { UpdateStatus } from './update-status';

export function Header({ onExport }: { onExport: () => void }): React.JSX.Element {
  const api = useAppApi();
  const { paused, total, service, name } = useApp(
    useShallow((s) => ({
      paused: s.status.paused,
      total: s.status.counts.total,
      service: s.service.kind,
      name: serviceName(s.service),
    })),
  );
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          <Icon name="gauge" />
        </span>
        <div>
          <h1 className="brand-name">MeterDesk</h1>
          <p className="brand-sub" data-testid="service-name">
            {service === 'sandbox'
              ? 'Built-in sandbox (simulated readings)'
              : service === 'remote'
                ? `Photos of ${name}`
                : 'Not connected'}
          </p>
          <UpdateStatus />
        </div>
      </div>
      <div className="header-widgets">
        <QuotaWidget />
        <AiStatus />
      </div>
      <div className="header-actions">
        {paused ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void api.getState().resume()}
          >
            <Icon name="play" /> Resume
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => void api.getState().pause()}>
            <Icon name="pause" /> Pause
          </button>
        )}
        <button type="button" className="btn" onClick={onExport} disabled={total === 0}>
          <Icon name="download" /> Export…
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            api.getState().showScreen('settings');
          }}
        >
          <Icon name="gear" /> Settings
        </button>
      </div>
    </header>
  );
}
