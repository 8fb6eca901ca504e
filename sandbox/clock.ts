// One notion of "now" for everything the service stamps or counts: created_at, the per-key
// windows and the quota day. Tests inject it to cross UTC midnight without waiting; the control
// surface can add an offset for demos. Real timers (AI latency) still run on wall time.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export interface AdjustableClock extends Clock {
  /** Move the sandbox's time forward (or back, with a negative value). */
  advance(ms: number): void;
  readonly offsetMs: number;
}

export function createClock(base: () => number = Date.now): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => base() + offsetMs,
    advance(ms: number): void {
      offsetMs += ms;
    },
    get offsetMs(): number {
      return offsetMs;
    },
  };
}

/** ISO 8601 UTC, e.g. 2025-01-31T08:15:00.000Z (spec 2.1 created_at, 2.4 last_checked_at). */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}

/** The quota day tag (spec 2.3): the UTC calendar date. */
export function utcDayTag(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function msUntilNextUtcMidnight(ms: number): number {
  const d = new Date(ms);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return next - ms;
}
