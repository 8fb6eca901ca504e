// The deployment choices switched while the service runs (control.setDeployment, setAi's
// namespace, POST /__sandbox/deployment and /ai), and their validation at creation and at run time.

import { describe, expect, it, vi } from 'vitest';
import { createSandbox, DEFAULT_API_KEY } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import { TimerSet } from '../../sandbox/timers';
import {
  call,
  control,
  fillTasks,
  postBatch,
  postTask,
  startSandbox,
  uniqueJpeg,
  waitBatchDone,
  waitTaskFinal,
} from './helpers';

async function quotaRemaining(sb: Sandbox): Promise<unknown> {
  return ((await call(sb, '/api/open/quota')).body.quota as { remaining: unknown }).remaining;
}

describe('control.setDeployment while the service runs', () => {
  it('switches list bounds, error style and the too-many-files text', async () => {
    const sb = await startSandbox();
    await fillTasks(sb, 3);
    expect((await call(sb, '/api/open/tasks?limit=3')).status).toBe(200);

    sb.control.setDeployment({ listLimit: { max: 2, over: 400 } });
    expect((await call(sb, '/api/open/tasks?limit=3')).body).toEqual({
      ok: false,
      error: 'bad_request',
      message: 'limit must be between 1 and 2',
    });
    sb.control.setDeployment({ errorStyle: 'detail' });
    expect((await call(sb, '/api/open/tasks?limit=3')).body).toEqual({
      detail: 'limit must be between 1 and 2',
    });
    sb.control.setDeployment({ listLimit: { over: 422 } });
    const invalid = await call(sb, '/api/open/tasks?limit=3');
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toEqual([
      expect.objectContaining({ type: 'less_than_equal', ctx: { le: 2 } }),
    ]);
    sb.control.setDeployment({ listLimit: { max: 100, over: 'cap' } });
    expect(((await call(sb, '/api/open/tasks?limit=500')).body.items as unknown[]).length).toBe(3);

    sb.control.setUploadLimits({ batchMaxFiles: 2 });
    const files = [await uniqueJpeg(), await uniqueJpeg(), await uniqueJpeg()];
    expect((await postBatch(sb, files)).body).toEqual({ detail: 'A batch holds at most 2 files' });
    sb.control.setDeployment({ batchOverflow: { tellsLimit: false }, errorStyle: 'sandbox' });
    expect((await postBatch(sb, files)).body).toEqual({
      ok: false,
      error: 'too_many_files',
      message: 'Too many files in one batch.',
    });
  });

  it('switches what quota.remaining counts and what creation answers say', async () => {
    const sb = await startSandbox({
      ai: { online: false },
      keys: [{ key: DEFAULT_API_KEY, user: { dailyQuota: 5 } }],
    });
    const waiting = await postBatch(sb, [await uniqueJpeg(), await uniqueJpeg()]);
    expect(await quotaRemaining(sb)).toBe(3);
    sb.control.setDeployment({ quotaRemaining: 'gross' });
    expect(await quotaRemaining(sb)).toBe(5);
    expect(sb.control.state().users[0]?.quota.remaining).toBe(5);
    sb.control.setDeployment({ quotaRemaining: 'available' });
    expect(await quotaRemaining(sb)).toBe(3);

    sb.control.setAiOnline(true);
    await waitBatchDone(sb, String(waiting.body.batch_id));
    const image = await uniqueJpeg();
    await waitTaskFinal(sb, String((await postTask(sb, image)).body.task_id));
    expect((await postTask(sb, image)).body.is_latest_ai_version).toBe(true);
    sb.control.setDeployment({ creationIsLatest: 'always-false' });
    expect((await postTask(sb, image)).body.is_latest_ai_version).toBe(false);
  });

  it('switches the request latency: answers are written by a timer of that length', async () => {
    const sb = await startSandbox();
    const scheduled = vi.spyOn(TimerSet.prototype, 'after');
    try {
      await call(sb, '/api/open/quota');
      expect(scheduled).not.toHaveBeenCalled();
      sb.control.setDeployment({ requestLatencyMs: 40 });
      expect((await call(sb, '/api/open/quota')).status).toBe(200);
      expect(scheduled.mock.calls.map(([ms]) => ms)).toEqual([40]);
    } finally {
      scheduled.mockRestore();
    }
    expect(sb.ledger.counts().faults.slow).toBe(0);
  });

  it('signals CAD later in a run: namespace and service change, earlier tasks keep theirs', async () => {
    const sb = await startSandbox();
    const image = await uniqueJpeg();
    const before = await postTask(sb, image);
    await waitTaskFinal(sb, String(before.body.task_id));
    expect((await postBatch(sb, [await uniqueJpeg()])).status).toBe(200);

    sb.control.setAi({ namespace: 'CAD' });
    sb.control.setDeployment({ service: 'CAD' });
    const status = await call(sb, '/api/open/ai-status');
    expect(status.body.current_ai_version).toBe('CAD:v3.2');
    const batch = await postBatch(sb, [await uniqueJpeg()]);
    expect(batch.status).toBe(400);
    expect(Object.keys(batch.body)).toEqual(['detail']);
    // The cache is per namespace: the same image is read afresh under CAD.
    const after = await postTask(sb, image);
    expect(after.body.result_source).toBe('pending');
    expect(sb.ledger.task(String(after.body.task_id))?.namespace).toBe('CAD');
    expect(sb.ledger.task(String(before.body.task_id))?.namespace).toBe('water_v3_meter');
    expect(sb.control.state().deployment.service).toBe('CAD');
  });
});

describe('deployment control over HTTP and validation', () => {
  it('POST /__sandbox/deployment and /ai change every choice; state reports them', async () => {
    const sb = await startSandbox();
    const patch = {
      service: 'CAD',
      foreignEnabled: true,
      listLimit: { default: 10, max: 50, over: 422 },
      errorStyle: 'detail',
      batchOverflow: { tellsLimit: false },
      quotaRemaining: 'gross',
      creationIsLatest: 'always-false',
      requestLatencyMs: 5,
    };
    const r = await control(sb, '/deployment', patch);
    expect(r.status).toBe(200);
    expect(r.body.value).toEqual(patch);
    expect(sb.control.state().deployment).toEqual(patch);
    expect((await control(sb, '/ai', { namespace: 'CAD' })).status).toBe(200);
    expect((await call(sb, '/api/open/ai-status')).body.current_ai_version).toBe('CAD:v3.2');
  });

  it('refuses bad values with a clear message and changes nothing', async () => {
    const sb = await startSandbox();
    const before = sb.control.state().deployment;
    const refusals: [unknown, RegExp][] = [
      [{ listLimit: { default: 60, max: 50 } }, /listLimit.default \(60\) must not exceed/],
      [{ errorStyle: 'xml' }, /errorStyle/],
      [{ requestLatencyMs: -1 }, /requestLatencyMs/],
      [{ listLimit: { over: 413 } }, /listLimit/],
      [{ quotaRemaining: 'net', service: 'CAD' }, /quotaRemaining/],
    ];
    for (const [body, message] of refusals) {
      const r = await control(sb, '/deployment', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(String(r.body.message)).toMatch(message);
    }
    const colon = await control(sb, '/ai', { namespace: 'water:v3' });
    expect(colon.status).toBe(400);
    expect(String(colon.body.message)).toContain('no colon');
    expect(() => {
      sb.control.setDeployment({ listLimit: { max: 5, default: 6 }, errorStyle: 'detail' });
    }).toThrow('listLimit.default (6) must not exceed listLimit.max (5)');
    expect(sb.control.state().deployment).toEqual(before);
    expect(sb.control.state().ai.namespace).toBe('water_v3_meter');
  });

  it('refuses bad options at creation', async () => {
    await expect(createSandbox({ listLimit: { default: 0 } })).rejects.toThrow(
      'listLimit.default must be an integer of at least 1; got 0',
    );
    await expect(createSandbox({ requestLatencyMs: 1.5 })).rejects.toThrow(/requestLatencyMs/);
    await expect(createSandbox({ ai: { namespace: '' } })).rejects.toThrow(/AI namespace/);
  });
});
