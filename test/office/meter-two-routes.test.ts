// A meter number on two of the office's routes (issue 30: a meter that moved route, or a sheet
// loaded with and without a route column): the office linked neither reading nor decision to a
// meter, so two clerks' conflicting decisions were both accepted. Now each desk names the route it
// has the meter on, and the office takes the meter on that route; conflicts are refused as on a
// meter only one route has. On a real server.
import { describe, expect, it } from 'vitest';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import { migratedOffice, minutes, publishedReading, routeOfMeters, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

/** As both desks loaded them: M1 moved from; M0 is on both sheets but read on R-1. */
const deskRoute = (n: string): string | null => (n === 'M1' ? 'R-2' : n === 'M0' ? 'R-1' : null);

describe.skipIf(officeSkip !== null)('a meter number on two routes', () => {
  it('links readings and decisions to the meter on the desk’s route and still refuses conflicts', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const admin = cluster.adminOn(o.database);
    const stores: OfficeStore[] = [];
    const open = async (who: string, desk: string, routed: boolean): Promise<OfficeStore> => {
      const store = openOfficeStore(await o.deskUrl(who), {
        desk,
        max: 1,
        ...(routed && { routeOf: deskRoute }),
      });
      stores.push(store);
      return store;
    };
    try {
      const anna = await open('anna', 'anna@pc1', true);
      const ben = await open('ben', 'ben@pc2', true);
      const cleo = await open('cleo', 'cleo@pc3', false);
      await anna.loadRoute(routeOfMeters('R-1', 3));
      await anna.loadRoute(routeOfMeters('R-2', 2, minutes(1)));
      const ids = await admin.query<{ key: string; id: string }>(
        `SELECT r.route_key || '/' || m.meter_number AS key, m.id FROM meters m
           JOIN routes r ON r.id = m.route_id`,
      );
      const idOf = new Map(ids.rows.map((r) => [r.key, Number(r.id)]));

      // Readings: M1 on R-2's meter, M0 on R-1's; a desk that has neither sheet links none.
      const read = (store: OfficeStore, n: number, desk: string) =>
        store.publishReading(
          publishedReading(n, { key: `${desk}:reading:${n}`, desk, sha256: `${n}`.repeat(64) }),
        );
      await read(anna, 1, 'anna@pc1');
      await read(anna, 0, 'anna@pc1');
      await cleo.publishReading(
        publishedReading(1, {
          key: 'cleo@pc3:reading:1',
          desk: 'cleo@pc3',
          sha256: 'c'.repeat(64),
        }),
      );
      const linked = await admin.query<{ idempotency_key: string; meter_id: string | null }>(
        'SELECT idempotency_key, meter_id FROM readings ORDER BY id',
      );
      expect(linked.rows.map((r) => [r.idempotency_key, r.meter_id && Number(r.meter_id)])).toEqual(
        [
          ['anna@pc1:reading:1', idOf.get('R-2/M1')],
          ['anna@pc1:reading:0', idOf.get('R-1/M0')],
          ['cleo@pc3:reading:1', null],
        ],
      );

      // Two clerks open M1 at the same version: the second decision is refused, naming the first.
      const seenByAnna = await anna.review.meterByNumber('M1');
      const seenByBen = await ben.review.meterByNumber('M1');
      expect(seenByAnna).toMatchObject({ id: idOf.get('R-2/M1'), reviewState: 'flagged' });
      expect(seenByBen).toEqual(seenByAnna);
      if (!seenByAnna) throw new Error('M1');
      const decision = {
        meterId: seenByAnna.id,
        version: seenByAnna.version,
        kind: 'correct' as const,
        sha256: null,
        fileName: null,
        meterNumber: 'M1',
        skipCode: null,
        note: null,
      };
      expect(
        await anna.decideMeter({
          ...decision,
          key: 'anna@pc1:decision:1',
          desk: 'anna@pc1',
          clerk: 'Anna',
          reading: '00105',
          decidedAt: minutes(2),
        }),
      ).toMatchObject({ ok: true });
      expect(
        await ben.decideMeter({
          ...decision,
          key: 'ben@pc2:decision:1',
          desk: 'ben@pc2',
          clerk: 'Ben',
          reading: '00999',
          decidedAt: minutes(3),
        }),
      ).toMatchObject({ ok: false, changedBy: { clerk: 'Anna', reading: '00105' } });
      expect((await ben.review.meterReview('M1'))?.standing).toMatchObject({ clerk: 'Anna' });

      // A decision through the outbox (published after the fact) lands on the same meter.
      await ben.publishDecision({
        key: 'ben@pc2:decision:2',
        kind: 'skip',
        desk: 'ben@pc2',
        clerk: 'Ben',
        sha256: null,
        fileName: null,
        meterNumber: 'M0',
        reading: null,
        skipCode: 'no-access',
        note: null,
        decidedAt: new Date(T0.getTime() + 4 * 60_000),
      });
      const skipped = await admin.query<{ meter_id: string }>(
        `SELECT meter_id FROM decisions WHERE idempotency_key = 'ben@pc2:decision:2'`,
      );
      expect(Number(skipped.rows[0]?.meter_id)).toBe(idOf.get('R-1/M0'));
      // Without the desk's route the number stays unlinked rather than guessed.
      expect(await cleo.review.meterByNumber('M1')).toBeNull();
      expect(await cleo.review.meterByNumber('M2')).toMatchObject({ id: idOf.get('R-1/M2') });
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await o.close();
    }
  });
});
