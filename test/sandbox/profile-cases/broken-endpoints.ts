// Profiles where one endpoint is broken or slow while the others work (list-500, slow-list,
// ai-status-503).

import { expect, vi } from 'vitest';
import { TimerSet } from '../../../sandbox/timers';
import { call, postTask, startSandbox, uniqueJpeg, waitTaskFinal } from '../helpers';
import type { ProfileCases } from './case';

export const BROKEN_ENDPOINT_CASES = {
  'list-500': {
    promise: 'every list answers 500; single-task reads, batch reads and uploads work',
    async run() {
      const sb = await startSandbox({ profile: 'list-500' });
      const task = await postTask(sb, await uniqueJpeg());
      expect(task.status).toBe(200);
      const id = String(task.body.task_id);
      const list = await call(sb, '/api/open/tasks?limit=5');
      expect(list.status).toBe(500);
      expect(list.body).toMatchObject({ ok: false, error: 'internal_error' });
      expect((await waitTaskFinal(sb, id)).body).toMatchObject({ status: 'done' });
      expect((await call(sb, '/api/open/quota')).status).toBe(200);
      // A key without tasks:read is still refused first: the list is broken behind the scope check.
      sb.control.updateKey(sb.apiKey, { scopes: ['quota:read'] });
      expect((await call(sb, '/api/open/tasks')).status).toBe(403);
      expect(sb.ledger.counts().faults.list_error).toBe(1);
      sb.control.setFaults({ listErrorStatus: 0 });
      sb.control.updateKey(sb.apiKey, { scopes: ['tasks:read'] });
      expect((await call(sb, '/api/open/tasks')).status).toBe(200);
    },
  },
  'slow-list': {
    promise: 'list answers are held back 35 s; other answers are not',
    async run() {
      const sb = await startSandbox({ profile: 'slow-list', faults: { listDelayMs: 30 } });
      expect(sb.control.state().faults.listDelayMs).toBe(30);
      // The answer is written by a timer of listDelayMs (no wall-clock measurement).
      const scheduled = vi.spyOn(TimerSet.prototype, 'after');
      try {
        expect((await call(sb, '/api/open/quota')).status).toBe(200);
        expect((await call(sb, '/api/open/tasks')).status).toBe(200);
        expect(scheduled.mock.calls.map(([ms]) => ms)).toEqual([30]);
      } finally {
        scheduled.mockRestore();
      }
      expect(sb.ledger.counts().faults.list_slow).toBe(1);
    },
  },
  'ai-status-503': {
    promise: 'GET ai-status answers 503 ai_check_failed; quota, uploads and reads work',
    async run() {
      const sb = await startSandbox({ profile: 'ai-status-503' });
      const ai = await call(sb, '/api/open/ai-status');
      expect(ai.status).toBe(503);
      expect(ai.body).toMatchObject({ ok: false, error: 'ai_check_failed' });
      expect((await call(sb, '/api/open/quota')).status).toBe(200);
      const task = await postTask(sb, await uniqueJpeg());
      expect(task.status).toBe(200);
      expect((await call(sb, '/api/open/tasks')).status).toBe(200);
      expect(sb.ledger.counts().faults.ai_status_error).toBe(1);
    },
  },
} satisfies ProfileCases;
