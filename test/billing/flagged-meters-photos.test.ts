// Flagged meters and photos to review are two counts of two things (issue 22, item 8): a meter
// with two doubtful photos is one flagged meter in the route panel and two photos in the photo
// table's "Photos to review", and the overview says both, each under its own name.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';
import { billingOverview, listMeters } from '../../main/backend/handlers/billing-meters';
import { loadRouteSheet } from '../../main/billing/routes';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

const NOW = new Date('2026-11-23T12:00:00Z');
let store: Store;
let dir: string;
let cleanup: () => void;
let rootId: number;

beforeEach(() => {
  const t = tempDir('meterdesk-flagged-');
  dir = t.dir;
  cleanup = t.cleanup;
  store = openStore(join(dir, 'queue.sqlite'));
  rootId = store.roots.ensure('/photos', 'folder').id;
});
afterEach(() => {
  store.close();
  cleanup();
});

describe('flagged meters and photos to review', () => {
  it('one meter with two doubtful photos: 1 flagged meter, 2 photos to review', async () => {
    // Both far above the expected 15 m³ (0.5 m³/day × 30 days), and different photos.
    for (const [relPath, reading, sha] of [
      ['route-12/4712_a.jpg', '02045.000', 'a'],
      ['route-12/4712_b.jpg', '02051.000', 'b'],
      ['route-12/4711.jpg', '01015.000', 'c'],
    ] as const) {
      await readPhoto(store, {
        rootId,
        relPath,
        reading,
        readAt: '2026-11-20T09:00:00+01:00',
        sha256: sha.repeat(64),
        now: NOW,
      });
    }
    const file = join(dir, 'r12.csv');
    writeFileSync(
      file,
      [
        'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use',
        '4711;12;1;5;3;01000,000;2026-10-21;0,5',
        '4712;12;2;5;3;02000,000;2026-10-21;0,5',
        '',
      ].join('\r\n'),
    );
    expect(await loadRouteSheet(store, file, { name: 'r12.csv', now: NOW })).toMatchObject({
      ok: true,
      meters: 2,
    });

    // The photo table counts photos, in the whole queue and in the folder.
    expect(store.jobs.counts().photosToReview).toBe(2);
    expect(store.jobs.counts(rootId).photosToReview).toBe(2);
    // The route panel counts meters, and beside them the photos of the route's meters.
    const overview = billingOverview(store);
    expect(overview.routes).toEqual([
      expect.objectContaining({ route: '12', meters: 2, flagged: 1, photosToReview: 2 }),
    ]);
    expect(flaggedMeterCount(overview.totals)).toBe(1);
    expect(overview.totals.photosToReview).toBe(2);
    expect(overview.flaggedMeters).toEqual(['4712']);
    // The meter list's "flagged" filter lists the same one meter.
    expect(listMeters(store, { filter: 'flagged' }).total).toBe(1);
  });
});
