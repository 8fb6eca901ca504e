import type { IpcErrorCode } from '../../common/ipc/result';
import { saidText, type Said } from '../../common/reply-english';

/**
 * An expected failure a handler reports to the window: the code picks the UI's remedy, `said` is
 * MeterDesk's sentence about it as a code the window words in its language; the message is its
 * English (the log's words). Only these survive the bridge with their wording; anything else
 * thrown becomes `internal` (see dispatch.ts).
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: IpcErrorCode,
    /** IpcError.said: required, so no handler replies with a sentence the window cannot word. */
    readonly said: Said,
  ) {
    super(saidText(said));
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
