import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_COUNT,
  MAX_WAIT_MS,
  parseLimitHeaders,
  parseReset,
  parseRetryAfter,
} from '../../main/api/limits';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);
const NAMES = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-submissionlimit-limit',
  'x-submissionlimit-remaining',
  'x-concurrencylimit-limit',
  'x-concurrencylimit-active',
  'x-concurrencylimit-remaining',
  'retry-after',
  'date',
];

/** Header values a broken server or proxy might send. */
const headerValue = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '1e9',
    'NaN',
    'Infinity',
    '0x10',
    '12abc',
    '١٢',
    '99999999999999999999',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
);
const headerMap = fc.dictionary(
  fc.constantFrom(...NAMES),
  fc.oneof(headerValue, fc.array(headerValue, { maxLength: 3 })),
);

describe('limit headers', () => {
  it('parses the example headers of the spec', () => {
    const snap = parseLimitHeaders(
      {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': String(NOW / 1000 + 55),
        'x-submissionlimit-limit': '30',
        'x-submissionlimit-remaining': '28',
        'x-concurrencylimit-limit': '4',
        'x-concurrencylimit-active': '1',
        'x-concurrencylimit-remaining': '3',
        'retry-after': '7',
      },
      NOW,
    );
    expect(snap).toEqual({
      observedAtMs: NOW,
      requests: { limit: 60, remaining: 59, resetAtMs: NOW + 55_000, windowId: NOW + 55_000 },
      submissions: { limit: 30, remaining: 28 },
      concurrency: { limit: 4, active: 1, remaining: 3 },
      retryAfterMs: 7_000,
    });
  });

  it('survives garbage: unknown values are dropped, odd ones clamped', () => {
    const snap = parseLimitHeaders(
      {
        'x-ratelimit-limit': 'lots',
        'x-ratelimit-remaining': '-3',
        'x-ratelimit-reset': '99999999999999999999',
        'x-submissionlimit-limit': '5',
        'x-submissionlimit-remaining': '9',
        'x-concurrencylimit-limit': '1e400',
        'retry-after': 'soon',
      },
      NOW,
    );
    expect(snap).toEqual({
      observedAtMs: NOW,
      requests: { remaining: 0, resetAtMs: NOW + MAX_WAIT_MS, windowId: NOW + MAX_WAIT_MS },
      submissions: { limit: 5, remaining: 5 },
    });
  });

  it('reads Reset as a delta below 1e9 and as Unix seconds above, against the server clock', () => {
    expect(parseReset('30', NOW)).toBe(NOW + 30_000);
    expect(parseReset(String(NOW / 1000 + 30), NOW)).toBe(NOW + 30_000);
    expect(parseReset(String(NOW + 30_000), NOW)).toBe(NOW + 30_000); // milliseconds
    // The server's clock is 10 minutes ahead: only the difference to its own Date counts.
    const serverNow = NOW + 600_000;
    expect(parseReset(String(serverNow / 1000 + 20), NOW, serverNow)).toBe(NOW + 20_000);
    // ...and which window an answer speaks about is told in the server's clock, not ours.
    expect(
      parseLimitHeaders(
        {
          'x-ratelimit-reset': String(serverNow / 1000 + 20),
          date: new Date(serverNow).toUTCString(),
        },
        NOW,
      ).requests,
    ).toEqual({ resetAtMs: NOW + 20_000, windowId: serverNow + 20_000 });
    expect(parseReset(String(NOW / 1000 - 100), NOW)).toBe(NOW); // already past
    expect(parseReset('86400', NOW)).toBe(NOW + MAX_WAIT_MS); // absurd
    expect(parseReset('-5', NOW)).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('1.5', NOW)).toBe(1_500);
    expect(parseRetryAfter(new Date(NOW + 42_000).toUTCString(), NOW)).toBe(42_000);
    const serverNow = NOW - 3_600_000; // desktop clock an hour ahead
    expect(parseRetryAfter(new Date(serverNow + 9_000).toUTCString(), NOW, serverNow)).toBe(9_000);
    expect(parseRetryAfter(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('31536000', NOW)).toBe(MAX_WAIT_MS);
    for (const bad of ['', 'soon', '-1', 'Mon', '10 s']) {
      expect(parseRetryAfter(bad, NOW)).toBeUndefined();
    }
  });

  it('property: any headers give a snapshot with sane numbers', () => {
    fc.assert(
      fc.property(headerMap, fc.integer({ min: 0, max: 4e12 }), (headers, now) => {
        const snap = parseLimitHeaders(headers, now);
        const counts = [
          snap.requests?.limit,
          snap.requests?.remaining,
          snap.submissions?.limit,
          snap.submissions?.remaining,
          snap.concurrency?.limit,
          snap.concurrency?.active,
          snap.concurrency?.remaining,
        ].filter((v): v is number => v !== undefined);
        for (const c of counts) {
          expect(Number.isInteger(c)).toBe(true);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(MAX_COUNT);
        }
        for (const w of [snap.requests, snap.submissions, snap.concurrency]) {
          if (w?.limit !== undefined && w.remaining !== undefined) {
            expect(w.remaining).toBeLessThanOrEqual(w.limit);
          }
        }
        const reset = snap.requests?.resetAtMs;
        if (reset !== undefined) {
          expect(reset).toBeGreaterThanOrEqual(now);
          expect(reset).toBeLessThanOrEqual(now + MAX_WAIT_MS);
        }
        if (snap.retryAfterMs !== undefined) {
          expect(snap.retryAfterMs).toBeGreaterThanOrEqual(0);
          expect(snap.retryAfterMs).toBeLessThanOrEqual(MAX_WAIT_MS);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: Retry-After seconds and HTTP dates agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1e9, max: 4e9 }), (s, t) => {
        const now = t * 1000; // whole seconds, like the Date header
        expect(parseRetryAfter(String(s), now)).toBe(s * 1000);
        expect(parseRetryAfter(new Date(now + s * 1000).toUTCString(), now)).toBe(s * 1000);
      }),
    );
  });

  it('property: Reset as delta and as Unix seconds mean the same instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1e9, max: 4e9 }), (d, t) => {
        const now = t * 1000;
        expect(parseReset(String(d), now)).toBe(now + d * 1000);
        expect(parseReset(String(t + d), now)).toBe(now + d * 1000);
      }),
    );
  });
});
