// Profiles about what "20MB" means and which reads a key may make (decimal-megabytes,
// no-task-reads).

import { expect } from 'vitest';
import { call, postBatch, postTask, startSandbox, uniqueJpeg, waitBatchDone } from '../helpers';
import type { FilePart } from '../helpers';
import type { ProfileCases } from './case';

/** A JPEG padded after its EOI marker (allowed, spec 4.6) to exactly `size` bytes. */
async function jpegOf(size: number): Promise<FilePart> {
  const part = await uniqueJpeg();
  expect(part.bytes.length).toBeLessThan(size);
  return { ...part, bytes: Buffer.concat([part.bytes, Buffer.alloc(size - part.bytes.length)]) };
}

export const LIMIT_AND_READ_CASES = {
  'decimal-megabytes': {
    promise:
      '"20MB" is 20,000,000 bytes: a larger image or batch is refused whole, the 413 says only "20MB"',
    async run() {
      const sb = await startSandbox({ profile: 'decimal-megabytes' });
      expect(sb.control.state().upload).toMatchObject({
        maxFileBytes: 20_000_000,
        maxBatchBytes: 20_000_000,
      });
      const file = await postTask(sb, await jpegOf(20_000_001));
      expect(file.status).toBe(413);
      expect(file.body).toMatchObject({ ok: false, error: 'file_too_large' });
      expect(String(file.body.message)).toMatch(/maximum is 20MB per image\.$/);
      const half = 10_000_001;
      const batch = await postBatch(sb, [await jpegOf(half), await jpegOf(half)]);
      expect(batch.status).toBe(413);
      expect(String(batch.body.message)).not.toMatch(/bytes/);
      expect(sb.ledger.counts().tasksCreated).toBe(0);
      expect((await postTask(sb, await jpegOf(20_000_000))).status).toBe(200);
    },
  },
  'no-task-reads': {
    promise: 'task reads (one task, the list) are 403; both uploads and batch reads work',
    async run() {
      const sb = await startSandbox({ profile: 'no-task-reads' });
      const created = await postTask(sb, await uniqueJpeg());
      expect(created.status).toBe(200);
      const one = await call(sb, `/api/open/tasks/${String(created.body.task_id)}`);
      const list = await call(sb, '/api/open/tasks');
      for (const r of [one, list]) {
        expect(r.status).toBe(403);
        expect(r.body).toMatchObject({ reason: 'missing_scope', required_scope: 'tasks:read' });
      }
      const batch = await postBatch(sb, [await uniqueJpeg()]);
      expect(batch.status).toBe(200);
      expect((await waitBatchDone(sb, String(batch.body.batch_id))).status).toBe(200);
    },
  },
} satisfies ProfileCases;
