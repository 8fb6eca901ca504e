import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseLimitHeaders } from '../../main/api/limits';
import { createManualClock } from '../helpers/manual-clock';
import {
  createPacer,
  type PaceKind,
  type Pacer,
  type PacerEvents,
  type PacerTicket,
} from '../../main/api/pacer';
import { sharePacer } from '../../main/api/shared-pacer';

const T0 = Date.UTC(2024, 0, 2, 3, 4, 0); // a minute boundary, so windows are easy to read

interface Tracked {
  readonly promise: Promise<PacerTicket>;
  readonly state: () => 'waiting' | 'admitted' | 'rejected';
  readonly ticket: () => PacerTicket;
}

function track(pacer: Pacer, kind: PaceKind, units = 1, signal?: AbortSignal): Tracked {
  let state: 'waiting' | 'admitted' | 'rejected' = 'waiting';
  let ticket: PacerTicket | undefined;
  const promise = pacer.acquire(kind, units, signal);
  promise.then(
    (t) => {
      state = 'admitted';
      ticket = t;
    },
    () => {
      state = 'rejected';
    },
  );
  return {
    promise,
    state: () => state,
    ticket: () => {
      if (!ticket) throw new Error('not admitted');
      return ticket;
    },
  };
}

/** Limit headers as the service sends them: Reset as a Unix time in seconds. */
function headers(h: {
  limit?: number;
  remaining?: number;
  resetAtMs?: number;
  subLimit?: number;
  subRemaining?: number;
  retryAfter?: string;
}): Record<string, string> {
  const out: Record<string, string> = {};
  if (h.limit !== undefined) out['x-ratelimit-limit'] = String(h.limit);
  if (h.remaining !== undefined) out['x-ratelimit-remaining'] = String(h.remaining);
  if (h.resetAtMs !== undefined) out['x-ratelimit-reset'] = String(Math.ceil(h.resetAtMs / 1000));
  if (h.subLimit !== undefined) out['x-submissionlimit-limit'] = String(h.subLimit);
  if (h.subRemaining !== undefined) out['x-submissionlimit-remaining'] = String(h.subRemaining);
  if (h.retryAfter !== undefined) out['retry-after'] = h.retryAfter;
  return out;
}

function outcome(h: Parameters<typeof headers>[0]) {
  return { limits: parseLimitHeaders(headers(h), Date.now()) };
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** Gets one request through and answered, so the pacer knows the limits from then on. */
async function prime(pacer: Pacer, h: Parameters<typeof headers>[0]): Promise<void> {
  const ticket = await pacer.acquire('request', 1);
  ticket.settle(outcome(h));
}

describe('pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets only one request out until the first answer tells it the limits', async () => {
    const pacer = createPacer();
    const first = track(pacer, 'request');
    const second = track(pacer, 'request');
    await tick();
    expect(first.state()).toBe('admitted');
    expect(second.state()).toBe('waiting');
    first.ticket().settle(outcome({ limit: 100, remaining: 99, resetAtMs: T0 + 60_000 }));
    await tick();
    expect(second.state()).toBe('admitted');
  });

  it('lets out as many as the assumed least budget before the first answer', async () => {
    const pacer = createPacer({ blindStart: 3 });
    const reads = [track(pacer, 'request'), track(pacer, 'request')];
    const uploads = [track(pacer, 'submission'), track(pacer, 'submission')];
    await tick();
    expect([...reads, ...uploads].map((r) => r.state())).toEqual([
      'admitted',
      'admitted',
      'admitted',
      'waiting',
    ]);
    reads[0]?.ticket().settle(outcome({ limit: 100, remaining: 97, resetAtMs: T0 + 60_000 }));
    await tick();
    // From the first answer on, what it said bounds what goes.
    expect(uploads[1]?.state()).toBe('admitted');
  });

  it('probes a rolled window with one request of each kind: uploads never hold up polls', async () => {
    const pacer = createPacer();
    await prime(pacer, { limit: 100, remaining: 0, resetAtMs: T0 + 1_000 });
    await tick(1_500);
    const upload = track(pacer, 'submission', 1);
    const poll = track(pacer, 'request');
    const secondUpload = track(pacer, 'submission', 1);
    const secondPoll = track(pacer, 'request');
    await tick();
    expect([upload.state(), poll.state(), secondUpload.state(), secondPoll.state()]).toEqual([
      'admitted',
      'admitted',
      'waiting',
      'waiting',
    ]);
    poll.ticket().settle(outcome({ limit: 100, remaining: 98, subLimit: 10, subRemaining: 9 }));
    await tick();
    expect([secondUpload.state(), secondPoll.state()]).toEqual(['admitted', 'admitted']);
  });

  it('holds requests before the request limit is hit and releases them after the reset', async () => {
    const pacer = createPacer({ reserve: { requests: 1 }, slackMs: 500 });
    await prime(pacer, { limit: 10, remaining: 3, resetAtMs: T0 + 20_000 });
    // 3 left, reserve 1: two more may go, the third must wait for the window.
    const a = track(pacer, 'request');
    const b = track(pacer, 'request');
    const c = track(pacer, 'request');
    await tick();
    expect([a.state(), b.state(), c.state()]).toEqual(['admitted', 'admitted', 'waiting']);
    expect(pacer.limits().requests.predictedRemaining).toBe(1);
    a.ticket().settle(outcome({ limit: 10, remaining: 2, resetAtMs: T0 + 20_000 }));
    b.ticket().settle(outcome({ limit: 10, remaining: 1, resetAtMs: T0 + 20_000 }));
    await tick(20_000);
    expect(c.state()).toBe('waiting'); // reset reached, slack not yet over
    await tick(500);
    expect(c.state()).toBe('admitted');
  });

  it('counts requests still in flight when a response reports remaining', async () => {
    const pacer = createPacer({ reserve: { requests: 0 } });
    await prime(pacer, { limit: 10, remaining: 9, resetAtMs: T0 + 60_000 });
    const flights = [1, 2, 3, 4].map(() => track(pacer, 'request'));
    await tick();
    expect(pacer.limits().requests.predictedRemaining).toBe(5);
    // The first answer says 8 left: the server had not yet counted the other three in flight.
    flights[0]?.ticket().settle(outcome({ limit: 10, remaining: 8, resetAtMs: T0 + 60_000 }));
    expect(pacer.limits().requests.predictedRemaining).toBe(5);
    expect(pacer.limits().requests.serverRemaining).toBe(8);
    // A later answer may or may not include the two still in flight: assume it does not.
    flights[3]?.ticket().settle(outcome({ limit: 10, remaining: 5, resetAtMs: T0 + 60_000 }));
    expect(pacer.limits().requests.predictedRemaining).toBe(3);
    // An answer arriving out of order (older, higher count) never loosens the prediction.
    flights[1]?.ticket().settle(outcome({ limit: 10, remaining: 7, resetAtMs: T0 + 60_000 }));
    expect(pacer.limits().requests.predictedRemaining).toBe(3);
  });

  it('adopts a lower remaining when something else spends the same key', async () => {
    const pacer = createPacer({ reserve: { requests: 0 } });
    await prime(pacer, { limit: 10, remaining: 9, resetAtMs: T0 + 60_000 });
    await prime(pacer, { limit: 10, remaining: 2, resetAtMs: T0 + 60_000 });
    expect(pacer.limits().requests.predictedRemaining).toBe(2);
    const a = track(pacer, 'request');
    const b = track(pacer, 'request');
    const c = track(pacer, 'request');
    await tick();
    expect([a.state(), b.state(), c.state()]).toEqual(['admitted', 'admitted', 'waiting']);
  });

  it('ignores a late answer from an earlier window', async () => {
    const pacer = createPacer({ reserve: { requests: 0 } });
    await prime(pacer, { limit: 10, remaining: 9, resetAtMs: T0 + 60_000 });
    const old = track(pacer, 'request');
    await tick(61_000); // window rolled by the clock, while `old` is still out
    expect(pacer.limits().requests.resetAtMs).toBe(T0 + 120_000);
    const fresh = track(pacer, 'request');
    await tick();
    // The probe of the new window: `old` (sent before the roll) does not hold it up.
    expect(fresh.state()).toBe('admitted');
    // 10, minus `old` (it might land in the new window), minus `fresh`.
    expect(pacer.limits().requests.predictedRemaining).toBe(8);
    old.ticket().settle(outcome({ limit: 10, remaining: 0, resetAtMs: T0 + 60_000 }));
    expect(pacer.limits().requests.predictedRemaining).toBe(8); // old news, ignored
    fresh.ticket().settle(outcome({ limit: 10, remaining: 7, resetAtMs: T0 + 120_000 }));
    expect(pacer.limits().requests.predictedRemaining).toBe(7);
  });

  it('probes a window rolled by the clock, so a key spent elsewhere is noticed', async () => {
    const pacer = createPacer({ reserve: { requests: 0 } });
    await prime(pacer, { limit: 10, remaining: 0, resetAtMs: T0 + 10_000 });
    const probe = track(pacer, 'request');
    const next = track(pacer, 'request');
    await tick(10_500);
    expect([probe.state(), next.state()]).toEqual(['admitted', 'waiting']);
    // Another program already used 9 of the new window's 10.
    probe.ticket().settle(outcome({ limit: 10, remaining: 1, resetAtMs: T0 + 70_000 }));
    const third = track(pacer, 'request');
    await tick();
    expect([next.state(), third.state()]).toEqual(['admitted', 'waiting']);
  });

  it('paces submissions by files and lets polls pass a held submission', async () => {
    const pacer = createPacer({ reserve: { requests: 1, submissions: 0 } });
    await prime(pacer, {
      limit: 100,
      remaining: 99,
      resetAtMs: T0 + 30_000,
      subLimit: 10,
      subRemaining: 6,
    });
    const batch = track(pacer, 'submission', 5);
    const bigger = track(pacer, 'submission', 2);
    const poll = track(pacer, 'request');
    await tick();
    expect([batch.state(), bigger.state(), poll.state()]).toEqual([
      'admitted',
      'waiting',
      'admitted',
    ]);
    batch.ticket().settle(outcome({ limit: 100, remaining: 97, subLimit: 10, subRemaining: 1 }));
    poll.ticket().settle(outcome({ limit: 100, remaining: 96, subLimit: 10, subRemaining: 1 }));
    // Submissions share X-RateLimit-Reset.
    await tick(30_500);
    expect(bigger.state()).toBe('admitted');
    expect(pacer.counters()).toMatchObject({ requestsSent: 4, submissionUnitsSent: 7 });
  });

  it('assumes a 60 s window when no reset time is given', async () => {
    const pacer = createPacer({ reserve: { requests: 0, submissions: 0 } });
    await prime(pacer, { subLimit: 2, subRemaining: 0 });
    const sub = track(pacer, 'submission', 1);
    await tick(59_000);
    expect(sub.state()).toBe('waiting');
    await tick(2_000);
    expect(sub.state()).toBe('admitted');
  });

  it('lets a batch larger than the whole budget go only into an untouched window', async () => {
    const pacer = createPacer({ reserve: { submissions: 1 } });
    await prime(pacer, {
      limit: 100,
      remaining: 99,
      resetAtMs: T0 + 10_000,
      subLimit: 4,
      subRemaining: 3,
    });
    const huge = track(pacer, 'submission', 8);
    await tick();
    expect(huge.state()).toBe('waiting');
    await tick(10_500);
    expect(huge.state()).toBe('admitted'); // not starved; the server decides about it
  });

  it('after a 429 holds every request of the key until Retry-After', async () => {
    const pacer = createPacer();
    await prime(pacer, { limit: 100, remaining: 50, resetAtMs: T0 + 60_000 });
    const limited = await pacer.acquire('request', 1);
    const inFlight = await pacer.acquire('submission', 1);
    const events: PacerEvents['rate_limited'][] = [];
    pacer.on('rate_limited', (e) => events.push(e));
    limited.settle({
      ...outcome({ limit: 100, remaining: 40, resetAtMs: T0 + 60_000 }),
      rateLimited: { scope: 'requests', retryAfterMs: 5_000 },
    });
    const poll = track(pacer, 'request');
    const sub = track(pacer, 'submission', 1);
    await tick(4_999);
    expect([poll.state(), sub.state()]).toEqual(['waiting', 'waiting']);
    await tick(1);
    expect([poll.state(), sub.state()]).toEqual(['admitted', 'admitted']);
    expect(events).toEqual([{ scope: 'requests', retryAfterMs: 5_000, untilMs: T0 + 5_000 }]);
    inFlight.settle();
    expect(pacer.counters().rateLimited).toEqual({
      requests: 1,
      submissions: 0,
      concurrency: 0,
      unknown: 0,
    });
  });

  it('after a submission or concurrency 429 holds submissions but not polls', async () => {
    const pacer = createPacer();
    await prime(pacer, { limit: 100, remaining: 50, resetAtMs: T0 + 60_000 });
    const first = await pacer.acquire('submission', 1);
    first.settle({ rateLimited: { scope: 'concurrency', retryAfterMs: 3_000 } });
    const sub = track(pacer, 'submission', 1);
    const poll = track(pacer, 'request');
    await tick();
    expect([sub.state(), poll.state()]).toEqual(['waiting', 'admitted']);
    expect(pacer.limits().heldUntilMs).toEqual({ submission: T0 + 3_000, request: 0 });
    await tick(3_000);
    expect(sub.state()).toBe('admitted');
    expect(pacer.counters().rateLimited.concurrency).toBe(1);
  });

  it('rejects a waiting acquire when its signal aborts, and others move on', async () => {
    const pacer = createPacer();
    const first = track(pacer, 'request');
    const controller = new AbortController();
    const aborted = track(pacer, 'request', 1, controller.signal);
    const after = track(pacer, 'request');
    await tick();
    controller.abort();
    await expect(aborted.promise).rejects.toMatchObject({ name: 'AbortError' });
    first.ticket().settle(outcome({}));
    await tick();
    expect(after.state()).toBe('admitted');
    expect(pacer.limits().waiting).toBe(0);
    await expect(pacer.acquire('request', 1, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('refuses nonsense units', async () => {
    const pacer = createPacer();
    await expect(pacer.acquire('submission', 0)).rejects.toBeInstanceOf(RangeError);
    await expect(pacer.acquire('submission', 1.5)).rejects.toBeInstanceOf(RangeError);
  });

  it('reports limits, concurrency and hold events', async () => {
    const pacer = createPacer({ reserve: { requests: 0 } });
    const holds: PacerEvents['hold'][] = [];
    const seen: PacerEvents['limits'][] = [];
    pacer.on('hold', (e) => holds.push(e));
    const off = pacer.on('limits', (e) => seen.push(e));
    const t = await pacer.acquire('request', 1);
    t.settle({
      limits: parseLimitHeaders(
        {
          ...headers({ limit: 3, remaining: 0, resetAtMs: T0 + 10_000 }),
          'x-concurrencylimit-limit': '4',
          'x-concurrencylimit-active': '3',
          'x-concurrencylimit-remaining': '1',
        },
        Date.now(),
      ),
    });
    expect(seen).toHaveLength(1);
    expect(pacer.limits().concurrency).toMatchObject({ limit: 4, active: 3, remaining: 1 });
    off();
    const waiting = track(pacer, 'request');
    await tick();
    // Held until the reset plus the default slack of 150 ms.
    expect(holds).toEqual([{ kind: 'request', reason: 'request_window', untilMs: T0 + 10_150 }]);
    await tick(10_150);
    expect(waiting.state()).toBe('admitted');
  });

  it('shares one pacer per key and service, without keeping the key', () => {
    const a = sharePacer('https://svc.example', 'key-one');
    const again = sharePacer('https://svc.example', 'key-one');
    const two = sharePacer('https://svc.example', 'key-two');
    const other = sharePacer('https://other.example', 'key-one');
    expect(again.pacer).toBe(a.pacer);
    expect(two.pacer).not.toBe(a.pacer);
    expect(other.pacer).not.toBe(a.pacer);
    for (const s of [a, again, two, other]) s.release();
  });

  it("refuses to hand a key's pacer to a user asking for another clock, and forgets released keys", () => {
    const clock = createManualClock(T0);
    const first = sharePacer('https://svc.example', 'key-three', { clock });
    expect(() => sharePacer('https://svc.example', 'key-three')).toThrow(/other options/);
    expect(sharePacer('https://svc.example', 'key-three', { clock }).pacer).toBe(first.pacer);
    first.release();
    first.release(); // twice is harmless; one user is left
    expect(sharePacer('https://svc.example', 'key-three', { clock }).pacer).toBe(first.pacer);
  });

  it('a key whose last user released it starts from nothing next time', () => {
    const clock = createManualClock(T0);
    const first = sharePacer('https://svc.example', 'key-four', { clock });
    first.release();
    const next = sharePacer('https://svc.example', 'key-four');
    expect(next.pacer).not.toBe(first.pacer);
    next.release();
  });

  it('keeps pacing if an event listener throws', async () => {
    const pacer = createPacer();
    pacer.on('limits', () => {
      throw new Error('listener bug');
    });
    await prime(pacer, { limit: 5, remaining: 4, resetAtMs: T0 + 60_000 });
    await expect(pacer.acquire('request', 1)).resolves.toBeDefined();
  });
});
