// `meter-desk run` with a key that may not read tasks but may read batches: every photo is read
// through batches and the run exits 0.
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';
import { expectedReadings, harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('meter-desk run with a key without tasks:read', () => {
  it('reads every photo through batches and exits 0', async () => {
    h = await harness({
      photos: 5,
      duplicates: 0,
      subfolders: false,
      sandbox: { profile: 'no-task-reads' },
    });
    const csv = join(h.dir, 'out.csv');
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
    });
    expect(await main(['run', h.photos, '--db', h.dbFile, '--export', csv], io)).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    });
    for (const [file, reading] of expectedReadings(h.manifest)) {
      expect(rows.find((r) => r.file === file)).toMatchObject({ status: 'done', reading });
    }
  });
});
