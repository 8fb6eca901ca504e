// Spec 1, 2.4, 2.5, 3, 8.5, 9: the simulated downstream AI: life cycle, failures, offline
// behaviour (waiting_ai, cached_stale), batch states, cache and AI version.

import { describe, expect, it } from 'vitest';
import {
  call,
  eventually,
  jpegImage,
  postBatch,
  postTask,
  startSandbox,
  uniqueJpeg,
  waitBatchDone,
  waitTaskFinal,
} from './helpers';

describe('spec 3 task life cycle', () => {
  it('goes queued -> running -> done asynchronously (ledger history)', async () => {
    const sb = await startSandbox();
    const r = await postTask(sb, await uniqueJpeg());
    expect(r.body.status).toBe('queued');
    const id = String(r.body.task_id);
    await waitTaskFinal(sb, id);
    const entry = sb.ledger.task(id);
    expect(entry?.history.map((h) => h.status)).toEqual(['queued', 'running', 'done']);
    expect(entry?.finishedAt).not.toBeNull();
  });

  it('reports running while the AI works on it', async () => {
    const sb = await startSandbox({ ai: { latencyMs: 2000, jitterMs: 0 } });
    const r = await postTask(sb, await uniqueJpeg());
    const id = String(r.body.task_id);
    const running = await eventually(async () => {
      const t = await call(sb, `/api/open/tasks/${id}`);
      return t.body.status === 'running' ? t : undefined;
    }, 'running');
    expect(running.body).toMatchObject({
      result_source: 'pending',
      final_reading: '-',
      success: '-',
    });
  });

  it('failed runs: result_source failed, failure_kind ai_error, error_message set, not cached', async () => {
    const sb = await startSandbox({ ai: { failureRate: 1 } });
    const img = { bytes: await jpegImage({ nonce: 'fail' }), name: 'f.jpg' };
    const r = await postTask(sb, img);
    const done = await waitTaskFinal(sb, String(r.body.task_id));
    expect(done.body).toMatchObject({
      status: 'failed',
      result_source: 'failed',
      success: 'no',
      final_reading: '-',
      is_latest_ai_version: false,
    });
    expect(String(done.body.error_message)).not.toBe('');
    expect(sb.ledger.task(String(r.body.task_id))?.failureKind).toBe('ai_error');
    const b = await postBatch(sb, [img]);
    const batch = await waitBatchDone(sb, String(b.body.batch_id));
    expect((batch.body.items as Record<string, unknown>[])[0]).toMatchObject({
      status: 'failed',
      failure_kind: 'ai_error',
    });
    // A failure is not cached: the same image runs again.
    sb.control.setAi({ failureRate: 0 });
    const again = await postTask(sb, img);
    expect(again.body.result_source).toBe('pending');
    expect((await waitTaskFinal(sb, String(again.body.task_id))).body.result_source).toBe('fresh');
  });
});

describe('spec 2.5 / 8.5 cache', () => {
  it('a resubmitted image is done at once as cached_exact, is_latest true, no new run', async () => {
    const sb = await startSandbox();
    const img = { bytes: await jpegImage({ reading: '42.1', nonce: 'cache' }), name: 'c.jpg' };
    const first = await postTask(sb, img);
    expect(first.body.is_latest_ai_version).toBe(false);
    const done = await waitTaskFinal(sb, String(first.body.task_id));
    expect(done.body.is_latest_ai_version).toBe(true);
    const again = await postTask(sb, img);
    expect(again.body).toMatchObject({
      status: 'done',
      result_source: 'cached_exact',
      is_latest_ai_version: true,
      final_reading: '42.1',
    });
    expect(sb.ledger.task(String(again.body.task_id))?.history.map((h) => h.status)).toEqual([
      'queued',
      'done',
    ]);
  });

  it('a version bump changes current_ai_version and invalidates exact hits', async () => {
    const sb = await startSandbox({ ai: { namespace: 'water_v3_meter', version: 'v3.2' } });
    const img = { bytes: await jpegImage({ reading: '7.25', nonce: 'ver' }), name: 'v.jpg' };
    await waitTaskFinal(sb, String((await postTask(sb, img)).body.task_id));
    expect(sb.control.bumpAiVersion()).toBe('water_v3_meter:v3.3');
    expect((await call(sb, '/api/open/ai-status')).body.current_ai_version).toBe(
      'water_v3_meter:v3.3',
    );
    const again = await postTask(sb, img);
    expect(again.body.result_source).toBe('pending');
    const fresh = await waitTaskFinal(sb, String(again.body.task_id));
    expect(fresh.body).toMatchObject({ result_source: 'fresh', is_latest_ai_version: true });
    expect(sb.ledger.task(String(again.body.task_id))?.aiVersion).toBe('water_v3_meter:v3.3');
    expect(sb.control.bumpAiVersion('v4.0')).toBe('water_v3_meter:v4.0');
  });
});

describe('spec 3 / 2.5 AI offline', () => {
  it('a new image waits as waiting_ai with a reason and continues when the AI is back', async () => {
    const sb = await startSandbox({ ai: { online: false } });
    const r = await postTask(sb, await uniqueJpeg({ reading: '9.9' }));
    expect(r.body).toMatchObject({
      status: 'waiting_ai',
      result_source: 'pending',
      ai_online: false,
    });
    expect(String(r.body.error_message)).toMatch(/offline/i);
    const status = await call(sb, '/api/open/ai-status');
    expect(status.body).toMatchObject({
      is_online: false,
      public_status: 'offline',
      queue_count: 1,
      accepts_new_tasks: true,
      can_return_cached_result: true,
    });
    sb.control.setAiOnline(true);
    const done = await waitTaskFinal(sb, String(r.body.task_id));
    expect(done.body).toMatchObject({
      status: 'done',
      result_source: 'fresh',
      final_reading: '9.9',
      ai_online: true,
    });
  });

  it('an image with a historical result is done at once as cached_stale, no quota', async () => {
    const sb = await startSandbox();
    const img = { bytes: await jpegImage({ reading: '123.4', nonce: 'stale' }), name: 's.jpg' };
    await waitTaskFinal(sb, String((await postTask(sb, img)).body.task_id));
    sb.control.bumpAiVersion();
    sb.control.setAiOnline(false);
    const r = await postTask(sb, img);
    expect(r.body).toMatchObject({
      status: 'done',
      result_source: 'cached_stale',
      is_latest_ai_version: false,
      final_reading: '123.4',
    });
    const q = (await call(sb, '/api/open/quota')).body.quota as Record<string, unknown>;
    expect(q.used).toBe(1);
    const read = await call(sb, `/api/open/tasks/${String(r.body.task_id)}`);
    expect(read.body).toMatchObject({ success: 'yes', meter_type: 'pointer' });
    // While offline, an exact hit of the current version stays cached_exact.
    const other = { bytes: await jpegImage({ nonce: 'exact-offline' }), name: 'e.jpg' };
    sb.control.setAiOnline(true);
    await waitTaskFinal(sb, String((await postTask(sb, other)).body.task_id));
    sb.control.setAiOnline(false);
    expect((await postTask(sb, other)).body.result_source).toBe('cached_exact');
  });

  it('tasks queued when the AI goes offline wait; running ones finish', async () => {
    const sb = await startSandbox({ ai: { parallel: 1, latencyMs: 1000, jitterMs: 0 } });
    const a = await postTask(sb, await uniqueJpeg());
    const b = await postTask(sb, await uniqueJpeg());
    expect(b.body.status).toBe('queued');
    await eventually(
      () => (sb.ledger.task(String(a.body.task_id))?.status === 'running' ? true : undefined),
      'a running',
    );
    sb.control.setAiOnline(false);
    expect(sb.ledger.task(String(b.body.task_id))?.status).toBe('waiting_ai');
    await waitTaskFinal(sb, String(a.body.task_id));
    sb.control.setAi({ latencyMs: 20, online: true });
    expect((await waitTaskFinal(sb, String(b.body.task_id))).body.status).toBe('done');
  });

  it('a batch whose items all wait is batch_waiting_ai, then batch_done', async () => {
    const sb = await startSandbox({ ai: { online: false } });
    const r = await postBatch(sb, [await uniqueJpeg(), await uniqueJpeg()]);
    expect(r.body).toMatchObject({ status: 'batch_waiting_ai', pending_count: 2 });
    for (const item of r.body.items as Record<string, unknown>[]) {
      expect(item.status).toBe('waiting_ai');
    }
    sb.control.setAiOnline(true);
    const done = await waitBatchDone(sb, String(r.body.batch_id));
    expect(done.body).toMatchObject({ done_count: 2, pending_count: 0 });
  });
});

describe('spec 2.4 AI status reflects the work', () => {
  it('reports busy, active_jobs and queue_count', async () => {
    const sb = await startSandbox({ ai: { parallel: 1, latencyMs: 2000, jitterMs: 0 } });
    for (let i = 0; i < 3; i++) await postTask(sb, await uniqueJpeg());
    const s = await call(sb, '/api/open/ai-status');
    expect(s.body).toMatchObject({
      is_online: true,
      busy: true,
      active_jobs: 1,
      queue_count: 2,
      public_status: 'busy',
      queue_state: 'backlogged',
    });
    const queued = sb.ledger.tasks()[2];
    expect(queued?.status).toBe('queued');
    expect(queued?.errorMessage).toMatch(/busy/i);
  });
});
