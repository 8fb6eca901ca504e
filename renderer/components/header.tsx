import { useShallow } from 'zustand/react/shallow';
import { serviceName } from '../lib/service-name';
import { useApp, useAppApi } from '../store/context';
import { SETTINGS_BUTTON_ID } from '../store/screen-focus';
import { useT } from '../i18n/i18n';
import { AiStatus } from './ai-status';
import { Icon } from './icon';
import { OfficeStatusCard } from './office-status';
import { QuotaWidget } from './quota-widget';
import { UpdateStatus } from './update-status';

export function Header({ onExport }: { onExport: () => void }): React.JSX.Element {
  const api = useAppApi();
  const t = useT('app');
  const { paused, total, service, name, inOffice } = useApp(
    useShallow((s) => ({
      paused: s.status.paused,
      total: s.status.counts.total,
      // A desk of an office exports the office's meters even before it has photos of its own.
      inOffice: s.officeStatus !== null,
      service: s.service.kind,
      name: serviceName(s.service, t),
    })),
  );
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          <Icon name="gauge" />
        </span>
        <div>
          <h1 className="brand-name" data-i18n-skip="name">
            MeterDesk
          </h1>
          <p className="brand-sub" data-testid="service-name">
            {service === 'sandbox'
              ? t('header.sandbox')
              : service === 'remote'
                ? t('header.photosOf', { name })
                : t('header.notConnected')}
          </p>
          <UpdateStatus />
        </div>
      </div>
      <div className="header-widgets">
        <QuotaWidget />
        <AiStatus />
        <OfficeStatusCard />
      </div>
      <div className="header-actions">
        {paused ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void api.getState().resume()}
          >
            <Icon name="play" /> {t('header.resume')}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => void api.getState().pause()}>
            <Icon name="pause" /> {t('header.pause')}
          </button>
        )}
        <button
          type="button"
          className="btn"
          onClick={onExport}
          disabled={total === 0 && !inOffice}
        >
          <Icon name="download" /> {t('header.export')}
        </button>
        <button
          type="button"
          id={SETTINGS_BUTTON_ID}
          className="btn btn-quiet"
          onClick={() => {
            api.getState().showScreen('settings');
          }}
        >
          <Icon name="gear" /> {t('header.settings')}
        </button>
      </div>
    </header>
  );
}
