// `meter-desk run` while the service holds the client back: a maintenance window ends with every
// reading and is named in plain words; tasks that wait at the service have its reason printed.
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

function envOf(sb: Harness['sandbox']): Record<string, string> {
  return { METER_DESK_BASE_URL: sb.url, METER_DESK_API_KEY: sb.apiKey };
}

describe('meter-desk run while the service holds', () => {
  it('a maintenance window: exit 0 with every reading, and the output says what happened', async () => {
    h = await harness({
      photos: 4,
      duplicates: 0,
      subfolders: false,
      sandbox: { profile: 'maintenance-window', faults: { maintenanceMs: 2_500 } },
    });
    const csv = join(h.dir, 'out.csv');
    const io = captureIo(envOf(h.sandbox));
    expect(await main(['run', h.photos, '--db', h.dbFile, '--export', csv], io)).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    });
    for (const [file, reading] of expectedReadings(h.manifest)) {
      expect(rows.find((r) => r.file === file)).toMatchObject({ status: 'done', reading });
    }
    const said = io.stderr();
    expect(said).toContain('The service is unavailable for now (maintenance or overload)');
    expect(said).toContain('no photo fails for it');
    expect(said).toMatch(/The service answers again after \d+ s of unavailability/);
  });
});
