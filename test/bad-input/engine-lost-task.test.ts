// The service forgets ONE task (404 on its read, absent from the list) while others are still
// being worked on. Only that photo may be sent again: the others are alive at the service, and
// sending them again creates duplicate tasks that may be charged a second time.
import { describe, expect, it } from 'vitest';
import { json, type ProxyRules } from './helpers/mangling-proxy';
import { expectNoInternalErrors, useProxiedRuns } from './helpers/proxied-run';

const startRun = useProxiedRuns();

describe('a task the service no longer knows, among many it does', { timeout: 90_000 }, () => {
  it('only that photo is sent again; the others are not resubmitted', async () => {
    let lost: string | null = null;
    let refused = 0;
    const rules: ProxyRules = {
      before: (ex) => {
        if (lost && ex.method === 'GET' && ex.path === `/api/open/tasks/${lost}`) {
          refused++;
          return json(404, { ok: false, error: 'not_found', message: 'Task not found.' });
        }
        return undefined;
      },
      after: (ex, up) => {
        if (ex.method !== 'GET' || ex.path !== '/api/open/tasks') return undefined;
        const body = up.json as { items?: { task_id?: unknown; status?: unknown }[] } | undefined;
        if (!body?.items) return undefined;
        // The service forgets one task still in progress; the list no longer shows it.
        if (lost === null) {
          const victim = body.items.find(
            (i) => i.status !== 'done' && typeof i.task_id === 'string',
          );
          if (typeof victim?.task_id === 'string') lost = victim.task_id;
        }
        if (lost === null) return undefined;
        const items = body.items.filter((i) => i.task_id !== lost);
        return json(up.status, { ...body, items }, up.headers);
      },
    };
    const run = await startRun({
      rules,
      photos: 8,
      // Slow AI: the other tasks are still running when the forgotten one is found out.
      sandbox: { ai: { latencyMs: 1_500, jitterMs: 0 } },
      // One poll at a time, so due tasks pile up and are asked for with one list request.
      config: { batchMode: 'never', listPolling: true, maxParallelUploads: 8, maxParallelPolls: 1 },
    });
    expect(lost).not.toBeNull();
    expect(refused).toBeGreaterThan(0);
    expect(run.outcome).toBe('complete');
    expect(run.jobs.every((j) => j.state === 'done')).toBe(true);
    const resubmitted = run.jobs.filter((j) => j.resubmits > 0);
    expect(resubmitted.map((j) => j.relPath)).toHaveLength(1);
    // One task per photo, plus the one sent again.
    expect(run.h.sandbox.ledger.counts().tasksCreated).toBe(run.jobs.length + 1);
    expectNoInternalErrors(run);
  });
});
