/** The CLI's exit codes; scripts and schedulers depend on them, so they never change meaning. */
export const EXIT = {
  /** Every file is final: done, failed or rejected. */
  ok: 0,
  /** Internal error. */
  error: 1,
  /** Usage or configuration error. */
  usage: 2,
  /** The service rejected the key or denied permission. */
  auth: 3,
  /** Stopped with files still queued (quota exhausted, or offline past --max-wait). */
  incomplete: 4,
  /** The queue is in use by another MeterDesk process (the window, another run); nothing done. */
  busy: 5,
} as const;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export class AuthError extends Error {
  override readonly name = 'AuthError';
}
