// A dialog that ends in one action (the two exports, loading a route sheet): Cancel and the action
// in its foot, and what went wrong said under the body, where the clerk looks after pressing it.
import { useState, type ReactNode } from 'react';
import type { IpcError, Result } from '../../common/ipc';
import { useT } from '../i18n/i18n';
import { describeError } from '../lib/errors';
import { Dialog } from './dialog';

export interface DialogAction {
  readonly label: string;
  readonly run: () => Promise<void>;
  /** Busy, or something the action needs is missing. */
  readonly disabled: boolean;
  readonly testId: string;
}

export function ActionDialog({
  title,
  onClose,
  cancelLabel,
  action,
  error = null,
  children,
}: {
  title: string;
  onClose: () => void;
  cancelLabel: string;
  action: DialogAction;
  /** The action's failure in the window's words, or null. */
  error?: string | null;
  children: ReactNode;
}): React.JSX.Element {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-quiet" onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.disabled}
            onClick={() => void action.run()}
            data-testid={action.testId}
          >
            {action.label}
          </button>
        </>
      }
    >
      {children}
      {error && (
        <p className="field-problem" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}

/**
 * What an ActionDialog says under its body. `refused(reply)` puts a refused reply there in the
 * window's words and answers whether it was refused, so an action reads
 * `if (refused(reply)) return;` and goes on with the value.
 */
export function useActionError(): {
  error: string | null;
  setError: (text: string | null) => void;
  refused: <T>(reply: Result<T>) => reply is { readonly ok: false; readonly error: IpcError };
} {
  const errorsT = useT('errors');
  const [error, setError] = useState<string | null>(null);
  const refused = <T,>(
    reply: Result<T>,
  ): reply is { readonly ok: false; readonly error: IpcError } => {
    if (reply.ok) return false;
    setError(describeError(reply.error, errorsT));
    return true;
  };
  return { error, setError, refused };
}
