// Profiles about the list limit, batch size and business (default, list caps, small batches,
// foreign service, the two CAD signals).

import { expect } from 'vitest';
import { profileOptions } from '../../../sandbox';
import type { Sandbox } from '../../../sandbox';
import { call, fillTasks, postBatch, postTask, startSandbox, uniqueJpeg } from '../helpers';
import type { FilePart } from '../helpers';
import type { ProfileCases } from './case';

function images(n: number): Promise<FilePart[]> {
  return Promise.all(Array.from({ length: n }, () => uniqueJpeg()));
}

async function listed(sb: Sandbox, query: string): Promise<number> {
  const r = await call(sb, `/api/open/tasks${query}`);
  expect(r.status).toBe(200);
  return (r.body.items as unknown[]).length;
}

/** With 51 tasks: limit=50 serves 50, no limit serves the default 20. */
async function servesUpToFifty(sb: Sandbox): Promise<void> {
  await fillTasks(sb, 51);
  expect(await listed(sb, '?limit=50')).toBe(50);
  expect(await listed(sb, '')).toBe(20);
}

export const LIST_AND_BATCH_CASES = {
  default: {
    promise: 'sets nothing: limits capped at 100, 8 files per batch, sandbox-style errors',
    async run() {
      expect(profileOptions('default')).toEqual({});
      const sb = await startSandbox({ profile: 'default' });
      expect(sb.control.state().profile).toBe('default');
      expect(sb.control.state().deployment).toEqual({
        service: 'standard',
        foreignEnabled: false,
        listLimit: { default: 20, max: 100, over: 'cap' },
        errorStyle: 'sandbox',
        batchOverflow: { tellsLimit: true },
        quotaRemaining: 'available',
        creationIsLatest: 'spec',
        requestLatencyMs: 0,
      });
      expect((await call(sb, '/api/open/tasks?limit=101')).status).toBe(200);
      const over = await postBatch(sb, await images(9));
      expect(over.body).toEqual({
        ok: false,
        error: 'too_many_files',
        message: 'A batch holds at most 8 files.',
      });
    },
  },
  'list-cap-50': {
    promise: 'limit 50 answers, 51 is 400 {ok,error,message}, absent gives 20',
    async run() {
      const sb = await startSandbox({ profile: 'list-cap-50' });
      await servesUpToFifty(sb);
      for (const bad of ['51', '1000', '0']) {
        const r = await call(sb, `/api/open/tasks?limit=${bad}`);
        expect(r.status).toBe(400);
        expect(r.body).toEqual({
          ok: false,
          error: 'bad_request',
          message: 'limit must be between 1 and 50',
        });
      }
    },
  },
  'list-cap-50-422': {
    promise: 'limit 50 answers, 51 / 0 / abc are 422 with FastAPI validation bodies',
    async run() {
      const sb = await startSandbox({ profile: 'list-cap-50-422' });
      await servesUpToFifty(sb);
      const over = await call(sb, '/api/open/tasks?limit=51');
      expect(over.status).toBe(422);
      expect(over.body).toEqual({
        detail: [
          {
            type: 'less_than_equal',
            loc: ['query', 'limit'],
            msg: 'Input should be less than or equal to 50',
            input: '51',
            ctx: { le: 50 },
          },
        ],
      });
      const zero = await call(sb, '/api/open/tasks?limit=0');
      expect(zero.status).toBe(422);
      expect(zero.body.detail).toEqual([
        expect.objectContaining({ type: 'greater_than_equal', loc: ['query', 'limit'] }),
      ]);
      const word = await call(sb, '/api/open/tasks?limit=abc');
      expect(word.status).toBe(422);
      expect(word.body.detail).toEqual([
        expect.objectContaining({ type: 'int_parsing', input: 'abc' }),
      ]);
    },
  },
  'small-batches': {
    promise: '4 files per batch; 5 is 400 {detail} naming 4; unknown business is {detail}',
    async run() {
      const sb = await startSandbox({ profile: 'small-batches' });
      const files = await images(5);
      const over = await postBatch(sb, files);
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ detail: 'A batch holds at most 4 files' });
      const fits = await postBatch(sb, files.slice(0, 4));
      expect(fits.status).toBe(200);
      expect(fits.body.total_count).toBe(4);
      const unknown = await postBatch(sb, files.slice(0, 1), 'xyz');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ detail: "Unknown business 'xyz'" });
    },
  },
  'small-batches-silent': {
    promise: '3 files per batch; 4 is a sandbox-style 400 that names no number',
    async run() {
      const sb = await startSandbox({ profile: 'small-batches-silent' });
      const files = await images(4);
      const over = await postBatch(sb, files);
      expect(over.status).toBe(400);
      expect(over.body).toEqual({
        ok: false,
        error: 'too_many_files',
        message: 'Too many files in one batch.',
      });
      expect(over.text).not.toMatch(/\d/);
      expect((await postBatch(sb, files.slice(0, 3))).status).toBe(200);
    },
  },
  'foreign-enabled': {
    promise: 'a water_v3_foreign batch is accepted',
    async run() {
      const sb = await startSandbox({ profile: 'foreign-enabled' });
      const r = await postBatch(sb, await images(2), 'water_v3_foreign');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ ok: true, status: 'batch_running', total_count: 2 });
      expect(sb.ledger.batches()[0]?.business).toBe('water_v3_foreign');
    },
  },
  'foreign-disabled': {
    promise: 'a water_v3_foreign batch is 409; other businesses are served',
    async run() {
      const sb = await startSandbox({ profile: 'foreign-disabled' });
      const files = await images(1);
      const r = await postBatch(sb, files, 'water_v3_foreign');
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ ok: false, error: 'business_disabled' });
      expect((await postBatch(sb, files, 'water_v3_meter')).status).toBe(200);
    },
  },
  'cad-namespace': {
    promise: "AI status says CAD:v1.0; batches are 400 {detail}; single tasks run in 'CAD'",
    async run() {
      const sb = await startSandbox({ profile: 'cad-namespace' });
      const status = await call(sb, '/api/open/ai-status');
      expect(status.body.current_ai_version).toBe('CAD:v1.0');
      const batch = await postBatch(sb, await images(1));
      expect(batch.status).toBe(400);
      expect(Object.keys(batch.body)).toEqual(['detail']);
      expect(String(batch.body.detail)).toContain('"CAD"');
      const task = await postTask(sb, await uniqueJpeg());
      expect(task.status).toBe(200);
      expect(sb.ledger.task(String(task.body.task_id))?.namespace).toBe('CAD');
    },
  },
  'cad-400': {
    promise: 'AI status keeps the water namespace; the batch 400 {detail} names the business',
    async run() {
      const sb = await startSandbox({ profile: 'cad-400' });
      const status = await call(sb, '/api/open/ai-status');
      expect(status.body.current_ai_version).toBe('water_v3_meter:v3.2');
      const file = await uniqueJpeg();
      for (const business of ['water_v3_meter', 'cax']) {
        const r = await postBatch(sb, [file], business);
        expect(r.status).toBe(400);
        expect(Object.keys(r.body)).toEqual(['detail']);
        expect(String(r.body.detail)).toContain(`"${business}"`);
      }
      expect((await postTask(sb, file)).status).toBe(200);
    },
  },
} satisfies ProfileCases;
