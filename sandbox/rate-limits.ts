// Per-key limits (spec 8.2, 8.3): fixed windows of windowMs aligned to the epoch, one counter for
// requests and one for submissions, plus concurrency = the key's tasks that are not final yet.
// Requests are counted when they arrive (even when refused later for scope, IP or submission
// policy, as the spec demands); submissions only when tasks are actually created.

import type { Clock } from './clock';
import type { KeyLimits } from './keys';

interface KeyUsage {
  windowStart: number;
  requests: number;
  submissions: number;
  active: number;
}

export type Headers = Record<string, string>;

export class RateLimiter {
  private readonly usage = new Map<string, KeyUsage>();

  constructor(
    private readonly clock: Clock,
    public windowMs: number,
  ) {}

  private current(key: string): KeyUsage {
    const start = Math.floor(this.clock.now() / this.windowMs) * this.windowMs;
    let usage = this.usage.get(key);
    if (!usage) {
      usage = { windowStart: start, requests: 0, submissions: 0, active: 0 };
      this.usage.set(key, usage);
    } else if (usage.windowStart !== start) {
      usage.windowStart = start;
      usage.requests = 0;
      usage.submissions = 0;
    }
    return usage;
  }

  /** Counts one request unit; false when it goes over the limit (the unit still counts). */
  countRequest(key: string, limits: KeyLimits): boolean {
    const usage = this.current(key);
    usage.requests += 1;
    return usage.requests <= limits.requestsPerWindow;
  }

  /** Whether `units` more submissions fit in the current window (nothing is consumed). */
  submissionsFit(key: string, limits: KeyLimits, units: number): boolean {
    return this.current(key).submissions + units <= limits.submissionsPerWindow;
  }

  consumeSubmissions(key: string, units: number): void {
    this.current(key).submissions += units;
  }

  /**
   * Whether `slots` more non-final tasks fit under the key's concurrency limit; `heldElsewhere`
   * slots are taken by another program using the same key.
   */
  slotsFit(key: string, limits: KeyLimits, slots: number, heldElsewhere = 0): boolean {
    return this.current(key).active + heldElsewhere + slots <= limits.concurrency;
  }

  activate(key: string): void {
    this.current(key).active += 1;
  }

  release(key: string): void {
    const usage = this.current(key);
    usage.active = Math.max(0, usage.active - 1);
  }

  active(key: string): number {
    return this.current(key).active;
  }

  /** Seconds until the current window ends, rounded up so a client is never early. */
  retryAfterSeconds(): number {
    const now = this.clock.now();
    const end = (Math.floor(now / this.windowMs) + 1) * this.windowMs;
    return Math.max(1, Math.ceil((end - now) / 1000));
  }

  /** X-RateLimit-* and X-SubmissionLimit-*: on every response to a valid key. */
  rateHeaders(key: string, limits: KeyLimits): Headers {
    const usage = this.current(key);
    const end = usage.windowStart + this.windowMs;
    return {
      'X-RateLimit-Limit': String(limits.requestsPerWindow),
      'X-RateLimit-Remaining': String(Math.max(0, limits.requestsPerWindow - usage.requests)),
      'X-RateLimit-Reset': String(Math.ceil(end / 1000)),
      'X-SubmissionLimit-Limit': String(limits.submissionsPerWindow),
      'X-SubmissionLimit-Remaining': String(
        Math.max(0, limits.submissionsPerWindow - usage.submissions),
      ),
    };
  }

  /** X-ConcurrencyLimit-*: on task/batch creation and on concurrency refusals. */
  concurrencyHeaders(key: string, limits: KeyLimits, heldElsewhere = 0): Headers {
    const active = this.current(key).active + heldElsewhere;
    return {
      'X-ConcurrencyLimit-Limit': String(limits.concurrency),
      'X-ConcurrencyLimit-Active': String(active),
      'X-ConcurrencyLimit-Remaining': String(Math.max(0, limits.concurrency - active)),
    };
  }
}
