import { logText, type LogMessage } from '../../common/engine-messages';
import type { IpcErrorCode } from '../../common/ipc/result';

/**
 * An expected failure a handler reports to the window: the code picks the UI's remedy, the message
 * is shown as is unless `said` gives it as a code the window words. Only these survive the bridge with their wording; anything else thrown becomes
 * `internal` (see dispatch.ts).
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: IpcErrorCode,
    message: string,
    /** The same as a code the window words (IpcError.said). */
    readonly said?: LogMessage,
  ) {
    super(message);
  }
}

/** An AppError that is one of MeterDesk's coded sentences: its English is the message. */
export function codedAppError(code: IpcErrorCode, said: LogMessage): AppError {
  return new AppError(code, logText(said), said);
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
