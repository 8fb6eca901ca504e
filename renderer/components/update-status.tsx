// The version line under the app's name, and what automatic updates are doing: nothing is shown
// for them while they are off or idle (the reason is in the tooltip), progress while one is
// downloading, and a plain note once it is ready to install when MeterDesk quits.
import { useEffect } from 'react';
import { useApp, useAppApi } from '../store/context';
import { useT } from '../i18n/i18n';

export function UpdateStatus(): React.JSX.Element | null {
  const api = useAppApi();
  const update = useApp((s) => s.update);
  const t = useT('app');
  useEffect(() => api.getState().watchUpdate(), [api]);
  if (!update) return null;
  const { currentVersion, phase, newVersion, percent, detail, feedHost } = update;
  const title = detail ?? (feedHost ? t('update.from', { host: feedHost }) : t('update.automatic'));
  return (
    <p
      className="brand-sub small"
      data-testid="update-status"
      title={title}
      {...(detail !== null && { 'data-i18n-title': 'service' })}
    >
      <span>{t('update.version', { version: currentVersion })}</span>
      {phase === 'downloading' && newVersion && (
        <span className="tone-busy">
          {' '}
          · {t('update.downloading', { version: newVersion })}
          {percent !== null ? ` ${t('update.percent', { percent })}` : ''}
        </span>
      )}
      {phase === 'ready' && newVersion && (
        <span className="tone-ok" role="status">
          {' '}
          · {t('update.ready', { version: newVersion })}
        </span>
      )}
      {phase === 'failed' && <span className="tone-warn"> · {t('update.failed')}</span>}
    </p>
  );
}
