// The version line under the app's name, and what automatic updates are doing: nothing is shown
// for them while they are off or idle (the reason is in the tooltip), progress while one is
// downloading, and a plain note once it is ready to install when MeterDesk quits. Where this kind
// of installation keeps updates off (an unsigned Mac build, a deb), the line says so.
import { useEffect } from 'react';
import { useApp, useAppApi } from '../store/context';
import { useT } from '../i18n/i18n';

const HELD_UNSIGNED_MAC = {
  line: 'update.heldUnsignedMac',
  why: 'update.heldUnsignedMacWhy',
} as const;
const HELD_PACKAGE = { line: 'update.heldPackage', why: 'update.heldPackageWhy' } as const;

export function UpdateStatus(): React.JSX.Element | null {
  const api = useAppApi();
  const update = useApp((s) => s.update);
  const t = useT('app');
  useEffect(() => api.getState().watchUpdate(), [api]);
  if (!update) return null;
  const { currentVersion, phase, newVersion, percent, detail, feedHost, held } = update;
  // A hold is MeterDesk's own sentence, worded here; other off reasons come as main's English.
  const holdWords = held === 'unsigned-mac' ? HELD_UNSIGNED_MAC : held ? HELD_PACKAGE : null;
  const title = holdWords
    ? t(holdWords.why)
    : (detail ?? (feedHost ? t('update.from', { host: feedHost }) : t('update.automatic')));
  return (
    <p
      className="brand-sub small"
      data-testid="update-status"
      title={title}
      {...(!holdWords && detail !== null && { 'data-i18n-title': 'service' })}
    >
      <span>{t('update.version', { version: currentVersion })}</span>
      {holdWords && <span> · {t(holdWords.line)}</span>}
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
