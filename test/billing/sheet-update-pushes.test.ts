// A route sheet loaded again (a newer export) changes the checks of photos whose match stays the
// same: the engine is told of those photos too, so the window's detail and table show the new
// check (issue 22, item 8: "the meter detail keeps the old check after a sheet update").
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HEADER =
  'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use';
let store: Store | undefined;
let cleanup = (): void => undefined;
afterEach(() => {
  store?.close();
  cleanup();
});

it('pushes the photos whose check changed after the sheet is loaded again', async () => {
  const t = tempDir('meterdesk-sheet-update-');
  cleanup = t.cleanup;
  const clock = createManualClock(NOW);
  const opened = openStore(join(t.dir, 'queue.sqlite'), { clock });
  store = opened;
  const pushed: number[] = [];
  const engine = {
    queueChanged: (ids?: readonly number[]) => pushed.push(...(ids ?? [])),
    quotaForAdd: () => Promise.resolve(undefined),
  };
  const actions = new QueueActions({ store: () => opened, engine: () => engine, clock });
  const rootId = opened.roots.ensure('/photos', 'folder').id;
  const sheet = join(t.dir, 'r.csv');
  const load = async (avg: string) => {
    writeFileSync(sheet, `${HEADER}\r\nM1;R;10;5;1;00100,0;2026-10-23;${avg}\r\n`);
    return actions.loadRouteSheet(sheet, { name: 'r.csv' });
  };
  expect((await load('1,5')).ok).toBe(true);
  const id = await readPhoto(opened, {
    rootId,
    relPath: 'M1.jpg',
    reading: '00140.0',
    readAt: '2026-11-22T09:00:00',
    sha256: 'a'.repeat(64),
    now: new Date(NOW),
  });
  expect(opened.jobs.get(id)?.plausibility).toBe('ok');
  pushed.length = 0;
  // The newer export says the meter uses a tenth as much: 40 m³ in 30 days is now far too high.
  const again = await load('0,15');
  expect(again.ok && again.match.changed).toEqual([]);
  expect(opened.jobs.get(id)?.plausibility).not.toBe('ok');
  expect(pushed).toContain(id);
});
