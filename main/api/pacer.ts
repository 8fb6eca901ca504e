// Shared per-key pacing, in the spirit of Octokit's throttling plugin and rclone's pacer.
//
// Every request made with one API key passes through `acquire` first. The pacer learns the key's
// limits from every response (success or 429), predicts what is left while requests are in flight
// (see pace-window.ts), and holds requests *before* a limit would be hit: when a budget would drop
// below a small reserve, callers wait for the window's reset. After a 429 every affected request of
// the key waits for Retry-After, not just the one that got it. Waiting here is not a retry: the
// scheduler never sees it as a failed attempt.
import { PaceWindow } from './pace-window';
import type {
  PaceKind,
  PacerOptions,
  PaceOutcome,
  PacerTicket,
  ConcurrencyView,
  PacerLimits,
  HoldReason,
  PacerEvents,
  Pacer,
} from './pacer-types';
import { systemClock } from '../time/clock';

export type { WindowView } from './pace-window';
export type * from './pacer-types';

interface Waiter {
  readonly kind: PaceKind;
  readonly units: number;
  readonly resolve: (ticket: PacerTicket) => void;
  readonly detach: () => void;
}

interface Flight {
  readonly kind: PaceKind;
  readonly units: number;
}

/** The caller's abort reason when it is an Error, else a standard AbortError. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted.', 'AbortError');
}

/** The options with every default filled in: what a pacer really runs with. */
export function settled(options: PacerOptions = {}) {
  return {
    clock: options.clock ?? systemClock,
    reserveReq: Math.max(0, options.reserve?.requests ?? 1),
    reserveSub: Math.max(0, options.reserve?.submissions ?? 1),
    slackMs: Math.max(0, options.slackMs ?? 150),
    windowMs: Math.max(1000, options.windowMs ?? 60_000),
    blindStart: Math.max(1, Math.floor(options.blindStart ?? 1)),
  };
}

/** A wait the service did not name doubles this many times at most (1 s grows to 8 s). */
const GUESSED_DOUBLINGS = 3;

export function createPacer(options: PacerOptions = {}): Pacer {
  const { clock, reserveReq, reserveSub, slackMs, windowMs, blindStart } = settled(options);

  const requests = new PaceWindow(windowMs);
  const submissions = new PaceWindow(windowMs);
  let concurrency: ConcurrencyView | undefined;
  const holdUntil = { request: 0, submission: 0 };
  const inFlight = new Set<Flight>();
  const waiters: Waiter[] = [];
  // Until the first answer we know nothing about the key: requests go out as probes (see check).
  let observedAny = false;
  const probes = new Set<Flight>();
  const probesOf = (kind: PaceKind): number => {
    let n = 0;
    for (const p of probes) if (p.kind === kind) n++;
    return n;
  };
  // While the service says it is unavailable, one request at a time asks whether it is back.
  let serviceHeld = false;
  // Concurrency 429s in a row whose wait the service did not name: each waits twice as long.
  let concurrencyStrikes = 0;
  let timer: { handle: unknown; atMs: number } | undefined;
  const lastHold: Partial<Record<PaceKind, string>> = {};

  const counters = {
    requestsSent: 0,
    submissionUnitsSent: 0,
    rateLimited: { requests: 0, submissions: 0, concurrency: 0, unknown: 0 },
  };
  const listeners: { [E in keyof PacerEvents]: Set<(payload: PacerEvents[E]) => void> } = {
    limits: new Set(),
    hold: new Set(),
    rate_limited: new Set(),
  };

  function emit<E extends keyof PacerEvents>(event: E, payload: PacerEvents[E]): void {
    for (const listener of listeners[event]) {
      try {
        listener(payload);
      } catch {
        // A faulty listener must not break pacing for every request of the key.
      }
    }
  }

  function inFlightUnits(kind: 'all' | 'submission', except?: Flight): number {
    let sum = 0;
    for (const f of inFlight) {
      if (f === except) continue;
      if (kind === 'all') sum += 1;
      else if (f.kind === 'submission') sum += f.units;
    }
    return sum;
  }

  function limits(): PacerLimits {
    roll(clock.now());
    return {
      requests: requests.view(),
      submissions: submissions.view(),
      concurrency,
      heldUntilMs: { ...holdUntil },
      inFlight: inFlight.size,
      waiting: waiters.length,
      submissionUnits: {
        inFlight: inFlightUnits('submission'),
        waiting: waiters.reduce((sum, w) => sum + (w.kind === 'submission' ? w.units : 0), 0),
      },
      reserve: { requests: reserveReq, submissions: reserveSub },
    };
  }

  /** When `w` may go, or until when (and why) it must wait. */
  function check(w: Waiter, now: number): true | { untilMs: number; reason: HoldReason } {
    // Before the first answer nothing bounds what may be sent but the key's assumed least budget
    // (blindStart). After a window rolled by the clock the counts still bound it, but someone
    // else may have spent part of the new window: one probe of each kind at a time, so a long
    // upload never holds up polls.
    const probing = observedAny
      ? probesOf(w.kind) > 0
      : probes.size >= blindStart || (w.kind === 'submission' && probesOf('submission') > 0);
    if (blind(w.kind) && probing) return { untilMs: Infinity, reason: 'probe' };
    const held = w.kind === 'submission' ? holdUntil.submission : holdUntil.request;
    if (now < held) return { untilMs: held, reason: serviceHeld ? 'service_hold' : 'retry_after' };
    if (serviceHeld && inFlight.size > 0) return { untilMs: Infinity, reason: 'service_hold' };
    const req = requests.check(1, reserveReq, slackMs);
    if (req !== true) return { untilMs: req, reason: 'request_window' };
    if (w.kind === 'submission') {
      const sub = submissions.check(w.units, reserveSub, slackMs);
      if (sub !== true) return { untilMs: sub, reason: 'submission_window' };
    }
    return true;
  }

  function blind(kind: PaceKind): boolean {
    return !observedAny || requests.blind || (kind === 'submission' && submissions.blind);
  }

  function admit(w: Waiter): void {
    const flight: Flight = { kind: w.kind, units: w.units };
    if (blind(w.kind)) probes.add(flight);
    inFlight.add(flight);
    requests.consume(1);
    counters.requestsSent += 1;
    if (w.kind === 'submission') {
      submissions.consume(w.units);
      counters.submissionUnitsSent += w.units;
    }
    w.detach();
    let settled = false;
    w.resolve({
      kind: w.kind,
      units: w.units,
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        settle(flight, outcome);
      },
    });
  }

  function settle(flight: Flight, outcome: PaceOutcome | undefined): void {
    const now = clock.now();
    if (outcome) {
      observedAny = true;
      const snap = outcome.limits;
      if (snap) {
        const { resetAtMs, windowId } = snap.requests ?? {};
        requests.learn({ ...snap.requests }, inFlightUnits('all', flight), now);
        // The spec gives no reset for submissions; they are assumed to share the request window.
        submissions.learn(
          { ...snap.submissions, resetAtMs, windowId },
          inFlightUnits('submission', flight),
          now,
        );
        if (snap.concurrency) concurrency = { ...snap.concurrency, observedAtMs: now };
      }
      const hold = outcome.serviceHold;
      serviceHeld = hold !== undefined;
      if (hold) {
        const untilMs = now + hold.retryAfterMs;
        holdUntil.request = Math.max(holdUntil.request, untilMs);
        holdUntil.submission = Math.max(holdUntil.submission, untilMs);
      }
      const limited = outcome.rateLimited;
      if (flight.kind === 'submission' && !limited) concurrencyStrikes = 0;
      if (limited) {
        counters.rateLimited[limited.scope] += 1;
        const untilMs = now + waitFor(limited);
        // Submission and concurrency limits do not stop polls; request limits stop everything.
        holdUntil.submission = Math.max(holdUntil.submission, untilMs);
        if (limited.scope === 'requests' || limited.scope === 'unknown') {
          holdUntil.request = Math.max(holdUntil.request, untilMs);
        }
        emit('rate_limited', { ...limited, untilMs });
      }
    }
    inFlight.delete(flight);
    probes.delete(flight);
    if (outcome?.limits) emit('limits', limits());
    pump();
  }

  /** The wait a 429 imposes: as said, or, not said, short and doubling while refusals go on. */
  function waitFor(limited: NonNullable<PaceOutcome['rateLimited']>): number {
    if (!limited.guessed) return limited.retryAfterMs;
    const factor = 2 ** Math.min(concurrencyStrikes, GUESSED_DOUBLINGS);
    concurrencyStrikes += 1;
    return limited.retryAfterMs * factor;
  }

  function schedule(atMs: number, now: number): void {
    if (timer && timer.atMs === atMs) return;
    if (timer) clock.clearTimer(timer.handle);
    timer = undefined;
    if (!Number.isFinite(atMs)) return;
    timer = {
      atMs,
      handle: clock.setTimer(
        () => {
          timer = undefined;
          pump();
        },
        Math.max(1, atMs - now),
      ),
    };
  }

  function roll(now: number): void {
    requests.roll(now, slackMs, inFlightUnits('all'));
    submissions.roll(now, slackMs, inFlightUnits('submission'));
  }

  function pump(): void {
    const now = clock.now();
    roll(now);
    let wake = Infinity;
    // FIFO per kind: a held submission never holds up polls, but polls never overtake each other.
    const blocked = new Set<PaceKind>();
    for (const w of [...waiters]) {
      if (blocked.has(w.kind)) continue;
      const verdict = check(w, now);
      if (verdict === true) {
        admit(w);
        lastHold[w.kind] = undefined;
        continue;
      }
      blocked.add(w.kind);
      wake = Math.min(wake, verdict.untilMs);
      const key = `${verdict.reason}@${verdict.untilMs}`;
      if (lastHold[w.kind] !== key) {
        lastHold[w.kind] = key;
        emit('hold', { kind: w.kind, reason: verdict.reason, untilMs: verdict.untilMs });
      }
    }
    schedule(wake, now);
  }

  function acquire(kind: PaceKind, units: number, signal?: AbortSignal): Promise<PacerTicket> {
    if (!Number.isInteger(units) || units < 1) {
      return Promise.reject(new RangeError('units must be a positive integer'));
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<PacerTicket>((resolve, reject) => {
      const onAbort = (): void => {
        const i = waiters.indexOf(waiter);
        if (i >= 0) waiters.splice(i, 1);
        reject(abortError(signal as AbortSignal));
        pump(); // the aborted waiter may have been holding others of its kind
      };
      const waiter: Waiter = {
        kind,
        units: kind === 'request' ? 1 : units,
        resolve,
        detach: () => {
          signal?.removeEventListener('abort', onAbort);
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
      pump();
    });
  }

  return {
    acquire,
    limits,
    counters: () => ({
      requestsSent: counters.requestsSent,
      submissionUnitsSent: counters.submissionUnitsSent,
      rateLimited: { ...counters.rateLimited },
    }),
    on: (event, listener) => {
      listeners[event].add(listener);
      return () => {
        listeners[event].delete(listener);
      };
    },
  };
}
