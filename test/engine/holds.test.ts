// The holds and their timers, on a manual clock: what an hour of outages, quota checks and
// probes does, in milliseconds of test time.
import { describe, expect, it } from 'vitest';
import type { EngineMessage } from '../../common/engine-messages';
import { ApiError } from '../../main/api/errors';
import { DEFAULT_ENGINE_CONFIG } from '../../main/engine/config';
import { Holds, type HoldsOptions } from '../../main/engine/holds';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';

const T0 = Date.UTC(2026, 10, 23, 8);

function setup(overrides: Partial<HoldsOptions> = {}): {
  holds: Holds;
  clock: ManualClock;
  calls: string[];
  probeResult: { next: 'ok' | 'down' | 'key' };
  quotaResult: { next: boolean | 'key' | 'flaky' };
} {
  const clock = createManualClock(T0);
  const calls: string[] = [];
  const probeResult = { next: 'down' as 'ok' | 'down' | 'key' };
  const quotaResult = { next: false as boolean | 'key' | 'flaky' };
  const keyRejected = new ApiError({
    endpoint: 'ai_status',
    info: { class: 'key_rejected' },
    message: 'The API key was rejected.',
  });
  const holds = new Holds({
    clock,
    random: () => 0.5,
    config: {
      ...DEFAULT_ENGINE_CONFIG,
      probeBaseMs: 1_000,
      probeCapMs: 30_000,
      quotaRecheckMs: 60_000,
    },
    track: (work) => {
      void work;
    },
    probe: () => {
      calls.push(`probe@${String(clock.now() - T0)}`);
      if (probeResult.next === 'ok') return Promise.resolve();
      if (probeResult.next === 'key') return Promise.reject(keyRejected);
      return Promise.reject(
        new ApiError({
          endpoint: 'ai_status',
          info: { class: 'network_down', code: 'ECONNREFUSED' },
          message: 'down',
        }),
      );
    },
    quotaAvailable: () => {
      calls.push(`quota@${String(clock.now() - T0)}`);
      const next = quotaResult.next;
      if (next === 'key') return Promise.reject(keyRejected);
      if (next === 'flaky')
        return Promise.reject(
          new ApiError({
            endpoint: 'quota',
            info: { class: 'retry_later', reason: 'server_error' },
            message: '503',
          }),
        );
      return Promise.resolve(next);
    },
    failed: (err) => calls.push(`failed:${(err as ApiError).class}`),
    changed: () => undefined,
    released: () => calls.push('released'),
    log: () => undefined,
    ...overrides,
  });
  holds.start();
  return { holds, clock, calls, probeResult, quotaResult };
}

describe('holds on a manual clock', () => {
  it('offline: probes with growing, capped backoff until the service answers, then releases', async () => {
    const { holds, clock, calls, probeResult } = setup();
    holds.goOffline('Cannot reach the service');
    expect(holds.pollsHeld).toBe(true);
    expect(holds.view().offline?.nextProbeAt).toBe(T0 + 750);
    await clock.advance(10 * 60_000);
    const probes = calls.filter((c) => c.startsWith('probe')).map((c) => Number(c.slice(6)));
    const gaps = probes.slice(1).map((t, i) => t - (probes[i] ?? 0));
    // Equal jitter with random 0.5: 3/4 of each step; steps double from 1 s up to the 30 s cap.
    expect(gaps.slice(0, 6)).toEqual([1_500, 3_000, 6_000, 12_000, 22_500, 22_500]);
    expect(holds.view().offline).not.toBeNull();
    probeResult.next = 'ok';
    await clock.advance(30_000);
    expect(holds.view().offline).toBeNull();
    expect(calls).toContain('released');
    expect(holds.pollsHeld).toBe(false);
  });

  it('a network hint probes at once instead of waiting out the backoff', async () => {
    const { holds, clock, calls, probeResult } = setup();
    holds.goOffline('down');
    await clock.advance(20_000);
    const before = calls.length;
    probeResult.next = 'ok';
    holds.networkHint();
    await clock.advance(0);
    expect(calls.length).toBe(before + 2); // one probe, released
    expect(holds.view().offline).toBeNull();
  });

  it('a probe refused for the key is online after all: the key problem is what shows', async () => {
    const { holds, clock, calls, probeResult } = setup();
    holds.goOffline('down');
    probeResult.next = 'key';
    await clock.advance(1_000);
    expect(holds.view().offline).toBeNull();
    expect(calls).toContain('failed:key_rejected');
  });

  it('a probe answered with an error of its endpoint (a 503) is online after all', async () => {
    const { holds, clock, calls } = setup({
      probe: () =>
        Promise.reject(
          new ApiError({
            endpoint: 'ai_status',
            info: { class: 'retry_later', reason: 'server_error' },
            message: 'The AI health check failed.',
            status: 503,
          }),
        ),
    });
    holds.goOffline('down');
    await clock.advance(1_000);
    expect(holds.view().offline).toBeNull();
    expect(calls).toContain('released');
    expect(calls.some((c) => c.startsWith('failed'))).toBe(false);
  });

  it('three transport failures in a row (not two) mean offline', () => {
    const { holds } = setup();
    holds.transportFailed('reset');
    holds.transportFailed('reset');
    expect(holds.view().offline).toBeNull();
    holds.transportOk();
    holds.transportFailed('reset');
    holds.transportFailed('reset');
    expect(holds.view().offline).toBeNull();
    holds.transportFailed('reset');
    expect(holds.view().offline).toMatchObject({ code: null });
  });

  it('quota: re-checked every minute until readings are back; a 503 waits, a revoked key shows', async () => {
    const { holds, clock, calls, quotaResult } = setup();
    holds.holdQuota(0);
    expect(holds.uploadsHeld).toBe(true);
    expect(holds.pollsHeld).toBe(false);
    await clock.advance(3 * 60_000);
    expect(calls.filter((c) => c.startsWith('quota'))).toEqual([
      'quota@60000',
      'quota@120000',
      'quota@180000',
    ]);
    quotaResult.next = 'flaky';
    await clock.advance(60_000);
    expect(calls.some((c) => c.startsWith('failed'))).toBe(false);
    expect(holds.view().quota?.nextCheckAt).toBe(T0 + 300_000);
    quotaResult.next = 'key';
    await clock.advance(60_000);
    expect(calls).toContain('failed:key_rejected');
    quotaResult.next = true;
    await clock.advance(60_000);
    expect(holds.view().quota).toBeNull();
  });

  it('retryNow drops key and settings holds and looks again at once', async () => {
    const { holds, clock, calls } = setup();
    holds.holdAuth('permission_denied', 'no scope', 'create_task');
    holds.holdSettings('Business refused');
    holds.holdQuota(0);
    holds.retryNow();
    await clock.advance(0);
    expect(holds.view().auth).toBeNull();
    expect(holds.view().settings).toBeNull();
    expect(calls).toContain('quota@0');
  });

  it('a permission hold stops uploads but not polls; a rejected key stops both', () => {
    const { holds } = setup();
    holds.holdAuth('permission_denied', 'no scope', 'create_task');
    expect(holds.uploadsHeld).toBe(true);
    expect(holds.pollsHeld).toBe(false);
    holds.holdAuth('key_rejected', 'bad key');
    expect(holds.pollsHeld).toBe(true);
  });

  it('stop() leaves no timer behind', async () => {
    const { holds, clock } = setup();
    holds.goOffline('down');
    holds.holdQuota(0);
    holds.stop();
    expect(clock.pendingTimers()).toBe(0);
    await clock.advance(60_000);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('logs each hold in English with the code the window words it by', async () => {
    const lines: { text: string; message: EngineMessage | undefined }[] = [];
    const { holds, probeResult, clock } = setup({
      log: (text, message) => lines.push({ text, message }),
    });
    holds.goOffline('Cannot reach the service', 'ENOTFOUND');
    probeResult.next = 'ok';
    await clock.advance(1_000);
    holds.holdQuota(null);
    holds.holdAuth('key_rejected', 'Invalid API key');
    holds.holdSettings('Foreign meters are disabled');
    expect(lines).toEqual([
      {
        text: 'Service unreachable (Cannot reach the service); uploads paused, probing',
        message: {
          code: 'offlineBegan',
          params: { cause: 'ENOTFOUND', reason: 'Cannot reach the service' },
        },
      },
      {
        text: 'Service reachable again; resuming',
        message: { code: 'offlineEnded', params: {} },
      },
      {
        text: 'Quota exhausted: no readings left; the rest stays queued',
        message: { code: 'quotaExhausted', params: { remaining: -1 } },
      },
      {
        text: 'API key rejected: Invalid API key',
        message: { code: 'keyRejected', params: { serviceSays: 'Invalid API key' } },
      },
      {
        text: 'Foreign meters are disabled',
        message: { code: 'settingRefused', params: { serviceSays: 'Foreign meters are disabled' } },
      },
    ]);
    holds.stop();
  });
});
