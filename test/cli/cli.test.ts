import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo as io } from '../helpers/cli-io';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk CLI', () => {
  it('usage errors exit 2 with a specific message', async () => {
    expect(await main([], io({}))).toBe(2);
    const a = io({});
    expect(await main(['run'], a)).toBe(2);
    expect(a.stderr()).toContain('Nothing to read');
    const b = io({});
    expect(
      await main(
        ['run', '.', '--base-url', 'http://meters.example.com', '--db', '/tmp/x.sqlite'],
        b,
      ),
    ).toBe(2);
    expect(b.stderr()).toContain('unencrypted');
    const c = io({});
    expect(await main(['run', '.', '--batch', 'sometimes'], c)).toBe(2);
    const d = io({});
    expect(await main(['frobnicate'], d)).toBe(2);
    expect(d.stderr()).toContain('Unknown command');
  });

  it('run reads a folder, exits 0 and writes the billing CSV; status and export read the same queue', async () => {
    h = await harness({ photos: 6, badFiles: true, duplicates: 1 });
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const csv = join(h.dir, 'out.csv');
    const run = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile, '--export', csv], run)).toBe(0);
    expect(run.stdout()).toContain('Every file is final');
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    });
    expect(Object.keys(rows[0] ?? {}).slice(0, 8)).toEqual([
      'file',
      'reading',
      'status',
      'result_source',
      'to_review',
      'meter_type',
      'task_id',
      'error',
    ]);
    const accepted = h.manifest.files.filter((f) => f.expected.outcome === 'accepted');
    for (const f of accepted) {
      const row = rows.find((r) => r.file === f.relPath);
      expect(row?.status, f.relPath).toBe('done');
      expect(row?.reading, f.relPath).toBe(f.reading);
    }
    expect(rows.filter((r) => r.status === 'rejected').every((r) => r.error !== '')).toBe(true);
    // The API key never reaches the export.
    expect(readFileSync(csv, 'utf8')).not.toContain(h.sandbox.apiKey);

    const status = io(env);
    expect(await main(['status', '--db', h.dbFile, '--json'], status)).toBe(0);
    expect((JSON.parse(status.stdout()) as { counts: { done: number } }).counts.done).toBe(
      accepted.length,
    );

    const again = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile], again)).toBe(0);
    expect(again.stderr()).toContain('already in the list');
    expect(h.sandbox.ledger.tasks().length).toBe(accepted.length - 1);
  });

  it('exit 3 when the key is rejected, exit 4 when quota runs out', async () => {
    h = await harness({
      photos: 5,
      duplicates: 0,
      sandbox: { keys: [{ key: 'md_cli_key_1234567', user: { dailyQuota: 2 } }] },
    });
    const bad = io({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: 'md_wrong_key_0000000',
    });
    expect(await main(['run', h.photos, '--db', join(h.dir, 'a.sqlite')], bad)).toBe(3);
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const q = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile, '--batch', 'never'], q)).toBe(4);
    expect(q.stdout()).toContain('quota exhausted');
    const quota = io(env);
    expect(await main(['quota'], quota)).toBe(0);
    expect(quota.stdout()).toMatch(/remaining\s+0/);
  });
});
