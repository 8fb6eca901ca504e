// The office's routes are every desk's (issue 30, item 1), on a real server: a sheet loaded at one
// desk reaches a desk that never loaded it, which matches its photos against the meters as if it
// had; a newer load elsewhere reaches it again; an older load never replaces a newer one; a
// running desk takes a route another desk loads while it runs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { startOfficeDesk } from '../../main/office/office-desk';
import { officeRoutesToTake } from '../../main/office/route-publish';
import type { OfficeStore } from '../../main/office/store/office-store';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { T0, withTwoDesks } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const HEADER =
  'meter_id;route;sequence;account;address;digits;previous_reading;previous_read_at;account_status';
const SHEET = [
  'M1;R-12;10;K-1;Lindenweg 3;5;00100;2026-01-05;vacant',
  'M2;R-12;20;K-2;Lindenweg 5;5;00200;2026-01-05;active',
];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Desk {
  store: Store;
  actions: QueueActions;
  clock: ManualClock;
  dir: string;
}

function desk(): Desk {
  const t = tempDir('meterdesk-shared-routes-');
  const clock = createManualClock(T0.getTime());
  const store = openStore(join(t.dir, 'queue.sqlite'), { clock });
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  const actions = new QueueActions({ store: () => store, engine: () => null, clock });
  return { store, actions, clock, dir: t.dir };
}

async function loadSheet(d: Desk, rows: readonly string[]): Promise<void> {
  const file = join(d.dir, 'r.csv');
  writeFileSync(file, `${[HEADER, ...rows].join('\r\n')}\r\n`);
  expect((await d.actions.loadRouteSheet(file, { name: 'r.csv' })).ok).toBe(true);
}

/** Photos as the scanner adds them, named after meters. */
function addPhotos(d: Desk, names: readonly string[]): void {
  const root = d.store.roots.ensure('/photos', 'folder');
  d.store.jobs.insertScanned(
    names.map((name, i) => ({
      rootId: root.id,
      path: `/photos/${name}`,
      relPath: name,
      size: 10,
      mtimeMs: 1,
      accepted: { sha256: String(i).repeat(64).slice(0, 64), format: 'jpeg' as const },
      rejected: null,
    })),
  );
}

/** What the desk gives and takes now, through the action layer. */
async function sync(d: Desk, db: OfficeStore, user: string) {
  const routes = await officeRoutesToTake(d.store, db, user, new Date(d.clock.now()));
  return d.actions.takeOfficeRoutes(routes);
}

describe.skipIf(officeSkip !== null)("the office's routes", () => {
  it('reach a desk that never loaded the sheet; its photos are matched and checked', async () => {
    const anna = desk();
    const ben = desk();
    await loadSheet(anna, SHEET);
    addPhotos(ben, ['M1.jpg', 'M2.jpg', 'X9.jpg']);
    await withTwoDesks(office(), async (annaDb, benDb) => {
      // Anna gives her sheet; she has it, so she takes nothing.
      expect((await sync(anna, annaDb, 'anna')).routes).toEqual([]);
      const taken = await sync(ben, benDb, 'ben');
      expect(taken).toMatchObject({
        routes: ['R-12'],
        meters: 2,
        match: { matched: 2, unmatched: 1 },
      });
      expect(ben.store.meters.get('M1')).toMatchObject({
        account: 'K-1',
        address: 'Lindenweg 3',
        route: 'R-12',
        previousReading: '00100',
        registerDigits: 5,
        accountStatus: 'vacant',
      });
      expect(ben.store.meters.photoIdsOf('M1')).toHaveLength(1);
      expect(ben.store.meters.photoIdsOf('M2')).toHaveLength(1);
      // Ben has the office's copy: nothing to take again, nothing to give back.
      expect((await sync(ben, benDb, 'ben')).routes).toEqual([]);

      // Anna loads the route again a day later: a changed previous reading and a new meter.
      await anna.clock.advance(86_400_000);
      await loadSheet(anna, [
        ...SHEET.slice(0, 1),
        'M2;R-12;20;K-2;Lindenweg 5;5;00250;2026-01-05;active',
        'M3;R-12;30;K-3;Lindenweg 7;5;00300;2026-01-05;active',
      ]);
      expect((await sync(anna, annaDb, 'anna')).routes).toEqual([]);
      addPhotos(ben, ['M3.jpg']);
      expect(await sync(ben, benDb, 'ben')).toMatchObject({ routes: ['R-12'], meters: 3 });
      expect(ben.store.meters.get('M2')?.previousReading).toBe('00250');
      expect(ben.store.meters.photoIdsOf('M3')).toHaveLength(1);
    });
  });

  it('never replace a newer load with an older one; the desk with the older one takes the newer', async () => {
    const anna = desk();
    const carl = desk();
    // Carl loaded the route first, but gives it to the office only after Anna's newer load.
    await loadSheet(carl, SHEET);
    await anna.clock.advance(3_600_000);
    await loadSheet(anna, [SHEET[0] ?? '', 'M2;R-12;20;K-2;Lindenweg 5;5;00250;2026-01-05;active']);
    await withTwoDesks(office(), async (annaDb, carlDb, o) => {
      await sync(anna, annaDb, 'anna');
      const taken = await sync(carl, carlDb, 'carl');
      expect(taken.routes).toEqual(['R-12']);
      expect(carl.store.meters.get('M2')?.previousReading).toBe('00250');
      const admin = office().adminOn(o.database);
      const { rows } = await admin.query<{ previous_reading: string; updated_by: string }>(
        `SELECT previous_reading, updated_by FROM meters WHERE meter_number = 'M2'`,
      );
      expect(rows).toEqual([{ previous_reading: '00250', updated_by: 'anna' }]);
      // Carl now holds the office's copy: his next sync gives nothing and takes nothing.
      expect((await sync(carl, carlDb, 'carl')).routes).toEqual([]);
    });
  });

  it('keep a sheet loaded here that the office has not heard of yet', async () => {
    const anna = desk();
    const ben = desk();
    await loadSheet(anna, SHEET);
    await withTwoDesks(office(), async (annaDb, benDb) => {
      await sync(anna, annaDb, 'anna');
      // Ben loads his own, newer copy of the route while the office is away, then syncs.
      await ben.clock.advance(60_000);
      await loadSheet(ben, [
        SHEET[0] ?? '',
        'M2;R-12;20;K-2;Lindenweg 5;5;00222;2026-01-05;active',
      ]);
      expect((await sync(ben, benDb, 'ben')).routes).toEqual([]);
      expect(ben.store.meters.get('M2')?.previousReading).toBe('00222');
      // The office holds Ben's now, and Anna takes it.
      expect((await sync(anna, annaDb, 'anna')).routes).toEqual(['R-12']);
      expect(anna.store.meters.get('M2')?.previousReading).toBe('00222');
    });
  });

  it("keep a meter on its route when a desk's sheet has no route column", async () => {
    const anna = desk();
    const ben = desk();
    await loadSheet(anna, SHEET);
    const file = join(ben.dir, 'plain.csv');
    writeFileSync(file, 'meter_id;previous_reading\r\nM1;00100\r\nM9;00900\r\n');
    expect((await ben.actions.loadRouteSheet(file, { name: 'plain.csv' })).ok).toBe(true);
    await withTwoDesks(office(), async (annaDb, benDb, o) => {
      await sync(anna, annaDb, 'anna');
      await sync(ben, benDb, 'ben');
      const admin = office().adminOn(o.database);
      const { rows } = await admin.query<{ route_key: string; meter_number: string }>(
        `SELECT r.route_key, m.meter_number FROM meters m JOIN routes r ON r.id = m.route_id
          ORDER BY 2, 1`,
      );
      // M1 is R-12's meter, once; M9, known to no route, is kept under '(no route)'.
      expect(rows).toEqual([
        { route_key: 'R-12', meter_number: 'M1' },
        { route_key: 'R-12', meter_number: 'M2' },
        { route_key: '(no route)', meter_number: 'M9' },
      ]);
      expect(ben.store.meters.get('M1')?.route).toBe('R-12');
    });
  });

  it('reach a running desk as another desk loads them', async () => {
    const anna = desk();
    const ben = desk();
    addPhotos(ben, ['M1.jpg']);
    await withTwoDesks(office(), async (annaDb, _benDb, o) => {
      const said: string[] = [];
      const running = await startOfficeDesk({
        store: ben.store,
        url: await o.deskUrl('ben'),
        desk: 'ben@pc2',
        clock: ben.clock,
        say: (line) => said.push(line),
        takeRoutes: (routes) => ben.actions.takeOfficeRoutes(routes),
      });
      cleanups.push(() => running.finish(0));
      await running.live.start();
      await loadSheet(anna, SHEET);
      await sync(anna, annaDb, 'anna');
      // The live notes of Anna's meters arrive; the sync waits for the burst to settle.
      await expect
        .poll(async () => {
          await ben.clock.advance(500);
          return ben.store.meters.photoIdsOf('M1').length;
        })
        .toBe(1);
      expect(said).toContain(
        'Office: took 1 route loaded at another desk (R-12; 2 meters); 1 photo matched.',
      );
    });
  });
});
