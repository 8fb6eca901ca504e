// What the Office card's Test button found, in the window's words: OK with the server's and the
// schema's version, or the problem with what to do about it. The driver's own message, when the
// problem has no words of ours, is shown as data.
import type { TFunction } from 'i18next';
import type { OfficeCheck } from '../../../common/ipc';
import { useT } from '../../i18n/i18n';

/** The card's last word: a test's answer, a save, or a failed call (already worded). */
export type OfficeMessage =
  | { readonly kind: 'check'; readonly check: OfficeCheck }
  | { readonly kind: 'testing' | 'saving' | 'saved' | 'savedOff' | 'needed' }
  | { readonly kind: 'error'; readonly text: string };

export function officeCheckWords(check: OfficeCheck, t: TFunction<'office'>): string {
  if (check.ok) {
    return t('ok', { server: check.serverVersion, schema: check.schemaVersion });
  }
  return t(`problem.${check.problem}`, { ...check.params });
}

export function OfficeMessageLine({ message }: { message: OfficeMessage }): React.JSX.Element {
  const t = useT('office');
  if (message.kind === 'testing' || message.kind === 'saving') {
    return (
      <p className="muted small" role="status" data-testid="office-message">
        {t(message.kind)}
      </p>
    );
  }
  const good =
    (message.kind === 'check' && message.check.ok) ||
    message.kind === 'saved' ||
    message.kind === 'savedOff';
  return (
    <p
      className={good ? 'form-ok' : 'form-error'}
      role={good ? 'status' : 'alert'}
      data-testid="office-message"
    >
      {message.kind === 'check'
        ? officeCheckWords(message.check, t)
        : message.kind === 'error'
          ? message.text
          : t(message.kind)}
      {message.kind === 'check' && !message.check.ok && message.check.problem === 'other' && (
        <>
          {' '}
          <span data-i18n-skip>{message.check.params.detail}</span>
        </>
      )}
    </p>
  );
}
