// Matching kept to its route (issue 22, item 2) on the real queue file: a sheet matches only the
// folders it is given; one meter's photos from two folders or days are flagged with their names;
// a camera's numbering is a meter number only when the office says so; the picker offers the
// meters still without a photo first.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMeters } from '../../main/backend/handlers/billing-meters';
import { meterReading } from '../../main/billing/meter-readings';
import { loadRouteSheet, setCameraCounters } from '../../main/billing/routes';
import { createManualClock } from '../helpers/manual-clock';
import { queuePerTest } from '../helpers/queue-per-test';
import { readPhoto } from './read-photo';

const NOW = new Date('2026-11-23T12:00:00Z');
// A clock of its own per test: whether a photo came before or after a sheet is to the millisecond.
let clock = createManualClock(NOW.getTime());
const q = queuePerTest('meterdesk-match-', () => (clock = createManualClock(NOW.getTime())));
let sha = 0;

function sheet(): string {
  const file = join(q.dir, 'tour.csv');
  const rows = [
    '0001;5;0;00100;2026-10-21;0,5',
    '0002;5;0;00200;2026-10-21;0,5',
    '0003;5;0;00300;2026-10-21;0,5',
  ];
  writeFileSync(
    file,
    `meter_id;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n${rows.join('\r\n')}\r\n`,
  );
  return file;
}

/** A photo in the folder /photos/`folder`, read by the service as `reading` on `day`. */
function photo(folder: string, name: string, reading: string, day: string): Promise<number> {
  return readPhoto(q.store, {
    rootId: q.store.roots.ensure('/photos', 'folder').id,
    relPath: `${folder}/${name}`,
    reading,
    readAt: `${day}T09:00:00+01:00`,
    sha256: `sha-${String(++sha)}`.padEnd(64, '0'),
    now: NOW,
  });
}

const meterOf = (id: number): string | null => q.store.jobs.get(id)?.meterId ?? null;

describe('a route sheet kept to its folders', () => {
  it("matches its folders' photos, and photos added after it in folders no sheet is kept to", async () => {
    const mine = await photo('Tour 1', '0001.jpg', '00115', '2026-11-20');
    const lastMonth = await photo('Tour 5', '0002.jpg', '00215', '2026-11-20');
    await clock.advance(1);
    const loaded = await loadRouteSheet(q.store, sheet(), {
      name: 'tour.csv',
      now: NOW,
      folders: ['/photos/Tour 1'],
    });
    expect(loaded.ok).toBe(true);
    expect(meterOf(mine)).toBe('0001');
    // A folder in the queue before the sheet and not given with it (last month's tour) stays out.
    expect(meterOf(lastMonth)).toBeNull();
    // Issue 30: a later folder (re-reads, photos dropped after their sheet) is matched by its
    // photos' names, not left without a meter.
    await clock.advance(1);
    const later = await photo('Tour 3', '0003.jpg', '00315', '2026-11-20');
    expect(meterOf(later)).toBe('0003');
    const inside = await photo('Tour 1/Keller', '0003.jpg', '00315', '2026-11-20');
    expect(meterOf(inside)).toBe('0003');
  });

  it("keeps a sheet's folders to its own meters when two sheets name the same meter", async () => {
    const a = await photo('Tour 1', '0001.jpg', '00115', '2026-11-20');
    const b = await photo('Tour 2', '0009.jpg', '00915', '2026-11-20');
    await loadRouteSheet(q.store, sheet(), {
      name: 'tour.csv',
      now: NOW,
      folders: ['/photos/Tour 1'],
    });
    const second = join(q.dir, 'tour2.csv');
    writeFileSync(
      second,
      'meter_id;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n0009;5;0;00900;2026-10-21;0,5\r\n',
    );
    await loadRouteSheet(q.store, second, {
      name: 'tour2.csv',
      now: NOW,
      folders: ['/photos/Tour 2'],
    });
    expect(meterOf(a)).toBe('0001');
    expect(meterOf(b)).toBe('0009');
    // A photo of the second sheet's meter in the first sheet's folder stays without a meter.
    const wrong = await photo('Tour 1', '0009.jpg', '00915', '2026-11-20');
    expect(meterOf(wrong)).toBeNull();
  });

  it("one meter's different photos from two folders and days are flagged, naming them", async () => {
    await loadRouteSheet(q.store, sheet(), { name: 'tour.csv', now: NOW });
    await photo('Tour 1', '0001.jpg', '00115', '2026-11-20');
    await photo('Tour 4', '0001_b.jpg', '00116', '2026-11-21');
    const found = meterReading(q.store, '0001');
    expect(found?.outcome.state).toBe('flagged');
    expect(found?.outcome.spread).toEqual({
      folders: ['Tour 1', 'Tour 4'],
      days: ['2026-11-20', '2026-11-21'],
    });
    expect(found?.outcome.note).toBe(
      '2 different photos of this meter, from the folders Tour 1, Tour 4 and taken on 2026-11-20, 2026-11-21: confirm the right one.',
    );
  });
});

describe('camera counters', () => {
  it('IMG_0002 is meter 0002 only when the office says its cameras number by meter', async () => {
    await loadRouteSheet(q.store, sheet(), { name: 'tour.csv', now: NOW });
    const counter = await photo('Tour 1', 'IMG_0002.jpg', '00215', '2026-11-20');
    expect(meterOf(counter)).toBeNull();
    setCameraCounters(q.store, true, NOW);
    expect(meterOf(counter)).toBe('0002');
  });
});

describe('the meter picker', () => {
  it('offers the meters still without a photo first', async () => {
    await loadRouteSheet(q.store, sheet(), { name: 'tour.csv', now: NOW });
    await photo('Tour 1', '0001.jpg', '00115', '2026-11-20');
    expect(findMeters(q.store, '', 10).map((m) => m.meterId)).toEqual(['0002', '0003', '0001']);
    expect(findMeters(q.store, '000', 10).map((m) => m.meterId)).toEqual(['0002', '0003', '0001']);
  });
});
