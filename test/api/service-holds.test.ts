// Two waits the service does not spell out: a maintenance window (5xx with Retry-After) is a hold
// of the whole key, after which one request at a time asks whether it is back; a concurrency 429
// without Retry-After (7.3) waits briefly, doubling while refusals go on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyResponse } from '../../main/api/classify';
import { parseLimitHeaders } from '../../main/api/limits';
import { createPacer, type PaceKind, type Pacer } from '../../main/api/pacer';
import { createRedactor } from '../../main/api/redact';

const T0 = Date.UTC(2024, 0, 2, 3, 4, 0);
const KNOWN = { observedAtMs: T0, requests: { limit: 600, remaining: 500 } };

/** Asks the pacer for a ticket; `admitted()` says whether it has been let out yet. */
function ask(pacer: Pacer, kind: PaceKind) {
  let ticket: Awaited<ReturnType<Pacer['acquire']>> | undefined;
  void pacer.acquire(kind, 1).then((t) => (ticket = t));
  return {
    admitted: () => ticket !== undefined,
    settle: (o: Parameters<NonNullable<typeof ticket>['settle']>[0]) => ticket?.settle(o),
  };
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

describe('pacer: waits the service does not spell out', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a maintenance hold stops every request until Retry-After, then lets one at a time ask', async () => {
    const pacer = createPacer({ blindStart: 3 });
    const first = ask(pacer, 'request');
    await tick();
    first.settle({ limits: KNOWN, serviceHold: { retryAfterMs: 1_000 } });
    const waiting = [ask(pacer, 'request'), ask(pacer, 'submission'), ask(pacer, 'request')];
    await tick(999);
    expect(waiting.map((w) => w.admitted())).toEqual([false, false, false]);
    await tick(1);
    expect(waiting.map((w) => w.admitted())).toEqual([true, false, false]);
    // Still down: held again, one more asks after the next Retry-After.
    waiting[0]?.settle({ limits: KNOWN, serviceHold: { retryAfterMs: 1_000 } });
    await tick(1_000);
    expect(waiting.filter((w) => w.admitted())).toHaveLength(2);
    // Back: everything goes.
    waiting.find((w, i) => i > 0 && w.admitted())?.settle({ limits: KNOWN });
    await tick();
    expect(waiting.every((w) => w.admitted())).toBe(true);
  });

  it('a concurrency 429 without Retry-After waits 1 s, doubling to 8 s, and a success resets it', async () => {
    const pacer = createPacer({ blindStart: 3 });
    const refused = { scope: 'concurrency', retryAfterMs: 1_000, guessed: true } as const;
    const waits: number[] = [];
    pacer.on('rate_limited', (e) => waits.push(e.untilMs - Date.now()));
    for (let i = 0; i < 5; i++) {
      const upload = ask(pacer, 'submission');
      await tick(10_000);
      expect(upload.admitted()).toBe(true);
      upload.settle({ limits: KNOWN, rateLimited: refused });
    }
    const ok = ask(pacer, 'submission');
    await tick(10_000);
    ok.settle({ limits: KNOWN });
    const again = ask(pacer, 'submission');
    await tick(10_000);
    again.settle({ limits: KNOWN, rateLimited: refused });
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 1_000]);
  });
});

describe('classify: what the service did not spell out', () => {
  const redact = createRedactor([]);
  const answer = (status: number, headers: Record<string, string>, body: unknown) =>
    classifyResponse(
      { endpoint: 'create_task', status, body, limits: parseLimitHeaders(headers, T0) },
      redact,
    ).info;

  it('a 5xx with Retry-After is a service hold with its words; without, a retry', () => {
    const said = { ok: false, error: 'maintenance', message: 'Scheduled maintenance.' };
    expect(answer(503, { 'retry-after': '1' }, said)).toEqual({
      class: 'service_hold',
      retryAfterMs: 1_000,
      serviceSays: 'Scheduled maintenance.',
    });
    expect(answer(503, {}, said)).toEqual({ class: 'retry_later', reason: 'server_error' });
  });

  it('a concurrency 429 without Retry-After waits 1 s, guessed; with one, as said', () => {
    const full = { 'x-concurrencylimit-limit': '6', 'x-concurrencylimit-remaining': '0' };
    const body = { ok: false, error: 'concurrency_limited' };
    expect(answer(429, full, body)).toEqual({
      class: 'rate_limited',
      scope: 'concurrency',
      retryAfterMs: 1_000,
      guessed: true,
    });
    expect(answer(429, { ...full, 'retry-after': '3' }, body)).toEqual({
      class: 'rate_limited',
      scope: 'concurrency',
      retryAfterMs: 3_000,
    });
  });
});
