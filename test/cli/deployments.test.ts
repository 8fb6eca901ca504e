// Deployments the CLI must read right (issue 21): a paid account whose quota.remaining is its
// daily figure (0) while its packages hold 69 readings, where `meter-desk run` sent one photo and
// stopped with exit 4 "Quota exhausted" (item 4); an AI version that changes mid-run, where the
// exported ai_version named a version that did not read the photo (item 7). `meter-desk quota`
// there printed the service's remaining 0 as what is left.
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo as io } from '../helpers/cli-io';
import { harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run on deployments that chose differently', () => {
  it('reads every photo its packages cover and exits 0', async () => {
    h = await harness({
      photos: 12,
      duplicates: 0,
      sandbox: { profile: 'paid-daily-remaining' },
    });
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const run = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile], run)).toBe(0);
    expect(run.stdout()).toContain('Every file is final');
    expect(run.stdout() + run.stderr()).not.toMatch(/quota exhausted/i);
    expect(h.sandbox.ledger.counts().rejected429.quota).toBe(0);
  });

  it('meter-desk quota on that account prints the pools summed, not the daily figure', async () => {
    h = await harness({ photos: 1, duplicates: 0, sandbox: { profile: 'paid-daily-remaining' } });
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const quota = io(env);
    expect(await main(['quota'], quota)).toBe(0);
    expect(quota.stdout()).toMatch(/^remaining\s+69$/m);
    expect(quota.stdout()).toMatch(/^daily pool left\s+0$/m);
    expect(quota.stdout()).toMatch(/^monthly package left\s+49$/m);
    expect(quota.stdout()).toMatch(/^fixed quota left\s+20$/m);
  });

  it('an AI version switch mid-run: the exported ai_version never names a version that did not read', async () => {
    h = await harness({
      photos: 30,
      duplicates: 0,
      sandbox: { profile: 'ai-version-switch' },
    });
    const env = { METER_DESK_BASE_URL: h.sandbox.url, METER_DESK_API_KEY: h.sandbox.apiKey };
    const csv = join(h.dir, 'out.csv');
    expect(await main(['run', h.photos, '--db', h.dbFile, '--export', csv], io(env))).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    });
    expect(rows.filter((r) => r.status === 'done')).toHaveLength(30);
    const sandbox = h.sandbox;
    const wrong = rows.filter(
      (r) =>
        r.ai_version !== '' && r.ai_version !== sandbox.ledger.task(r.task_id ?? '')?.aiVersion,
    );
    expect(wrong).toEqual([]);
  });
});
