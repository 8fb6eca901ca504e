// Profiles where the service holds the client back for a while (maintenance-window, shared-key,
// ai-offline-no-status).

import { expect } from 'vitest';
import { call, postTask, startSandbox, uniqueJpeg } from '../helpers';
import type { ProfileCases } from './case';

export const HOLD_AND_SLOT_CASES = {
  'maintenance-window': {
    promise: 'every endpoint answers 503 maintenance with Retry-After 1 until the window closes',
    async run() {
      const sb = await startSandbox({ profile: 'maintenance-window' });
      for (const path of ['/api/open/quota', '/api/open/tasks', '/api/open/ai-status']) {
        const down = await call(sb, path);
        expect(down.status).toBe(503);
        expect(down.headers.get('retry-after')).toBe('1');
        expect(down.body).toMatchObject({ ok: false, error: 'maintenance' });
      }
      expect((await postTask(sb, await uniqueJpeg())).status).toBe(503);
      expect(sb.ledger.counts().faults.maintenance).toBe(4);
      expect(sb.ledger.counts().tasksCreated).toBe(0);
      sb.control.setFaults({ maintenanceMs: 0 });
      expect((await call(sb, '/api/open/quota')).status).toBe(200);
    },
  },
  'shared-key': {
    promise: 'three of six slots are held elsewhere; the concurrency 429 has no Retry-After',
    async run() {
      const sb = await startSandbox({ profile: 'shared-key', ai: { latencyMs: 60_000 } });
      const first = await postTask(sb, await uniqueJpeg());
      expect(first.status).toBe(200);
      expect(first.headers.get('x-concurrencylimit-limit')).toBe('6');
      expect(first.headers.get('x-concurrencylimit-active')).toBe('4');
      expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
      expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
      const refused = await postTask(sb, await uniqueJpeg());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'concurrency_limited' });
      expect(refused.headers.get('retry-after')).toBeNull();
      expect(refused.headers.get('x-concurrencylimit-active')).toBe('6');
      expect(refused.headers.get('x-concurrencylimit-remaining')).toBe('0');
    },
  },
  'ai-offline-no-status': {
    promise: "tasks wait as waiting_ai with the service's reason; GET ai-status answers 403",
    async run() {
      const sb = await startSandbox({ profile: 'ai-offline-no-status' });
      expect((await call(sb, '/api/open/ai-status')).status).toBe(403);
      const task = await postTask(sb, await uniqueJpeg());
      expect(task.body).toMatchObject({ status: 'waiting_ai' });
      const read = await call(sb, `/api/open/tasks/${String(task.body.task_id)}`);
      expect(read.body).toMatchObject({ status: 'waiting_ai' });
      expect(String(read.body.error_message)).not.toBe('');
    },
  },
} satisfies ProfileCases;
