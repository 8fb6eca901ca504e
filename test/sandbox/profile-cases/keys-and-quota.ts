// Profiles about the key's scopes, the account's quota and what creation answers say
// (tasks-only-key, batch-less-key, no-info-scopes, paid-packages, gross-remaining,
// stale-creation).

import { expect } from 'vitest';
import { DEFAULT_API_KEY, PAID_NEAREST_EXPIRE_AT } from '../../../sandbox';
import type { Sandbox, Scope } from '../../../sandbox';
import {
  call,
  postBatch,
  postTask,
  startSandbox,
  uniqueJpeg,
  waitBatchDone,
  waitTaskFinal,
} from '../helpers';
import type { ApiResponse } from '../helpers';
import type { ProfileCases } from './case';

type Endpoint = 'quota' | 'ai-status' | 'tasks' | 'batches';

/** One request per endpoint family, each needing its own scope. */
async function hit(sb: Sandbox, what: Endpoint): Promise<ApiResponse[]> {
  switch (what) {
    case 'quota':
      return [await call(sb, '/api/open/quota')];
    case 'ai-status':
      return [await call(sb, '/api/open/ai-status')];
    case 'tasks': {
      const created = await postTask(sb, await uniqueJpeg());
      const read = await call(sb, `/api/open/tasks/${String(created.body.task_id)}`);
      return [created, read, await call(sb, '/api/open/tasks')];
    }
    case 'batches': {
      const created = await postBatch(sb, [await uniqueJpeg()]);
      const id = created.status === 200 ? String(created.body.batch_id) : 'batch_unknown';
      return [created, await call(sb, `/api/open/batches/${id}`)];
    }
  }
}

const SCOPES_OF: Record<Endpoint, readonly Scope[]> = {
  quota: ['quota:read'],
  'ai-status': ['ai:read'],
  tasks: ['tasks:write', 'tasks:read', 'tasks:read'],
  batches: ['batches:write', 'batches:read'],
};

async function expectScopes(
  sb: Sandbox,
  allowed: readonly Endpoint[],
  refused: readonly Endpoint[],
): Promise<void> {
  for (const what of allowed) {
    for (const r of await hit(sb, what)) expect(r.status, `${what}: ${r.text}`).toBe(200);
  }
  for (const what of refused) {
    const answers = await hit(sb, what);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 403));
    expect(answers.map((r) => r.body.required_scope)).toEqual(SCOPES_OF[what]);
    for (const r of answers)
      expect(r.body).toMatchObject({ error: 'forbidden', reason: 'missing_scope' });
  }
}

async function quotaOf(sb: Sandbox): Promise<Record<string, unknown>> {
  return (await call(sb, '/api/open/quota')).body.quota as Record<string, unknown>;
}

export const KEY_AND_QUOTA_CASES = {
  'tasks-only-key': {
    promise: 'tasks work; quota, AI status and both batch endpoints are 403',
    async run() {
      const sb = await startSandbox({ profile: 'tasks-only-key' });
      await expectScopes(sb, ['tasks'], ['quota', 'ai-status', 'batches']);
    },
  },
  'batch-less-key': {
    promise: 'both batch endpoints are 403; quota, AI status and tasks work',
    async run() {
      const sb = await startSandbox({ profile: 'batch-less-key' });
      await expectScopes(sb, ['quota', 'ai-status', 'tasks'], ['batches']);
    },
  },
  'no-info-scopes': {
    promise: 'quota and AI status are 403; tasks and batches work',
    async run() {
      const sb = await startSandbox({ profile: 'no-info-scopes' });
      await expectScopes(sb, ['tasks', 'batches'], ['quota', 'ai-status']);
    },
  },
  'paid-packages': {
    promise: 'a paid account: daily 0, monthly 40, bonus 5, fixed 10; a fresh result takes monthly',
    async run() {
      const sb = await startSandbox({ profile: 'paid-packages' });
      const before = await quotaOf(sb);
      expect(before).toMatchObject({
        account_type: 'paid',
        daily_limit: 0,
        used: 0,
        remaining: 55,
        is_unlimited: false,
        monthly_remaining: 40,
        monthly_bonus_remaining: 5,
        fixed_remaining: 10,
        nearest_expire_at: PAID_NEAREST_EXPIRE_AT,
      });
      const text = String(before.quota_summary_text);
      for (const pool of ['40 monthly', '5 bonus', '10 fixed']) expect(text).toContain(pool);
      const task = await postTask(sb, await uniqueJpeg());
      await waitTaskFinal(sb, String(task.body.task_id));
      expect(await quotaOf(sb)).toMatchObject({ used: 1, remaining: 54, monthly_remaining: 39 });
    },
  },
  'gross-remaining': {
    promise: '8 in flight, 10 left: quota says 10; a batch of 8 is 429 with remaining 10',
    async run() {
      const sb = await startSandbox({
        profile: 'gross-remaining',
        ai: { online: false },
        keys: [{ key: DEFAULT_API_KEY, user: { dailyQuota: 10 } }],
      });
      const files = await Promise.all(Array.from({ length: 16 }, () => uniqueJpeg()));
      const inFlight = await postBatch(sb, files.slice(0, 8));
      expect(inFlight.status).toBe(200);
      expect(await quotaOf(sb)).toMatchObject({ used: 0, remaining: 10 });

      const refused = await postBatch(sb, files.slice(8));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        ok: false,
        error: 'quota_exhausted',
        quota: { remaining: 10 },
      });
      expect(Object.keys(refused.body.quota as object).sort()).toEqual([
        'quota_summary_text',
        'remaining',
      ]);
      expect(sb.ledger.counts().tasksCreated).toBe(8);
      // Admission still counts the reservations: two more fit, not ten.
      const two = await postBatch(sb, files.slice(8, 10));
      expect(two.status).toBe(200);
      expect((await postTask(sb, await uniqueJpeg())).status).toBe(429);

      sb.control.setAiOnline(true);
      await waitBatchDone(sb, String(inFlight.body.batch_id));
      await waitBatchDone(sb, String(two.body.batch_id));
      expect(await quotaOf(sb)).toMatchObject({ used: 10, remaining: 0 });
    },
  },
  'stale-creation': {
    promise: 'a cached image is done at creation with is_latest false; its reads say true',
    async run() {
      const sb = await startSandbox({ profile: 'stale-creation' });
      const image = await uniqueJpeg();
      const first = await postTask(sb, image);
      await waitTaskFinal(sb, String(first.body.task_id));
      const again = await postTask(sb, image);
      expect(again.body).toMatchObject({
        status: 'done',
        result_source: 'cached_exact',
        is_latest_ai_version: false,
      });
      const id = String(again.body.task_id);
      const read = await call(sb, `/api/open/tasks/${id}`);
      expect(read.body).toMatchObject({
        result_source: 'cached_exact',
        is_latest_ai_version: true,
      });
      const items = (await call(sb, '/api/open/tasks')).body.items as Record<string, unknown>[];
      expect(items.find((i) => i.task_id === id)?.is_latest_ai_version).toBe(true);
    },
  },
} satisfies ProfileCases;
