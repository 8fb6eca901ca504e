// Spec section 4 (and 2, 3): every endpoint, with exactly the documented fields and types.

import { describe, expect, it } from 'vitest';
import { createdTask, idleAiStatus } from '../helpers/spec-bodies';
import {
  ISO_UTC,
  call,
  jpegImage,
  postBatch,
  postTask,
  startSandbox,
  uniqueJpeg,
  waitBatchDone,
  waitTaskFinal,
} from './helpers';

const QUOTA_FIELDS = [
  'account_type',
  'daily_limit',
  'used',
  'remaining',
  'day_tag',
  'is_unlimited',
  'monthly_remaining',
  'monthly_bonus_remaining',
  'fixed_remaining',
  'nearest_expire_at',
  'quota_summary_text',
];
const AI_STATUS_FIELDS = [
  'ok',
  'is_online',
  'busy',
  'active_jobs',
  'public_status',
  'public_status_label',
  'public_status_reason',
  'accepts_new_tasks',
  'can_return_cached_result',
  'queue_state',
  'queue_count',
  'current_ai_version',
  'last_checked_at',
];
const CREATE_FIELDS = [
  'ok',
  'task_id',
  'status',
  'result_source',
  'visibility',
  'ai_online',
  'is_latest_ai_version',
  'final_reading',
  'result_summary',
  'error_message',
  'created_at',
];
const READ_FIELDS = [
  'ok',
  'task_id',
  'status',
  'result_source',
  'ai_online',
  'is_latest_ai_version',
  'final_reading',
  'meter_type',
  'success',
  'result_summary',
  'error_message',
  'created_at',
];
const LIST_ITEM_FIELDS = [
  'task_id',
  'status',
  'result_source',
  'final_reading',
  'meter_type',
  'success',
  'result_summary',
  'ai_online',
  'is_latest_ai_version',
  'created_at',
  'error_message',
];
const SUMMARY_FIELDS = [
  'resultKind',
  'primaryLabel',
  'primaryValue',
  'secondaryLabel',
  'secondaryValue',
  'summaryText',
];
const BATCH_FIELDS = [
  'ok',
  'batch_id',
  'status',
  'total_count',
  'done_count',
  'failed_count',
  'pending_count',
  'items',
];
const BATCH_ITEM_FIELDS = [
  'index',
  'file_name',
  'task_id',
  'status',
  'result_source',
  'final_reading',
  'failure_kind',
  'error_message',
];

const sorted = (o: unknown): string[] => Object.keys(o as object).sort();

describe('spec 4.1 GET /api/open/quota', () => {
  it('returns ok, email and exactly the quota fields of 2.3 with their types', async () => {
    const sb = await startSandbox({ keys: [{ key: 'k1', email: 'ann@example.test' }] });
    const r = await call(sb, '/api/open/quota');
    expect(r.status).toBe(200);
    expect(sorted(r.body)).toEqual(['email', 'ok', 'quota']);
    expect(r.body.ok).toBe(true);
    expect(r.body.email).toBe('ann@example.test');
    const q = r.body.quota as Record<string, unknown>;
    expect(sorted(q)).toEqual([...QUOTA_FIELDS].sort());
    expect(q.account_type).toBe('free');
    for (const f of ['daily_limit', 'used', 'remaining', 'monthly_remaining']) {
      expect(Number.isInteger(q[f])).toBe(true);
    }
    expect(Number.isInteger(q.monthly_bonus_remaining)).toBe(true);
    expect(Number.isInteger(q.fixed_remaining)).toBe(true);
    expect(q.day_tag).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.is_unlimited).toBe(false);
    expect(q.nearest_expire_at).toBeNull();
    expect(typeof q.quota_summary_text).toBe('string');
    expect(q.daily_limit).toBe(500);
    expect(q.remaining).toBe(500);
  });
});

describe('spec 4.2 GET /api/open/ai-status', () => {
  it('returns exactly the fields of 2.4; current_ai_version is namespace:version', async () => {
    const sb = await startSandbox({ ai: { namespace: 'water_v3_meter', version: 'v9.1' } });
    const r = await call(sb, '/api/open/ai-status');
    expect(r.status).toBe(200);
    expect(sorted(r.body)).toEqual([...AI_STATUS_FIELDS].sort());
    expect(r.body).toMatchObject({
      ...idleAiStatus(),
      current_ai_version: 'water_v3_meter:v9.1',
    });
    expect(r.body.last_checked_at).toMatch(ISO_UTC);
  });
});

describe('spec 4.3 POST /api/open/tasks', () => {
  it('creates a queued/pending task: creation fields only, placeholders, is_latest false', async () => {
    const sb = await startSandbox({ ai: { latencyMs: 5000 } });
    const r = await postTask(sb, { bytes: await jpegImage({ nonce: 'c1' }), name: 'a.jpg' });
    expect(r.status).toBe(200);
    expect(sorted(r.body)).toEqual([...CREATE_FIELDS].sort());
    expect(r.body).not.toHaveProperty('meter_type');
    expect(r.body).not.toHaveProperty('success');
    expect(r.body).toMatchObject(createdTask());
    expect(typeof r.body.task_id).toBe('string');
    expect(r.body.created_at).toMatch(ISO_UTC);
    const summary = r.body.result_summary as Record<string, unknown>;
    expect(sorted(summary)).toEqual([...SUMMARY_FIELDS].sort());
    expect(summary).toMatchObject({
      resultKind: 'unknown',
      primaryValue: '-',
      secondaryValue: '-',
    });
  });
});

describe('spec 4.4 GET /api/open/tasks/{task_id}', () => {
  it('returns exactly the read fields and, when done, the reading in the summary', async () => {
    const sb = await startSandbox();
    const img = await jpegImage({ reading: '01234.567', meterType: 'pointer', nonce: 'r1' });
    const created = await postTask(sb, { bytes: img, name: 'a.jpg' });
    const id = String(created.body.task_id);
    const first = await call(sb, `/api/open/tasks/${id}`);
    expect(first.status).toBe(200);
    expect(sorted(first.body)).toEqual([...READ_FIELDS].sort());
    const done = await waitTaskFinal(sb, id);
    expect(sorted(done.body)).toEqual([...READ_FIELDS].sort());
    expect(done.body).toMatchObject({
      ok: true,
      task_id: id,
      status: 'done',
      result_source: 'fresh',
      is_latest_ai_version: true,
      final_reading: '01234.567',
      meter_type: 'pointer',
      success: 'yes',
      error_message: '',
      created_at: created.body.created_at,
    });
    expect(done.body.result_summary).toMatchObject({
      resultKind: 'water_meter',
      primaryValue: '01234.567',
      secondaryValue: 'pointer',
    });
    expect(String((done.body.result_summary as Record<string, unknown>).summaryText)).toContain(
      '01234.567',
    );
  });

  it('answers 404 for an unknown task and for another user’s task', async () => {
    const sb = await startSandbox({
      keys: [
        { key: 'alice', email: 'alice@example.test' },
        { key: 'alice2', email: 'alice@example.test' },
        { key: 'bob', email: 'bob@example.test' },
      ],
    });
    const created = await postTask(sb, await uniqueJpeg(), 'alice');
    const id = String(created.body.task_id);
    const unknown = await call(sb, '/api/open/tasks/task_nope', { key: 'alice' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, error: 'not_found' });
    expect((await call(sb, `/api/open/tasks/${id}`, { key: 'bob' })).status).toBe(404);
    // Same user, other key: it is the user's task.
    expect((await call(sb, `/api/open/tasks/${id}`, { key: 'alice2' })).status).toBe(200);
  });
});

describe('spec 4.5 GET /api/open/tasks', () => {
  it('lists the user’s tasks newest first with the list fields, bounded by limit', async () => {
    const sb = await startSandbox({
      keys: [
        { key: 'me', email: 'me@example.test' },
        { key: 'other', email: 'other@example.test' },
      ],
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await postTask(sb, await uniqueJpeg(), 'me');
      ids.push(String(r.body.task_id));
    }
    await postTask(sb, await uniqueJpeg(), 'other');
    const all = await call(sb, '/api/open/tasks', { key: 'me' });
    expect(all.status).toBe(200);
    expect(sorted(all.body)).toEqual(['items', 'ok']);
    const items = all.body.items as Record<string, unknown>[];
    expect(items.map((i) => i.task_id)).toEqual([...ids].reverse());
    for (const item of items) {
      expect(sorted(item)).toEqual([...LIST_ITEM_FIELDS].sort());
      expect(item.created_at).toMatch(ISO_UTC);
      expect(sorted(item.result_summary)).toEqual([...SUMMARY_FIELDS].sort());
    }
    const two = await call(sb, '/api/open/tasks?limit=2', { key: 'me' });
    expect((two.body.items as unknown[]).length).toBe(2);
  });

  it('defaults limit to 20, caps it at 100 and refuses a non-positive or non-integer limit', async () => {
    // Offline: tasks stay non-final, so the key needs room for them all.
    const sb = await startSandbox({ ai: { online: false }, keys: [{ key: 'k', concurrency: 50 }] });
    const form = async (n: number) => {
      for (let i = 0; i < n; i++) await postTask(sb, await uniqueJpeg());
    };
    await form(22);
    const byDefault = await call(sb, '/api/open/tasks');
    expect((byDefault.body.items as unknown[]).length).toBe(20);
    const capped = await call(sb, '/api/open/tasks?limit=1000');
    expect(capped.status).toBe(200);
    expect((capped.body.items as unknown[]).length).toBe(22);
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const r = await call(sb, `/api/open/tasks?limit=${bad}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, error: 'bad_request' });
    }
  });

  it('can hand out empty result_summary objects in list items (emptyListSummaries)', async () => {
    const sb = await startSandbox({ emptyListSummaries: true });
    await postTask(sb, await uniqueJpeg());
    const r = await call(sb, '/api/open/tasks');
    const [item] = r.body.items as Record<string, unknown>[];
    expect(item?.result_summary).toEqual({});
  });
});

describe('spec 4.6 / 4.7 batches', () => {
  it('creates a batch_running batch with queued items and reads it back until batch_done', async () => {
    const sb = await startSandbox();
    const files = [
      { bytes: await jpegImage({ reading: '11.5', nonce: 'b1' }), name: 'one.jpg' },
      { bytes: await jpegImage({ reading: '22.5', nonce: 'b2' }), name: 'two.jpg' },
    ];
    const r = await postBatch(sb, files, 'water_v3_meter');
    expect(r.status).toBe(200);
    expect(sorted(r.body)).toEqual([...BATCH_FIELDS].sort());
    expect(r.body).toMatchObject({
      ok: true,
      status: 'batch_running',
      total_count: 2,
      done_count: 0,
      failed_count: 0,
      pending_count: 2,
    });
    const items = r.body.items as Record<string, unknown>[];
    items.forEach((item, index) => {
      expect(sorted(item)).toEqual([...BATCH_ITEM_FIELDS].sort());
      expect(item).toMatchObject({
        index,
        file_name: files[index]?.name,
        status: 'queued',
        result_source: 'pending',
        final_reading: '-',
        failure_kind: '',
        error_message: '',
      });
    });
    const done = await waitBatchDone(sb, String(r.body.batch_id));
    expect(done.body).toMatchObject({ done_count: 2, failed_count: 0, pending_count: 0 });
    const named = await postBatch(sb, [{ ...(await uniqueJpeg()), name: 'Zähler №7.jpg' }]);
    expect((named.body.items as Record<string, unknown>[])[0]?.file_name).toBe('Zähler №7.jpg');
    const readings = (done.body.items as Record<string, unknown>[]).map((i) => i.final_reading);
    expect(readings).toEqual(['11.5', '22.5']);
    // Each item is a task of its own.
    const task = await call(sb, `/api/open/tasks/${String(items[0]?.task_id)}`);
    expect(task.body.final_reading).toBe('11.5');
  });

  it('answers 404 for an unknown batch and for another user’s batch', async () => {
    const sb = await startSandbox({
      keys: [
        { key: 'a', email: 'a@example.test' },
        { key: 'b', email: 'b@example.test' },
      ],
    });
    const r = await postBatch(sb, [await uniqueJpeg()], undefined, 'a');
    expect(r.status).toBe(200);
    const id = String(r.body.batch_id);
    expect((await call(sb, `/api/open/batches/${id}`, { key: 'b' })).status).toBe(404);
    const unknown = await call(sb, '/api/open/batches/batch_nope', { key: 'a' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, error: 'not_found' });
  });
});

describe('unknown endpoints', () => {
  it('answers 404 for unknown paths and 405 (with Allow) for a wrong method', async () => {
    const sb = await startSandbox();
    expect((await call(sb, '/api/open/nothing')).status).toBe(404);
    expect((await call(sb, '/elsewhere', { key: null })).status).toBe(404);
    const r = await call(sb, '/api/open/quota', { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
  });
});
