// Route sheets, matching and checks on the real queue file: what a sheet load, a pattern, a
// result, a review and a clerk's entry do to photos and meters.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flaggedMeterCount } from '../../common/billing/meter-outcome';
import { checkReasons } from '../../common/billing/plausibility-english';
import { billingOverview, listMeters } from '../../main/backend/handlers/billing-meters';
import { billingRows, meterReading, routeProgress } from '../../main/billing/meter-readings';
import {
  assignMeter,
  loadRouteSheet,
  recordSkip,
  setFilePattern,
  typeReading,
} from '../../main/billing/routes';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from './read-photo';

const NOW = new Date('2026-11-23T12:00:00Z');
let store: Store;
let dir: string;
let cleanup: () => void;
let rootId: number;
let nextSha = 0;

beforeEach(() => {
  const t = tempDir('meterdesk-routes-');
  dir = t.dir;
  cleanup = t.cleanup;
  store = openStore(join(dir, 'queue.sqlite'));
  rootId = store.roots.ensure('/photos', 'folder').id;
});
afterEach(() => {
  store.close();
  cleanup();
});

const HEADER =
  'meter_id;account;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use';

function sheet(name: string, rows: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${[HEADER, ...rows].join('\r\n')}\r\n`);
  return file;
}

/** A photo read by the service: the reading, the day it was taken, its content. */
function photo(relPath: string, reading: string | null, readAt: string, sha?: string) {
  const sha256 = sha ?? `sha-${String(++nextSha)}`.padEnd(64, '0');
  return readPhoto(store, { rootId, relPath, reading, readAt, sha256, now: NOW });
}

const job = (id: number) => {
  const j = store.jobs.get(id);
  if (!j) throw new Error(`no job ${String(id)}`);
  return j;
};

describe('route sheets on the queue', () => {
  it('a sheet loads its meters, matches the photos already there, and checks their readings', async () => {
    const plain = await photo(
      'route-12/IMG_4711_20261120.jpg',
      '01015.000',
      '2026-11-20T09:00:00+01:00',
    );
    const high = await photo('route-12/4712.jpg', '02045.000', '2026-11-20T09:05:00+01:00');
    const folder = await photo('4713/photo.jpg', '00300.000', '2026-11-20T09:10:00+01:00');
    const stranger = await photo('route-12/IMG_9999.jpg', '00001.000', '2026-11-20T09:15:00+01:00');
    const loaded = await loadRouteSheet(
      store,
      sheet('r12.csv', [
        '4711;K1;12;1;5;3;01000,000;2026-10-21;0,5',
        '4712;K2;12;2;5;3;02000,000;2026-10-21;0,5',
        '4713;K3;12;3;5;3;00285,000;2026-10-21;0,5',
        '4714;K4;12;4;5;3;00100,000;2026-10-21;0,5',
      ]),
      { name: 'r12.csv', now: NOW },
    );
    expect(loaded).toMatchObject({ ok: true, meters: 4, added: 4, updated: 0 });
    expect(job(plain)).toMatchObject({ meterId: '4711', matchHow: 'token', plausibility: 'ok' });
    expect(job(folder)).toMatchObject({ meterId: '4713', matchHow: 'folder', plausibility: 'ok' });
    expect(job(stranger).meterId).toBeNull();
    // 45 m³ in 30 days against 0.5 m³/day: high (3× the expected; the band allows about 2.6×), so
    // in the review queue.
    expect(job(high)).toMatchObject({
      meterId: '4712',
      plausibility: 'warning',
      toReview: true,
    });
    const detail = job(high).plausibilityDetail;
    expect(detail && checkReasons(detail)).toMatch(/above the expected/);
    expect(store.jobs.counts().photosToReview).toBe(1);
    const { routes, missing } = routeProgress(store);
    expect(routes).toEqual([
      {
        route: '12',
        meters: 4,
        confirmed: 2,
        not_checked: 0,
        flagged: 1,
        skipped: 0,
        pending: 0,
        missing: 1,
      },
    ]);
    expect(missing.map((m) => m.meterId)).toEqual(['4714']);
  });

  it('a bad sheet loads nothing and says which rows are wrong', async () => {
    await loadRouteSheet(store, sheet('ok.csv', ['1;A;1;1;5;0;00010;2026-10-01;1']), {
      name: 'ok.csv',
      now: NOW,
    });
    const bad = await loadRouteSheet(
      store,
      sheet('bad.csv', [
        '2;B;1;1;5;0;00010;2026-10-01;1',
        '2;C;1;2;5;0;00011;2026-10-01;1',
        '3;D;1;3;5;0;abc;2026-10-01;1',
      ]),
      { name: 'bad.csv', now: NOW },
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const rows = bad.problems.map((p) => p.row);
    expect(rows).toContain(3);
    expect(rows).toContain(4);
    expect(store.meters.count()).toBe(1);
    expect(store.meters.sheets()).toHaveLength(1);
  });

  it('a newer export updates its meters and keeps what the clerk recorded', async () => {
    await loadRouteSheet(store, sheet('v1.csv', ['7;A;1;1;5;0;00010;2026-10-01;1']), {
      name: 'v1.csv',
      now: NOW,
    });
    expect(recordSkip(store, '7', 'locked', 'gate locked', NOW)).toBe(true);
    const again = await loadRouteSheet(
      store,
      sheet('v2.csv', ['7;A2;1;1;5;0;00020;2026-10-15;1', '8;B;1;2;5;0;00005;2026-10-15;1']),
      {
        name: 'v2.csv',
        now: NOW,
      },
    );
    expect(again).toMatchObject({ ok: true, added: 1, updated: 1 });
    expect(store.meters.get('7')).toMatchObject({
      account: 'A2',
      previousReading: '00020',
      skipCode: 'locked',
      skipNote: 'gate locked',
    });
    expect(meterReading(store, '7')?.outcome.state).toBe('skipped');
    expect(typeReading(store, '8', ' 00031 ', NOW)).toBe(true);
    expect(meterReading(store, '8')?.outcome).toMatchObject({
      state: 'confirmed',
      reading: '00031',
      confirmation: 'typed',
    });
    expect(recordSkip(store, 'nope', 'other', null, NOW)).toBe(false);
  });

  it('a pattern matches by it alone; a confirmed or hand-matched photo keeps its meter', async () => {
    const byName = await photo('A_0001_x.jpg', '00010.0', '2026-11-20T09:00:00Z');
    const confirmed = await photo('A_0002_x.jpg', '00010.0', '2026-11-20T09:00:00Z');
    const manual = await photo('unnamed.jpg', '00010.0', '2026-11-20T09:00:00Z');
    await loadRouteSheet(
      store,
      sheet('r.csv', [
        '0001;A;1;1;5;1;00005,0;2026-10-21;0,2',
        '0002;B;1;2;5;1;00005,0;2026-10-21;0,2',
        'X_0001;C;1;3;5;1;00005,0;2026-10-21;0,2',
      ]),
      { name: 'r.csv', now: NOW },
    );
    expect(job(byName).meterId).toBe('0001');
    expect(job(confirmed).meterId).toBe('0002');
    store.jobs.review(confirmed, 'accepted', null);
    expect(assignMeter(store, manual, '0001', NOW)).toBe(true);
    expect(assignMeter(store, manual, 'no-such-meter', NOW)).toBe(false);
    // "{any}_{meter}_x": the meter is what stands between the underscores, prefixed by the route.
    const good = setFilePattern(store, '{any}_{meter}_{any}.jpg', NOW);
    expect(good.ok).toBe(true);
    expect(job(byName).meterId).toBe('0001');
    expect(job(byName).matchHow).toBe('pattern');
    // The confirmed photo and the hand-matched one are left as they were.
    expect(job(confirmed)).toMatchObject({ meterId: '0002', matchHow: 'token' });
    expect(job(manual)).toMatchObject({ meterId: '0001', matchHow: 'manual' });
    expect(setFilePattern(store, '{meter', NOW)).toMatchObject({ ok: false });
  });

  it('byte-identical copies count once; a flagged reading of an earlier period is no baseline', async () => {
    await loadRouteSheet(store, sheet('r.csv', ['55;A;1;1;5;0;00100;2026-08-01;1']), {
      name: 'r.csv',
      now: NOW,
    });
    // September: misread high (1000 instead of ~130), flagged, nobody confirmed it.
    const september = await photo('55_sep.jpg', '01000', '2026-09-01T10:00:00Z');
    expect(job(september).plausibility).not.toBe('ok');
    // October: 160, plausible against the sheet's 00100 of August (61 days, ~1/day) ...
    const october = await photo('55_oct.jpg', '00160', '2026-10-01T10:00:00Z');
    // ... which it would not be against September's 1000 (negative).
    expect(job(october).plausibility).toBe('ok');
    expect(job(october).plausibilityDetail?.baseline).toEqual({
      reading: '00100',
      readAt: '2026-08-01',
    });
    const copy = await photo(
      'copy of 55_oct.jpg',
      '00160',
      '2026-10-01T10:00:00Z',
      store.jobs.get(october)?.sha256 ?? '',
    );
    expect(job(copy)).toMatchObject({ state: 'done', plausibility: null, toReview: false });
  });

  it('exports a check stored with English sentences and no unit in the English of today', async () => {
    await loadRouteSheet(store, sheet('r.csv', ['66;A;1;1;5;0;00100;2026-10-01;1']), {
      name: 'r.csv',
      now: NOW,
    });
    const high = await photo('66.jpg', '00200', '2026-11-01T10:00:00Z');
    const reasons = () => [...billingRows(store)].find((r) => r.meterId === '66')?.reasons;
    const today = reasons();
    expect(today).toMatch(/^100 m³ in 31 days is 223% above the expected 31 m³/);
    // As the queue stored it before the sentences left it: each result's `text`, the joined
    // `reasons`, and no `unit` among the params.
    const detail = job(high).plausibilityDetail;
    if (!detail) throw new Error('no check stored');
    const old = {
      ...detail,
      flagged: detail.flagged.map(({ params: { unit: _unit, ...params }, ...r }) => ({
        ...r,
        params,
        text: 'An English sentence of an older MeterDesk.',
      })),
      reasons: 'An English sentence of an older MeterDesk.',
    };
    store.db
      .prepare('UPDATE jobs SET plausibility_detail = ? WHERE id = ?')
      .run(JSON.stringify(old), high);
    expect(job(high).plausibilityDetail?.flagged[0]?.params).not.toHaveProperty('unit');
    expect(reasons()).toBe(today);
  });
});

// Flagged meters and photos to review are two counts of two things (issue 22, item 8): the route
// panel counts meters, the photo table's "Photos to review" photos, and the overview says both.
describe('flagged meters and photos to review', () => {
  it('one meter with two doubtful photos: 1 flagged meter, 2 photos to review', async () => {
    // Both far above the expected 15 m³ (0.5 m³/day × 30 days), and different photos.
    await photo('route-12/4712_a.jpg', '02045.000', '2026-11-20T09:00:00+01:00');
    await photo('route-12/4712_b.jpg', '02051.000', '2026-11-20T09:00:00+01:00');
    await photo('route-12/4711.jpg', '01015.000', '2026-11-20T09:00:00+01:00');
    const file = sheet('r12.csv', [
      '4711;K1;12;1;5;3;01000,000;2026-10-21;0,5',
      '4712;K2;12;2;5;3;02000,000;2026-10-21;0,5',
    ]);
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
