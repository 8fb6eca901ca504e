// Profiles about error body shapes and the network (detail-errors, high-latency).

import { expect, onTestFinished, vi } from 'vitest';
import { createSandbox, DEFAULT_API_KEY } from '../../../sandbox';
import { TimerSet } from '../../../sandbox/timers';
import { call, postBatch, postTask, startSandbox, uniqueJpeg } from '../helpers';
import type { ApiResponse, FilePart } from '../helpers';
import type { ProfileCases } from './case';

function expectDetail(r: ApiResponse, status: number, detail: string): void {
  expect(r.status, r.text).toBe(status);
  expect(r.body).toEqual({ detail });
}

function nineFiles(): Promise<FilePart[]> {
  return Promise.all(Array.from({ length: 9 }, () => uniqueJpeg()));
}

export const ERROR_AND_LATENCY_CASES = {
  'detail-errors': {
    promise: "400/409 are {detail}; 401, 413, 429 keep the spec's shapes, 404/415 the sandbox's",
    async run() {
      const sb = await startSandbox({
        profile: 'detail-errors',
        maxFileBytes: 4096,
        keys: [{ key: DEFAULT_API_KEY, user: { dailyQuota: 0 } }],
      });
      const files = await nineFiles();
      expectDetail(await postBatch(sb, files), 400, 'A batch holds at most 8 files');
      expectDetail(await postBatch(sb, files.slice(0, 1), 'xyz'), 400, "Unknown business 'xyz'");
      expectDetail(
        await postBatch(sb, files.slice(0, 1), 'water_v3_foreign'),
        409,
        "Business 'water_v3_foreign' is not enabled on this deployment",
      );
      expectDetail(
        await call(sb, '/api/open/tasks?limit=abc'),
        400,
        'limit must be an integer from 1 to 100',
      );
      expectDetail(
        await call(sb, '/api/open/tasks', { method: 'POST', body: 'not multipart' }),
        400,
        'expected a multipart/form-data body',
      );

      const unauthorized = await call(sb, '/api/open/quota', { key: 'nope' });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.body).toMatchObject({ ok: false, error: 'unauthorized' });
      const big = await postTask(sb, { bytes: new Uint8Array(5000), name: 'big.jpg' });
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ ok: false, error: 'file_too_large' });
      const quota = await postTask(sb, await uniqueJpeg());
      expect(quota.status).toBe(429);
      expect(quota.body).toMatchObject({
        ok: false,
        error: 'quota_exhausted',
        quota: { remaining: 0 },
      });
      const missing = await call(sb, '/api/open/tasks/task_nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ ok: false, error: 'not_found' });
      const text = await postTask(sb, { bytes: new TextEncoder().encode('hello'), name: 'a.jpg' });
      expect(text.status).toBe(415);
      expect(text.body).toMatchObject({ ok: false, error: 'unsupported_image' });
    },
  },
  'high-latency': {
    promise: 'answers are held back 150 ms; AI 1000 ± 100 ms, 16 slots, 120 requests per 10 s',
    async run() {
      // Not startSandbox: its short AI latency would override the profile's.
      const sb = await createSandbox({ profile: 'high-latency' });
      onTestFinished(() => sb.close());
      const state = sb.control.state();
      expect(state.deployment.requestLatencyMs).toBe(150);
      expect(state.ai).toMatchObject({ latencyMs: 1000, jitterMs: 100 });
      expect(state.windowMs).toBe(10_000);
      expect(state.keys[0]).toMatchObject({ concurrency: 16, requestsPerWindow: 120 });

      // The answer is written by a timer of requestLatencyMs (no wall-clock measurement).
      const scheduled = vi.spyOn(TimerSet.prototype, 'after');
      try {
        const quota = await call(sb, '/api/open/quota');
        expect(quota.status).toBe(200);
        expect(quota.headers.get('x-ratelimit-limit')).toBe('120');
        expect(scheduled.mock.calls.map(([ms]) => ms)).toEqual([150]);
      } finally {
        scheduled.mockRestore();
      }
      const task = await postTask(sb, await uniqueJpeg());
      expect(task.headers.get('x-concurrencylimit-limit')).toBe('16');
    },
  },
} satisfies ProfileCases;
