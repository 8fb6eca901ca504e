// Spec 2.3 / 7 / 8.4: only fresh results consume quota; exhaustion is a 429 that creates no task;
// in-flight tasks reserve quota so the daily limit can never be overspent; the day rolls over at
// UTC midnight on the sandbox clock.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  eventually,
  jpegImage,
  postBatch,
  postTask,
  startSandbox,
  uniqueJpeg,
  waitTaskFinal,
} from './helpers';
import type { Sandbox } from '../../sandbox';

const quotaOf = async (sb: Sandbox, key?: string) =>
  (await call(sb, '/api/open/quota', { key })).body.quota as Record<string, unknown>;

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('spec 8.4.1 only fresh results consume quota', () => {
  it('fresh costs one unit; cached_exact of the same image costs nothing', async () => {
    const sb = await startSandbox({ keys: [{ key: 'k', user: { dailyQuota: 10 } }] });
    const img = { bytes: await jpegImage({ nonce: 'q1' }), name: 'a.jpg' };
    const first = await postTask(sb, img);
    const done = await waitTaskFinal(sb, String(first.body.task_id));
    expect(done.body.result_source).toBe('fresh');
    expect(await quotaOf(sb)).toMatchObject({ used: 1, remaining: 9, daily_limit: 10 });
    const again = await postTask(sb, img);
    expect(again.body).toMatchObject({
      status: 'done',
      result_source: 'cached_exact',
      is_latest_ai_version: true,
    });
    expect(await quotaOf(sb)).toMatchObject({ used: 1, remaining: 9 });
    expect(sb.ledger.quotaCharges()).toEqual({ [sha(img.bytes)]: 1 });
  });

  it('failed results consume nothing', async () => {
    const sb = await startSandbox({
      ai: { failureRate: 1 },
      keys: [{ key: 'k', user: { dailyQuota: 3 } }],
    });
    const r = await postTask(sb, await uniqueJpeg());
    const done = await waitTaskFinal(sb, String(r.body.task_id));
    expect(done.body.result_source).toBe('failed');
    expect(await quotaOf(sb)).toMatchObject({ used: 0, remaining: 3 });
    expect(sb.ledger.quotaCharges()).toEqual({});
  });
});

describe('spec 7.1 / 8.4.4 exhausted quota', () => {
  it('answers 429 quota_exhausted with {quota:{remaining,quota_summary_text}} and creates no task', async () => {
    const sb = await startSandbox({ keys: [{ key: 'k', user: { dailyQuota: 1 } }] });
    const seen = { bytes: await jpegImage({ nonce: 'seen' }), name: 'seen.jpg' };
    const first = await postTask(sb, seen);
    await waitTaskFinal(sb, String(first.body.task_id));
    const r = await postTask(sb, await uniqueJpeg());
    expect(r.status).toBe(429);
    expect(Object.keys(r.body).sort()).toEqual(['error', 'message', 'ok', 'quota']);
    expect(r.body).toMatchObject({ ok: false, error: 'quota_exhausted' });
    const q = r.body.quota as Record<string, unknown>;
    expect(Object.keys(q).sort()).toEqual(['quota_summary_text', 'remaining']);
    expect(q.remaining).toBe(0);
    expect(typeof q.quota_summary_text).toBe('string');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(sb.ledger.counts().tasksCreated).toBe(1);
    expect(sb.ledger.counts().rejected429.quota).toBe(1);
    // An image that would be cached_exact is free, so it is accepted at 0 remaining.
    const cached = await postTask(sb, seen);
    expect(cached.status).toBe(200);
    expect(cached.body.result_source).toBe('cached_exact');
  });

  it('a batch needing more quota than is left is refused whole', async () => {
    const sb = await startSandbox({ keys: [{ key: 'k', user: { dailyQuota: 2 } }] });
    const r = await postBatch(sb, [await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg()]);
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('quota_exhausted');
    expect(sb.ledger.counts().tasksCreated).toBe(0);
    expect((await postBatch(sb, [await uniqueJpeg(), await uniqueJpeg()])).status).toBe(200);
  });
});

describe('quota reservations for tasks in flight', () => {
  it('in-flight tasks hold quota, so the daily limit is never overspent', async () => {
    const sb = await startSandbox({
      ai: { online: false },
      keys: [{ key: 'k', user: { dailyQuota: 2 } }],
    });
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
    const q = await quotaOf(sb);
    expect(q).toMatchObject({ used: 0, remaining: 0 });
    expect(String(q.quota_summary_text)).toContain('2 held by tasks in progress');
    const third = await postTask(sb, await uniqueJpeg());
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('quota_exhausted');
    sb.control.setAiOnline(true);
    await eventually(
      () => (sb.ledger.tasks().every((t) => t.status === 'done') ? true : undefined),
      'both tasks',
    );
    expect(await quotaOf(sb)).toMatchObject({ used: 2, remaining: 0 });
  });

  it('a failed task gives its reservation back', async () => {
    const sb = await startSandbox({
      ai: { failureRate: 1 },
      keys: [{ key: 'k', user: { dailyQuota: 1 } }],
    });
    const r = await postTask(sb, await uniqueJpeg());
    await waitTaskFinal(sb, String(r.body.task_id));
    expect(await quotaOf(sb)).toMatchObject({ used: 0, remaining: 1 });
  });
});

describe('spec 2.3 day_tag and the UTC day', () => {
  it('rolls the daily count over at UTC midnight of the injected clock', async () => {
    let now = Date.parse('2030-12-31T23:59:59.000Z');
    const sb = await startSandbox({
      now: () => now,
      keys: [{ key: 'k', user: { dailyQuota: 1 } }],
    });
    expect((await quotaOf(sb)).day_tag).toBe('2030-12-31');
    const r = await postTask(sb, await uniqueJpeg());
    await waitTaskFinal(sb, String(r.body.task_id));
    expect(await quotaOf(sb)).toMatchObject({ used: 1, remaining: 0, day_tag: '2030-12-31' });
    const refused = await postTask(sb, await uniqueJpeg());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    now = Date.parse('2031-01-01T00:00:00.000Z');
    expect(await quotaOf(sb)).toMatchObject({ used: 0, remaining: 1, day_tag: '2031-01-01' });
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
  });

  it('control can set the limit and used count and reset the day', async () => {
    const sb = await startSandbox();
    sb.control.setQuota({ dailyLimit: 7, used: 5 });
    expect(await quotaOf(sb)).toMatchObject({ daily_limit: 7, used: 5, remaining: 2 });
    sb.control.resetQuota();
    expect(await quotaOf(sb)).toMatchObject({ used: 0, remaining: 7 });
  });
});

describe('spec 8.4.2-3 account types', () => {
  it('a free account spends its daily quota first, then packages', async () => {
    const sb = await startSandbox({
      keys: [{ key: 'k', user: { dailyQuota: 1, monthlyRemaining: 1, fixedRemaining: 1 } }],
    });
    expect((await quotaOf(sb)).remaining).toBe(3);
    for (let i = 0; i < 3; i++) {
      const r = await postTask(sb, await uniqueJpeg());
      await waitTaskFinal(sb, String(r.body.task_id));
    }
    expect(await quotaOf(sb)).toMatchObject({
      used: 3,
      remaining: 0,
      monthly_remaining: 0,
      fixed_remaining: 0,
    });
  });

  it('a paid account spends monthly, then bonus, then fixed quota', async () => {
    const sb = await startSandbox({
      keys: [
        {
          key: 'k',
          user: {
            accountType: 'paid',
            monthlyRemaining: 1,
            monthlyBonusRemaining: 1,
            fixedRemaining: 5,
          },
        },
      ],
    });
    const q0 = await quotaOf(sb);
    expect(q0).toMatchObject({ account_type: 'paid', daily_limit: 0, remaining: 7 });
    for (let i = 0; i < 3; i++) {
      const r = await postTask(sb, await uniqueJpeg());
      await waitTaskFinal(sb, String(r.body.task_id));
    }
    expect(await quotaOf(sb)).toMatchObject({
      monthly_remaining: 0,
      monthly_bonus_remaining: 0,
      fixed_remaining: 4,
      remaining: 4,
      used: 3,
    });
  });

  it('an unlimited account never runs out', async () => {
    const sb = await startSandbox({
      keys: [{ key: 'k', user: { unlimited: true, dailyQuota: 0 } }],
    });
    const q = await quotaOf(sb);
    expect(q.is_unlimited).toBe(true);
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
  });
});
