// Issue 30: a desk's publisher derives the office's rows its publishes touched right after it
// publishes them (at most every 10 s, one batch of routes at a time, never waiting for another
// desk deriving nor for a meter another desk holds locked), so the export and the report find them derived rather than deriving a day's
// routes themselves.
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeDb } from '../../main/office/store/office-db';
import { migratedOffice, routeOfMeters, T0 } from './office-fixture';
import { readPhoto } from './queue-photos';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaDeskQueue } from './anna-desk-queue';

const office = useOfficeCluster();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(officeSkip !== null)('the publisher derives what it published', () => {
  it('derives the listed routes after a drain, at most every 10 s, waiting for no other desk', async () => {
    const o = await migratedOffice(office(), 1);
    cleanups.push(() => o.close());
    const owner = openOfficeDb(o.ownerUrl);
    cleanups.push(() => owner.end());
    const { store, clock, outbox, desk } = await annaDeskQueue(o, cleanups, 'meterdesk-derives-');
    const publisher = new OutboxPublisher({ outbox, office: desk, clock });
    const listed = async () =>
      (await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM office_rows_dirty')).rows[0]
        ?.n;
    const kept = async () =>
      (await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM office_meter_rows')).rows[0]
        ?.n;

    // A sheet loaded (its route listed), then a reading published: the drain derives the route.
    await o.desks[0]?.loadRoute(routeOfMeters('R-1', 3));
    expect(await listed()).toBeGreaterThan(0);
    readPhoto(store, 'a.jpg', '00120', T0.toISOString());
    expect(await publisher.drain()).toMatchObject({ published: 1, pending: 0 });
    expect(await listed()).toBe(0);
    expect(await kept()).toBe(3);

    // Within 10 s of that, a second route's publish waits for the next drain after them.
    await o.desks[0]?.loadRoute(routeOfMeters('R-2', 2));
    readPhoto(store, 'b.jpg', '00130', T0.toISOString());
    await clock.advance(9_000);
    await publisher.drain();
    expect(await listed()).toBeGreaterThan(0);
    await clock.advance(1_000);
    await publisher.drain();
    expect(await listed()).toBe(0);
    expect(await kept()).toBe(5);

    // Another desk deriving (holding the rows' lock): the publisher does not wait for it.
    await o.desks[0]?.loadRoute(routeOfMeters('R-3', 1));
    readPhoto(store, 'c.jpg', '00140', T0.toISOString());
    await clock.advance(10_000);
    const other = await owner.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(7402913610)');
      expect(await publisher.drain()).toMatchObject({ published: 3, pending: 0 });
      expect(await listed()).toBeGreaterThan(0);
    } finally {
      await other.query('ROLLBACK');
      other.release();
    }
    await clock.advance(10_000);
    await publisher.drain();
    expect(await listed()).toBe(0);
    expect(await kept()).toBe(6);

    // A meter another desk holds locked (a decision in its transaction): the publisher does not
    // wait for its row either (its window's review needs the connection); a later drain derives.
    await o.desks[0]?.loadRoute(routeOfMeters('R-4', 1));
    readPhoto(store, 'd.jpg', '00150', T0.toISOString());
    await clock.advance(10_000);
    const holder = await owner.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(
        `SELECT 1 FROM meters m JOIN routes r ON r.id = m.route_id WHERE r.route_key = 'R-4'
            FOR UPDATE OF m`,
      );
      expect(await publisher.drain()).toMatchObject({ published: 4, pending: 0 });
      expect(await listed()).toBeGreaterThan(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    await clock.advance(10_000);
    await publisher.drain();
    expect(await listed()).toBe(0);
    expect(await kept()).toBe(7);
  });
});
