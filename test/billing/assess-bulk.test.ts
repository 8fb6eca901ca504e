// Checking many meters at once (a route loaded, a pattern changed, 10,000 order records) reads the
// meters and their photos in one pass each instead of one statement per meter and photo. The
// outcome must be the one the per-meter path stores: readings in and out of their band, a photo
// whose code names another meter, a byte-identical copy, and a meter with two photos.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { assessMeters } from '../../main/billing/assess';
import { codesRead, loadRouteSheet } from '../../main/billing/routes';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

const NOW = new Date('2026-11-23T12:00:00Z');
const METERS = 240;
const id = (n: number): string => String(n).padStart(4, '0');

let queue: ReturnType<typeof tempDir>;
let store: Store;

beforeEach(async () => {
  queue = tempDir('meterdesk-assess-bulk-');
  store = openStore(join(queue.dir, 'queue.sqlite'), { clock: createManualClock(NOW.getTime()) });
  const rows = Array.from(
    { length: METERS },
    (_, i) => `${id(i + 1)};SN-${id(i + 1)};5;0;00100;2026-11-01;1`,
  );
  const sheet = join(queue.dir, 'tour.csv');
  writeFileSync(
    sheet,
    `meter_id;barcode;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n${rows.join('\r\n')}\r\n`,
  );
  expect((await loadRouteSheet(store, sheet, { name: 'tour.csv', now: NOW })).ok).toBe(true);
});

afterEach(() => {
  store.close();
  queue.cleanup();
});

function stored(): Map<number, string> {
  const rows = store.db
    .prepare<[], { id: number; plausibility: string | null; plausibility_detail: string | null }>(
      'SELECT id, plausibility, plausibility_detail FROM jobs ORDER BY id',
    )
    .all();
  return new Map(
    rows.map((r) => [r.id, `${r.plausibility ?? '-'} ${r.plausibility_detail ?? ''}`]),
  );
}

it('stores what checking meter by meter stores', async () => {
  const rootId = store.roots.ensure('/photos', 'folder').id;
  let sha = 0;
  const photo = (name: string, reading: string, same?: string): Promise<number> =>
    readPhoto(store, {
      rootId,
      relPath: name,
      reading,
      readAt: '2026-11-20T09:00:00+01:00',
      sha256: (same ?? `sha-${String(++sha)}`).padEnd(64, '0'),
      now: NOW,
    });
  for (let n = 1; n <= METERS; n++) {
    // Every seventh reading far above its band, the rest about 1 m³ a day.
    await photo(`${id(n)}.jpg`, n % 7 === 0 ? '09999' : '00120');
  }
  // A second, different photo of meter 0011, and a byte-identical copy of 0012's.
  await photo('0011 again.jpg', '00121');
  await photo('0012 copy.jpg', '00120', 'sha-12');
  // 0002's photo carries 0003's sticker.
  const swapped = [...store.queries.iterate({})].find((j) => j.relPath === '0002.jpg')?.id ?? 0;
  store.jobs.recordCodes(swapped, [{ format: 'Code128', text: 'SN-0003' }]);
  codesRead(store, swapped, NOW);

  const meterByMeter = stored();
  const levels = [...meterByMeter.values()].map((v) => v.split(' ')[0]);
  // The fixture has what it claims: passes, flags and copies without a check.
  expect(levels.filter((l) => l === 'error' || l === 'warning').length).toBeGreaterThan(30);
  expect(levels.filter((l) => l === 'ok').length).toBeGreaterThan(150);
  expect(meterByMeter.get(swapped)).toContain('SN-0003');

  store.db.prepare('UPDATE jobs SET plausibility = NULL, plausibility_detail = NULL').run();
  const allMeters = store.meters.ids().map((m) => m.meterId);
  expect(allMeters.length).toBeGreaterThanOrEqual(200);
  const changed = assessMeters(store, allMeters, NOW);
  expect(changed.length).toBeGreaterThan(0);
  expect(stored()).toEqual(meterByMeter);
});
