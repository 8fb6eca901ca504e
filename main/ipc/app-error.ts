import type { IpcErrorCode } from '../../common/ipc/result';

/**
 * An expected failure a handler reports to the window: the code picks the UI's remedy, the message
 * is shown as is. Only these survive the bridge with their wording; anything else thrown becomes
 * `internal` (see dispatch.ts).
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
