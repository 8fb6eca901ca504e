// Route sheets into the office: two desks loading the same sheet make one route with its meters,
// never two; a meter whose sheet values did not change keeps its version (a reload is not an
// edit), one that changed gets a new version and an audit row.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { publishRoutes } from '../../main/office/route-publish';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { T0, withTwoDesks } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const HEADER = 'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A desk's queue with a route sheet of these rows loaded through the action layer. */
async function deskWithSheet(rows: readonly string[]): Promise<Store> {
  const t = tempDir('meterdesk-routes-');
  const clock = createManualClock(T0.getTime());
  const store = openStore(join(t.dir, 'queue.sqlite'), { clock });
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  const file = join(t.dir, 'r.csv');
  writeFileSync(file, `${[HEADER, ...rows].join('\r\n')}\r\n`);
  const actions = new QueueActions({ store: () => store, engine: () => null, clock });
  expect((await actions.loadRouteSheet(file, { name: 'r.csv' })).ok).toBe(true);
  return store;
}

describe.skipIf(officeSkip !== null)('route sheets in the office', () => {
  it('are one route however many desks load them; only changed meters change', async () => {
    const sheet = ['M1;R-12;10;5;0;00100;2026-01-05', 'M2;R-12;20;5;0;00200;2026-01-05'];
    const anna = await deskWithSheet(sheet);
    const ben = await deskWithSheet([sheet[0] ?? '', 'M2;R-12;20;5;0;00250;2026-01-05']);
    await withTwoDesks(office(), async (annaDb, benDb, o) => {
      expect(await publishRoutes(anna, annaDb, 'anna', T0)).toBe(1);
      // The office confirmed holding this very sheet: the next sync gives nothing (issue 30:
      // every sync gave every route again); republish gives every route, changing nothing.
      expect(await publishRoutes(anna, annaDb, 'anna', T0)).toBe(0);
      expect(await publishRoutes(anna, annaDb, 'anna', T0, 'all')).toBe(1);
      expect(await publishRoutes(ben, benDb, 'ben', T0)).toBe(1);
      expect(await publishRoutes(ben, benDb, 'ben', T0)).toBe(0);
      const admin = office().adminOn(o.database);
      const meters = await admin.query<{
        route_key: string;
        meter_number: string;
        previous_reading: string;
        version: number;
        updated_by: string;
      }>(
        `SELECT r.route_key, m.meter_number, m.previous_reading, m.version, m.updated_by
           FROM meters m JOIN routes r ON r.id = m.route_id ORDER BY m.meter_number`,
      );
      expect(meters.rows).toEqual([
        {
          route_key: 'R-12',
          meter_number: 'M1',
          previous_reading: '00100',
          version: 1,
          updated_by: 'anna',
        },
        {
          route_key: 'R-12',
          meter_number: 'M2',
          previous_reading: '00250',
          version: 2,
          updated_by: 'ben',
        },
      ]);
      const audit = await admin.query<{ table_name: string; op: string; n: number }>(
        `SELECT table_name, op, count(*)::int AS n FROM audit GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(audit.rows).toEqual([
        { table_name: 'meters', op: 'INSERT', n: 2 },
        { table_name: 'meters', op: 'UPDATE', n: 1 },
        { table_name: 'routes', op: 'INSERT', n: 1 },
        // Ben's sheet is a newer load of the route: the route now holds it (its hash and sheet).
        { table_name: 'routes', op: 'UPDATE', n: 1 },
      ]);
    });
  });
});
