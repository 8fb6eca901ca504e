// Issue 30: the office keeps each meter's billing row (office migration 010) and derives again only
// the routes a publish touched. After every kind of publish (a reading, a correction, a skip and
// its undo, a confirmed photo read again for another route's meter, a sheet reloaded, an
// office-first decision, a photo dated in the future, a number on two routes) the rows a desk
// reads equal the rows derived afresh from every fact of the office, and only the routes the
// publish could change were listed for deriving again.
import { describe, expect, it } from 'vitest';
import { openOfficeDb, type OfficePool } from '../../main/office/store/office-db';
import type { RouteLoad } from '../../main/office/store/office-routes';
import { officeRouteCounts } from '../../main/office/store/office-billing';
import { deriveOfficeRows, type OfficeRouteCount } from '../../main/office/store/office-rows';
import type { OfficeStore } from '../../main/office/store/office-store';
import type { PublishedDecision } from '../../main/office/store/publish';
import { migratedOffice, minutes, publishedReading, routeOfMeters, sha } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();

/** Route `routeKey` with the meters `numbers`, each read last on 2 January. */
function routeOf(routeKey: string, numbers: readonly string[], previous = '00090'): RouteLoad {
  return {
    ...routeOfMeters(routeKey, 0, minutes(0)),
    meters: numbers.map((meterNumber, i) => ({
      meterNumber,
      sequence: i + 1,
      wholeDigits: 5,
      decimals: 0,
      previousReading: meterNumber === 'M0' ? previous : '00090',
      previousReadAt: '2026-01-02',
    })),
  };
}

function decision(over: Partial<PublishedDecision> & Pick<PublishedDecision, 'kind' | 'key'>) {
  return {
    desk: 'desk-1',
    clerk: 'Ben',
    sha256: null,
    fileName: null,
    meterNumber: null,
    reading: null,
    skipCode: null,
    note: null,
    decidedAt: minutes(10),
    ...over,
  } satisfies PublishedDecision;
}

const byMeter = <T extends { routeKey: string; row: { meterId: string | null } }>(
  rows: readonly T[],
): T[] =>
  [...rows].sort((a, b) =>
    `${a.routeKey}/${a.row.meterId ?? ''}`.localeCompare(`${b.routeKey}/${b.row.meterId ?? ''}`),
  );

/** The routes listed for deriving again, by key. */
async function listed(owner: OfficePool): Promise<string[]> {
  const { rows } = await owner.query<{ route_key: string }>(
    `SELECT DISTINCT r.route_key FROM office_rows_dirty d JOIN routes r ON r.id = d.route_id
      ORDER BY 1`,
  );
  return rows.map((r) => r.route_key);
}

/** The kept rows as a desk reads them, checked against the rows derived afresh. */
async function keptEqualsFresh(desk: OfficeStore, owner: OfficePool) {
  const kept = byMeter((await desk.billingRows()).rows);
  const fresh = byMeter(
    (await deriveOfficeRows(owner)).map(({ routeKey, desk: d, state, read, row }) => ({
      routeKey,
      desk: d,
      state,
      read,
      row,
    })),
  );
  // A "date in the future" flag names the moment it was measured: each derivation's own.
  const measured = (rows: unknown) =>
    JSON.parse(JSON.stringify(rows).replace(/"now":"[^"]*"/g, '"now":"measured"')) as unknown;
  expect(measured(kept)).toEqual(measured(fresh));
  expect(await listed(owner)).toEqual([]);
  // The report's route counts, kept per route, are those of the fresh rows.
  const key = (c: OfficeRouteCount) => `${c.routeKey}/${c.state}/${String(c.read)}`;
  const sorted = (cs: OfficeRouteCount[]) => [...cs].sort((a, b) => key(a).localeCompare(key(b)));
  expect(sorted(await desk.routeCounts())).toEqual(sorted(officeRouteCounts(fresh)));
  const rowOf = (route: string, meter: string) =>
    kept.find((r) => r.routeKey === route && r.row.meterId === meter);
  return rowOf;
}

describe.skipIf(officeSkip !== null)('the office keeps each meter row', () => {
  it('equals the rows derived afresh after every kind of publish, deriving only the routes touched', async () => {
    const o = await migratedOffice(cluster(), 2);
    const owner = openOfficeDb(o.ownerUrl);
    const [anna, ben] = o.desks;
    try {
      if (!anna || !ben) throw new Error('two desks');
      await anna.loadRoute(routeOf('R-1', ['M0', 'M1', 'M2', 'M3', 'M4', 'M5']));
      await anna.loadRoute(routeOf('R-2', ['N-0', 'N-1']));
      expect(await listed(owner)).toEqual(['R-1', 'R-2']);
      let rowOf = await keptEqualsFresh(anna, owner);
      expect(rowOf('R-1', 'M0')?.state).toBe('missing');

      // Readings of four meters, and one of a meter the office does not have yet.
      const readAt = '2026-03-01T08:00:00.000Z';
      for (const n of [0, 1, 2, 3]) await anna.publishReading(publishedReading(n, { readAt }));
      await anna.publishReading(
        publishedReading(9, { meterNumber: 'N-9', fileName: 'N-9.jpg', readAt }),
      );
      expect(await listed(owner)).toEqual(['R-1']);
      rowOf = await keptEqualsFresh(ben, owner);
      expect(rowOf('R-1', 'M0')?.row.reading).toBe('00100');
      expect(rowOf('R-1', 'M0')?.desk).toBe('desk-0');

      // Ben corrects M1's photo and skips M2; then the skip is undone.
      await ben.publishDecision(
        decision({ kind: 'correct', key: 'b1', sha256: sha('photo 1'), reading: '00107' }),
      );
      await ben.publishDecision(
        decision({ kind: 'skip', key: 'b2', meterNumber: 'M2', skipCode: 'no_access' }),
      );
      expect(await listed(owner)).toEqual(['R-1']);
      rowOf = await keptEqualsFresh(anna, owner);
      expect(rowOf('R-1', 'M1')?.row.reading).toBe('00107');
      expect(rowOf('R-1', 'M2')?.row.skipCode).toBe('no_access');
      await ben.publishDecision(
        decision({ kind: 'undo', key: 'b3', meterNumber: 'M2', decidedAt: minutes(11) }),
      );
      rowOf = await keptEqualsFresh(anna, owner);
      expect(rowOf('R-1', 'M2')?.row.skipCode).toBeNull();
      expect(rowOf('R-1', 'M2')?.row.reading).toBe('00100');

      // M3's photo is confirmed, then read again for R-2's N-0: its decision follows the newest
      // reading, so both routes are derived again.
      await anna.publishDecision(
        decision({ kind: 'confirm', key: 'a1', desk: 'desk-0', sha256: sha('photo 3') }),
      );
      await keptEqualsFresh(anna, owner);
      await ben.publishReading(
        publishedReading(3, {
          key: 'desk-1:reading:3',
          desk: 'desk-1',
          meterNumber: 'N-0',
          readAt,
          publishedAt: minutes(12),
        }),
      );
      expect(await listed(owner)).toEqual(['R-1', 'R-2']);
      await keptEqualsFresh(anna, owner);

      // Sheets reloaded: R-2 gains N-9 (its reading, published before, now billed there), and
      // M0's previous reading changes.
      await anna.loadRoute(routeOf('R-2', ['N-0', 'N-1', 'N-9']));
      await anna.loadRoute(routeOf('R-1', ['M0', 'M1', 'M2', 'M3', 'M4', 'M5'], '00095'));
      rowOf = await keptEqualsFresh(ben, owner);
      expect(rowOf('R-2', 'N-9')?.row.reading).toBe('00100');
      expect(rowOf('R-1', 'M0')?.row.previousReading).toBe('00095');

      // A decision made in the office first (the window's path).
      const m5 = await anna.review.meterByNumber('M5');
      if (!m5) throw new Error('M5');
      expect(
        await anna.decideMeter({
          ...decision({ kind: 'type', key: 'a2', desk: 'desk-0', clerk: 'Anna' }),
          meterNumber: 'M5',
          reading: '00120',
          meterId: m5.id,
          version: m5.version,
        }),
      ).toMatchObject({ ok: true });
      expect(await listed(owner)).toEqual(['R-1']);
      rowOf = await keptEqualsFresh(ben, owner);
      expect(rowOf('R-1', 'M5')?.row.reading).toBe('00120');

      // A photo dated in the future: its route's rows follow the clock, derived at every read.
      await ben.publishReading(
        publishedReading(21, {
          key: 'desk-1:reading:21',
          desk: 'desk-1',
          meterNumber: 'N-1',
          readAt: '2099-01-01T08:00:00.000Z',
        }),
      );
      await keptEqualsFresh(ben, owner);
      const derivedAt = async () =>
        (
          await owner.query<{ derived_at: Date; clock_bound: boolean }>(
            `SELECT derived_at, clock_bound FROM office_route_rows x JOIN routes r ON r.id = x.route_id
              WHERE r.route_key = 'R-2'`,
          )
        ).rows[0];
      const first = await derivedAt();
      expect(first?.clock_bound).toBe(true);
      await keptEqualsFresh(ben, owner);
      expect((await derivedAt())?.derived_at.getTime()).toBeGreaterThan(
        first?.derived_at.getTime() ?? Infinity,
      );

      // N-9 on a second route: the number names neither meter any more.
      await anna.loadRoute(routeOf('R-3', ['N-9']));
      expect(await listed(owner)).toEqual(['R-2', 'R-3']);
      await keptEqualsFresh(anna, owner);
    } finally {
      await owner.end();
      await o.close();
    }
  });
});
