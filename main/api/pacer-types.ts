// What a pacer is to its callers: its options, its tickets, what it reports. The pacer itself is
// in pacer.ts, one pacer per key shared by every client in shared-pacer.ts.
import type { RateLimitScope } from './errors';
import type { ConcurrencyLimit, LimitSnapshot } from './limits';
import type { WindowView } from './pace-window';
import type { Clock } from '../time/clock';

/** 'submission' = task or batch creation (units = files); 'request' = polls, quota, AI status. */
export type PaceKind = 'request' | 'submission';

export interface PacerOptions {
  readonly clock?: Clock;
  /** Units kept spare in each budget (default 1): headroom for prediction error. */
  readonly reserve?: { readonly requests?: number; readonly submissions?: number };
  /**
   * Extra wait after a reset time, for clock noise (default 150 ms; the server's clock is known
   * to well under its Date header's one second, see server-clock.ts).
   */
  readonly slackMs?: number;
  /** Window length assumed when the server gives no reset time (default 60 s: "per minute"). */
  readonly windowMs?: number;
  /**
   * Requests let out at once before the first answer has told anything of the key's limits
   * (default 1): the least budget any key of this service is assumed to have per window. One of
   * them at most is a submission, whose units are not known to fit either.
   */
  readonly blindStart?: number;
}

/** What a response said; omit it (settle()) when the request failed below HTTP. */
export interface PaceOutcome {
  readonly limits?: LimitSnapshot;
  readonly rateLimited?: {
    readonly scope: RateLimitScope;
    readonly retryAfterMs: number;
    /** The service named no wait (a concurrency 429 without Retry-After): the pacer grows it. */
    readonly guessed?: boolean;
  };
  /** A 5xx with Retry-After (maintenance): every request of the key waits, then one at a time. */
  readonly serviceHold?: { readonly retryAfterMs: number };
}

export interface PacerTicket {
  readonly kind: PaceKind;
  readonly units: number;
  /** Reports the response (or its absence) and releases the ticket. Safe to call twice. */
  settle(outcome?: PaceOutcome): void;
}

export interface ConcurrencyView extends ConcurrencyLimit {
  readonly observedAtMs: number;
}

export interface PacerLimits {
  readonly requests: WindowView;
  readonly submissions: WindowView;
  readonly concurrency: ConcurrencyView | undefined;
  /** Until when submissions / all requests are held after a 429 (0 = not held). */
  readonly heldUntilMs: { readonly submission: number; readonly request: number };
  readonly inFlight: number;
  readonly waiting: number;
  /** Submission units (files) admitted and not yet answered, and still waiting to be admitted. */
  readonly submissionUnits: { readonly inFlight: number; readonly waiting: number };
  /** Units each budget keeps spare (see PacerOptions.reserve). */
  readonly reserve: { readonly requests: number; readonly submissions: number };
}

export interface PacerCounters {
  readonly requestsSent: number;
  readonly submissionUnitsSent: number;
  readonly rateLimited: Readonly<Record<RateLimitScope, number>>;
}

export type HoldReason =
  | 'probe'
  | 'retry_after'
  | 'request_window'
  | 'submission_window'
  /** The service is unavailable (maintenance): one request at a time finds out when it is back. */
  | 'service_hold';

export interface PacerEvents {
  /** The known limits changed (after every response carrying limit headers). */
  limits: PacerLimits;
  /** Requests of this kind are being held until `untilMs` (Infinity: until a response arrives). */
  hold: { readonly kind: PaceKind; readonly reason: HoldReason; readonly untilMs: number };
  /** A 429 was received; the key is held until `untilMs`. */
  rate_limited: {
    readonly scope: RateLimitScope;
    readonly retryAfterMs: number;
    readonly untilMs: number;
  };
}

export interface Pacer {
  acquire(kind: PaceKind, units: number, signal?: AbortSignal): Promise<PacerTicket>;
  limits(): PacerLimits;
  counters(): PacerCounters;
  on<E extends keyof PacerEvents>(
    event: E,
    listener: (payload: PacerEvents[E]) => void,
  ): () => void;
}
