// The client against the sandbox service over real HTTP: all seven endpoints, the classes the
// sandbox can provoke, and pacing against its real per-key windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterApi } from '../../main/api/client';
import type { Task } from '../../main/api/schemas';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { failure, makeApi } from './helpers/api';
import { meterPhoto as readingPhoto, tempDir, type TempDir } from './helpers/files';
import { pollUntil } from './helpers/poll';
import type { FileToUpload } from '../../main/api/upload';

let dir: TempDir;
const sandboxes: Sandbox[] = [];

beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
  await dir.remove();
});

async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await createSandbox({ ...options, ai: { latencyMs: 30, jitterMs: 5, ...options.ai } });
  sandboxes.push(sb);
  return sb;
}

function clientFor(sb: Sandbox, apiKey = sb.apiKey): MeterApi {
  return makeApi(sb.url, { apiKey });
}

/** A real JPEG whose true reading the sandbox can "recognise". */
function meterPhoto(name: string, reading: string, shade: number): Promise<FileToUpload> {
  return readingPhoto(dir, name, reading, shade);
}

const isFinal = (t: Task): boolean => t.status === 'done' || t.status === 'failed';

describe('client against the sandbox', () => {
  it('calls all seven endpoints and gets typed answers', async () => {
    const sb = await sandbox();
    const api = clientFor(sb);

    const quota = await api.getQuota();
    expect(quota.remaining).toBeGreaterThan(0);
    expect(quota.email).toContain('@');

    const status = await api.getAiStatus();
    expect(status).toMatchObject({ isOnline: true, acceptsNewTasks: true });
    expect(status.currentAiVersion).toMatch(/:/);

    const photo = await meterPhoto('single.jpg', '00123.4', 10);
    const created = await api.createTask(photo);
    expect(created).toMatchObject({ status: 'queued', resultSource: 'pending', reading: null });

    const finished = await pollUntil(() => api.getTask(created.taskId), isFinal);
    expect(finished).toMatchObject({
      taskId: created.taskId,
      status: 'done',
      resultSource: 'fresh',
      reading: '00123.4',
      meterType: 'pointer',
    });

    const list = await api.listTasks(10);
    expect(list.items.map((t) => t.taskId)).toContain(created.taskId);
    expect(list.skipped).toBe(0);

    const files = [await meterPhoto('a.jpg', '1.5', 40), await meterPhoto('b.jpg', '2222', 80)];
    const batch = await api.createBatch(files, 'water_v3_meter');
    expect(batch.items.map((i) => [i.index, i.fileName])).toEqual([
      [0, 'a.jpg'],
      [1, 'b.jpg'],
    ]);
    const doneBatch = await pollUntil(
      () => api.getBatch(batch.batchId),
      (b) => b.status === 'batch_done',
    );
    expect(doneBatch.items.map((i) => i.reading)).toEqual(['1.5', '2222']);

    // The same image again comes from the cache and costs no quota.
    const again = await api.createTask(photo);
    expect(again.resultSource).toBe('cached_exact');

    // Every answer carried limit headers, and the pacer learnt them.
    const limits = api.pacer.limits();
    expect(limits.requests.limit).toBe(600);
    expect(limits.submissions.limit).toBe(300);
    expect(limits.concurrency?.limit).toBe(16);
    expect(api.pacer.counters().rateLimited).toEqual({
      requests: 0,
      submissions: 0,
      concurrency: 0,
      unknown: 0,
    });
  });

  it('maps the refusals the sandbox gives to their classes', async () => {
    const sb = await sandbox({
      maxFileBytes: 4096,
      keys: [
        { key: 'md_full_key_1111111111', user: { dailyQuota: 0 } },
        { key: 'md_read_only_222222222', email: 'other@meterdesk.test', scopes: ['quota:read'] },
      ],
    });
    const api = clientFor(sb);
    await failure(clientFor(sb, 'md_unknown_key_00000000').getQuota(), 'key_rejected');
    await failure(clientFor(sb, 'md_read_only_222222222').getAiStatus(), 'permission_denied');
    await failure(api.getTask('no-such-task'), 'not_found');
    await failure(api.getBatch('no-such-batch'), 'not_found');

    const notImage = await dir.file('notes.jpg', 'just some text, not an image');
    const e415 = await failure(api.createTask(notImage), 'file_rejected');
    expect(e415.info).toMatchObject({ status: 415 });
    const big = await dir.file('big.jpg', Buffer.alloc(10_000, 1));
    const e413 = await failure(api.createTask(big), 'file_rejected');
    expect(e413.info).toMatchObject({ status: 413 });

    const photo = await meterPhoto('q.jpg', '7', 200);
    await failure(api.createTask(photo), 'quota_exhausted');
    await failure(api.createBatch([photo], 'water_v3_foreign'), 'business_refused');

    const cad = await sandbox({ service: 'CAD' });
    const err = await failure(clientFor(cad).createBatch([photo]), 'batch_refused');
    expect(err.info.class === 'batch_refused' && err.info.refusal).toBe('unsupported');
    expect(err.info.class === 'batch_refused' && err.info.detail).toMatch(/\S/);
  });

  it('paces itself inside a small request window instead of getting 429s', async () => {
    const sb = await sandbox({
      windowMs: 1000,
      keys: [{ key: 'md_tight_key_333333333', requestsPerWindow: 3 }],
    });
    const api = clientFor(sb);
    const results = await Promise.all(Array.from({ length: 7 }, () => api.getAiStatus()));
    expect(results).toHaveLength(7);
    expect(api.pacer.counters()).toMatchObject({
      requestsSent: 7,
      rateLimited: { requests: 0, submissions: 0, concurrency: 0, unknown: 0 },
    });
  });
});
