// Profiles about what the quota's `remaining` counts for a paid account and an AI version that
// changes mid-run (paid-daily-remaining, ai-version-switch).

import { expect } from 'vitest';
import type { Sandbox } from '../../../sandbox';
import { call, postTask, startSandbox, uniqueJpeg, waitTaskFinal } from '../helpers';
import type { ProfileCases } from './case';

async function quotaOf(sb: Sandbox): Promise<Record<string, unknown>> {
  return (await call(sb, '/api/open/quota')).body.quota as Record<string, unknown>;
}

async function aiVersionOf(sb: Sandbox): Promise<unknown> {
  return (await call(sb, '/api/open/ai-status')).body.current_ai_version;
}

export const QUOTA_AND_VERSION_CASES = {
  'paid-daily-remaining': {
    promise: 'a paid account: remaining 0 (daily), monthly 49 and fixed 20 hold what it may read',
    async run() {
      const sb = await startSandbox({ profile: 'paid-daily-remaining' });
      expect(await quotaOf(sb)).toMatchObject({
        account_type: 'paid',
        daily_limit: 0,
        remaining: 0,
        monthly_remaining: 49,
        monthly_bonus_remaining: 0,
        fixed_remaining: 20,
      });
      const task = await postTask(sb, await uniqueJpeg());
      expect(task.status).toBe(200);
      await waitTaskFinal(sb, String(task.body.task_id));
      expect(await quotaOf(sb)).toMatchObject({ used: 1, remaining: 0, monthly_remaining: 48 });
    },
  },
  'ai-version-switch': {
    promise: 'after 20 AI runs current_ai_version moves to v3.3; the ledger keeps who read what',
    async run() {
      const sb = await startSandbox({
        profile: 'ai-version-switch',
        ai: { latencyMs: 5, jitterMs: 0 },
      });
      expect(await aiVersionOf(sb)).toBe('water_v3_meter:v3.2');
      const ids: string[] = [];
      for (let i = 0; i < 21; i++) {
        const task = await postTask(sb, await uniqueJpeg());
        ids.push(String(task.body.task_id));
        await waitTaskFinal(sb, ids[i] ?? '');
      }
      expect(await aiVersionOf(sb)).toBe('water_v3_meter:v3.3');
      const versions = ids.map((id) => sb.ledger.task(id)?.aiVersion);
      expect(versions.slice(0, 20)).toEqual(Array(20).fill('water_v3_meter:v3.2'));
      expect(versions[20]).toBe('water_v3_meter:v3.3');
    },
  },
} satisfies ProfileCases;
