// Settings' save row: what the last save said, what a running one is doing, and Save.
import { useT } from '../../i18n/i18n';
import type { Pending, SettingsMessage } from './use-settings-draft';

export function SaveRow({
  message,
  pending,
}: {
  message: SettingsMessage | null;
  pending: Pending;
}): React.JSX.Element {
  const t = useT('desk');
  const busy = pending !== 'idle';
  return (
    <div className="settings-save">
      {message && (
        <p
          className={message.tone === 'ok' ? 'form-ok' : 'form-error'}
          role={message.tone === 'ok' ? 'status' : 'alert'}
          data-testid="settings-message"
        >
          {message.say === 'error'
            ? message.text
            : message.say === 'savedChecked'
              ? t('settings.savedChecked', { left: message.left })
              : t(`settings.${message.say}`)}
        </p>
      )}
      {busy && (
        <p className="muted small" role="status" data-testid="settings-pending">
          {pending === 'checking' ? t('settings.checking') : t('settings.pending')}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        aria-busy={busy}
        disabled={busy}
        data-testid="settings-save"
      >
        {t('settings.save')}
      </button>
    </div>
  );
}
