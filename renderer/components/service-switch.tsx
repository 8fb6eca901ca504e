// After the clerk switched service: which service's photos are on screen now, that the others are
// kept, and the way back.
import { useShallow } from 'zustand/react/shallow';
import { serviceName } from '../lib/service-name';
import { useApp, useAppApi } from '../store/context';
import { Icon } from './icon';
import { useT } from '../i18n/i18n';

export function ServiceSwitchNote(): React.JSX.Element | null {
  const api = useAppApi();
  const t = useT('app');
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
          <strong>{t('serviceSwitch.nowShowing', { name: serviceName(service, t) })}</strong>
          <span>
            {fromSandbox
              ? t('serviceSwitch.sandboxKept')
              : t('serviceSwitch.otherKept', { name: serviceName(change.from, t) })}
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
              {t('serviceSwitch.back')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                api.getState().showScreen('settings');
              }}
            >
              <Icon name="gear" /> {t('serviceSwitch.settings')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-icon btn-quiet btn-small"
            aria-label={t('serviceSwitch.dismiss')}
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
