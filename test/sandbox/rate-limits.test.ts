// Spec 8.2 / 8.3 / 7.2-7.3: per-key request, submission and concurrency limits with fixed
// windows, their headers on success and on 429. The sandbox clock is injected so windows only move
// when the test moves them.

import { describe, expect, it } from 'vitest';
import {
  call,
  eventually,
  jpegImage,
  postBatch,
  postTask,
  startSandbox,
  uniqueJpeg,
} from './helpers';

const T0 = Date.parse('2031-03-04T05:06:07.250Z');

function headerInt(h: Headers, name: string): number {
  const v = h.get(name);
  expect(v, name).toMatch(/^\d+$/);
  return Number(v);
}

describe('spec 8.3 headers on success', () => {
  it('every answer to a valid key carries X-RateLimit-* and X-SubmissionLimit-*', async () => {
    const now = T0;
    const sb = await startSandbox({
      now: () => now,
      windowMs: 1500,
      keys: [{ key: 'k', requestsPerWindow: 10, submissionsPerWindow: 4, concurrency: 3 }],
    });
    const q = await call(sb, '/api/open/quota');
    expect(headerInt(q.headers, 'x-ratelimit-limit')).toBe(10);
    expect(headerInt(q.headers, 'x-ratelimit-remaining')).toBe(9);
    // Reset: the window's end in Unix seconds, rounded up so waiting until Reset is never early.
    const end = (Math.floor(T0 / 1500) + 1) * 1500;
    expect(headerInt(q.headers, 'x-ratelimit-reset')).toBe(Math.ceil(end / 1000));
    expect(headerInt(q.headers, 'x-submissionlimit-limit')).toBe(4);
    expect(headerInt(q.headers, 'x-submissionlimit-remaining')).toBe(4);
    expect(q.headers.get('x-concurrencylimit-limit')).toBeNull();

    const t = await postTask(sb, await uniqueJpeg());
    expect(t.status).toBe(200);
    expect(headerInt(t.headers, 'x-ratelimit-remaining')).toBe(8);
    expect(headerInt(t.headers, 'x-submissionlimit-remaining')).toBe(3);
    // Concurrency headers on creation report the active slots after binding the new task.
    expect(headerInt(t.headers, 'x-concurrencylimit-limit')).toBe(3);
    expect(headerInt(t.headers, 'x-concurrencylimit-active')).toBe(1);
    expect(headerInt(t.headers, 'x-concurrencylimit-remaining')).toBe(2);

    // 403 and 404 answers carry the rate headers too.
    const nf = await call(sb, '/api/open/tasks/none');
    expect(nf.status).toBe(404);
    expect(headerInt(nf.headers, 'x-ratelimit-remaining')).toBe(7);
  });
});

describe('spec 8.2 total requests per window', () => {
  it('refuses the request over the limit with 429 rate_limited, Retry-After and headers', async () => {
    let now = T0;
    const sb = await startSandbox({
      now: () => now,
      windowMs: 60_000,
      keys: [{ key: 'k', requestsPerWindow: 3 }],
    });
    for (let i = 0; i < 3; i++) expect((await call(sb, '/api/open/quota')).status).toBe(200);
    const r = await call(sb, '/api/open/quota');
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(typeof r.body.message).toBe('string');
    const end = (Math.floor(T0 / 60_000) + 1) * 60_000;
    expect(headerInt(r.headers, 'retry-after')).toBe(Math.ceil((end - T0) / 1000));
    expect(headerInt(r.headers, 'x-ratelimit-remaining')).toBe(0);
    expect(headerInt(r.headers, 'x-ratelimit-reset')).toBe(Math.ceil(end / 1000));
    expect(r.headers.get('x-submissionlimit-limit')).not.toBeNull();
    expect(sb.ledger.counts().rejected429.request).toBe(1);
    // The next window starts afresh.
    now = end;
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
  });

  it('counts requests refused for scope, IP or submission policy', async () => {
    const now = T0;
    const sb = await startSandbox({
      now: () => now,
      keys: [
        { key: 'noscope', scopes: ['quota:read'], requestsPerWindow: 3 },
        { key: 'noip', allowlist: ['10.0.0.0/8'], requestsPerWindow: 2 },
        { key: 'nosub', submissionsPerWindow: 0, requestsPerWindow: 2 },
      ],
    });
    expect((await call(sb, '/api/open/tasks', { key: 'noscope' })).status).toBe(403);
    expect((await call(sb, '/api/open/tasks', { key: 'noscope' })).status).toBe(403);
    expect((await call(sb, '/api/open/quota', { key: 'noscope' })).status).toBe(200);
    expect((await call(sb, '/api/open/quota', { key: 'noscope' })).status).toBe(429);

    expect((await call(sb, '/api/open/quota', { key: 'noip' })).status).toBe(403);
    expect((await call(sb, '/api/open/quota', { key: 'noip' })).status).toBe(403);
    expect((await call(sb, '/api/open/quota', { key: 'noip' })).status).toBe(429);

    expect((await postTask(sb, await uniqueJpeg(), 'nosub')).status).toBe(429);
    expect((await postTask(sb, await uniqueJpeg(), 'nosub')).status).toBe(429);
    const third = await call(sb, '/api/open/quota', { key: 'nosub' });
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('rate_limited');
  });

  it('a batch is one request unit', async () => {
    const now = T0;
    const sb = await startSandbox({ now: () => now, keys: [{ key: 'k', requestsPerWindow: 5 }] });
    const files = [await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg()];
    const r = await postBatch(sb, files);
    expect(r.status).toBe(200);
    expect(headerInt(r.headers, 'x-ratelimit-remaining')).toBe(4);
  });
});

describe('spec 8.2 task submissions per window', () => {
  it('one unit per task; over the limit 429 submission_limited and no task', async () => {
    let now = T0;
    const sb = await startSandbox({
      now: () => now,
      windowMs: 10_000,
      keys: [{ key: 'k', submissionsPerWindow: 2 }],
    });
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
    const r = await postTask(sb, await uniqueJpeg());
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ ok: false, error: 'submission_limited' });
    expect(headerInt(r.headers, 'retry-after')).toBeGreaterThanOrEqual(1);
    expect(headerInt(r.headers, 'x-submissionlimit-limit')).toBe(2);
    expect(headerInt(r.headers, 'x-submissionlimit-remaining')).toBe(0);
    expect(r.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(sb.ledger.counts().tasksCreated).toBe(2);
    expect(sb.ledger.counts().rejected429.submission).toBe(1);
    now += 10_000;
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
  });

  it('a batch uses one unit per uploaded file, invalid files included', async () => {
    const now = T0;
    const sb = await startSandbox({
      now: () => now,
      keys: [{ key: 'k', submissionsPerWindow: 5 }],
    });
    const bad = { bytes: Buffer.from('not an image'), name: 'bad.jpg' };
    const r = await postBatch(sb, [await uniqueJpeg(), bad, await uniqueJpeg()]);
    expect(r.status).toBe(200);
    expect(headerInt(r.headers, 'x-submissionlimit-remaining')).toBe(2);
    const tooMany = await postBatch(sb, [
      await uniqueJpeg(),
      await uniqueJpeg(),
      await uniqueJpeg(),
    ]);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error).toBe('submission_limited');
    expect(sb.ledger.counts().tasksCreated).toBe(3);
  });
});

describe('spec 8.2 concurrency', () => {
  it('counts the key’s non-final tasks; over the limit 429 concurrency_limited with headers', async () => {
    const sb = await startSandbox({ ai: { online: false }, keys: [{ key: 'k', concurrency: 2 }] });
    const a = await postTask(sb, await uniqueJpeg());
    expect(a.headers.get('x-concurrencylimit-active')).toBe('1');
    const b = await postTask(sb, await uniqueJpeg());
    expect(b.headers.get('x-concurrencylimit-active')).toBe('2');
    expect(b.headers.get('x-concurrencylimit-remaining')).toBe('0');
    const c = await postTask(sb, await uniqueJpeg());
    expect(c.status).toBe(429);
    expect(c.body).toMatchObject({ ok: false, error: 'concurrency_limited' });
    expect(headerInt(c.headers, 'retry-after')).toBeGreaterThanOrEqual(1);
    expect(c.headers.get('x-concurrencylimit-limit')).toBe('2');
    expect(c.headers.get('x-concurrencylimit-active')).toBe('2');
    expect(c.headers.get('x-concurrencylimit-remaining')).toBe('0');
    expect(c.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(c.headers.get('x-submissionlimit-limit')).not.toBeNull();
    expect(sb.ledger.counts().rejected429.concurrency).toBe(1);
    expect(sb.ledger.counts().tasksCreated).toBe(2);

    // Final tasks free their slots.
    sb.control.setAiOnline(true);
    await eventually(
      () => (sb.ledger.tasks().every((t) => t.status === 'done') ? true : undefined),
      'tasks to finish',
    );
    const d = await postTask(sb, await uniqueJpeg());
    expect(d.status).toBe(200);
    expect(d.headers.get('x-concurrencylimit-active')).toBe('1');
  });

  it('a task that is final at creation (cached) holds no slot afterwards', async () => {
    const sb = await startSandbox({ keys: [{ key: 'k', concurrency: 1 }] });
    const img = { bytes: await jpegImage({ nonce: 'cc' }), name: 'same.jpg' };
    const first = await postTask(sb, img);
    await eventually(
      () => (sb.ledger.task(String(first.body.task_id))?.status === 'done' ? true : undefined),
      'first task',
    );
    const again = await postTask(sb, img);
    expect(again.body.result_source).toBe('cached_exact');
    expect(again.headers.get('x-concurrencylimit-active')).toBe('0');
  });

  it('batches: only files passing validation reserve slots', async () => {
    const sb = await startSandbox({ ai: { online: false }, keys: [{ key: 'k', concurrency: 2 }] });
    const bad = { bytes: Buffer.from('GIF89a nope'), name: 'x.png' };
    const r = await postBatch(sb, [await uniqueJpeg(), bad, await uniqueJpeg()]);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-concurrencylimit-active')).toBe('2');
    const over = await postBatch(sb, [await uniqueJpeg()]);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('concurrency_limited');
  });
});
