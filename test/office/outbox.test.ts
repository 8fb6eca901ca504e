// The desk's office outbox end to end: a real queue file, the real action layer, a real
// PostgreSQL that goes away and comes back. The desk keeps working while the office is away;
// when it returns every reading and decision is published once, also when a publish is repeated.
import { afterEach, describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, T0 } from './office-fixture';
import { readPhoto } from './queue-photos';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function queue(): Store {
  const t = tempDir('meterdesk-outbox-');
  const store = openStore(`${t.dir}/queue.sqlite`);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  return store;
}

/** A fresh office and Anna's queue publishing to it through her own connection. */
async function annaPublishing() {
  const cluster = office();
  const o = await migratedOffice(cluster, 0);
  const clock = createManualClock(T0.getTime());
  const store = queue();
  const outbox = officeOutboxOf(store.db, clock);
  outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
  const desk = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc1', connectMs: 2_000 });
  cleanups.push(() => desk.close());
  return { cluster, admin: cluster.adminOn(o.database), clock, store, outbox, desk };
}

describe.skipIf(officeSkip !== null)('the office outbox', () => {
  it('keeps working while the office is away, then publishes everything exactly once', async () => {
    const { cluster, admin, clock, store, outbox, desk } = await annaPublishing();
    const publisher = new OutboxPublisher({ outbox, office: desk, clock });
    const actions = new QueueActions({ store: () => store, engine: () => null, clock });

    const first = readPhoto(store, 'a.jpg', '00120', '2026-03-02T08:00:00.000Z');
    readPhoto(store, 'b.jpg', '00340', '2026-03-02T08:00:01.000Z');
    expect(await actions.review(first, 'corrected', '00121')).toBe(true);
    expect(outbox.counts()).toEqual({ pending: 3, published: 0, failing: 0 });

    await cluster.cluster.halt();
    try {
      const away = await publisher.drain();
      expect(away).toMatchObject({ reachable: false, failure: 'unreachable', pending: 3 });
      // The desk goes on: a photo read and a reading confirmed while the office is away.
      const third = readPhoto(store, 'c.jpg', '00560', '2026-03-02T08:05:00.000Z');
      expect(await actions.review(third, 'accepted', null)).toBe(true);
      expect(outbox.counts()).toMatchObject({ pending: 5, failing: 0 });
    } finally {
      await cluster.cluster.resume();
    }

    const back = await publisher.drain();
    expect(back).toMatchObject({ reachable: true, pending: 0, published: 5 });
    // An answer lost on the way back: the desk publishes the same entries again.
    store.db.prepare('UPDATE office_outbox SET published_at = NULL').run();
    expect(await publisher.drain()).toMatchObject({ pending: 0 });

    const rows = await admin.query<{
      what: string;
      file: string;
      value: string | null;
      by: string;
    }>(
      `SELECT 'reading' AS what, file_name AS file, reading AS value, desk AS by FROM readings
       UNION ALL
       SELECT kind, p.file_name, d.reading, d.clerk FROM decisions d JOIN photos p USING (sha256)
       ORDER BY 1, 2`,
    );
    expect(rows.rows).toEqual([
      { what: 'confirm', file: 'c.jpg', value: null, by: 'anna' },
      { what: 'correct', file: 'a.jpg', value: '00121', by: 'anna' },
      { what: 'reading', file: 'a.jpg', value: '00120', by: 'anna@pc1' },
      { what: 'reading', file: 'b.jpg', value: '00340', by: 'anna@pc1' },
      { what: 'reading', file: 'c.jpg', value: '00560', by: 'anna@pc1' },
    ]);
    const photos = await admin.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM photos GROUP BY state`,
    );
    expect(photos.rows).toEqual([{ state: 'read', n: 3 }]);
  });

  it('publishes a backlog many entries to a transaction; an entry the office refuses does not hold the rest', async () => {
    const { admin, clock, store, outbox, desk } = await annaPublishing();
    const n = 120;
    for (let i = 0; i < n; i++) {
      const at = new Date(T0.getTime() + i * 1_000).toISOString();
      readPhoto(store, `p${String(i)}.jpg`, String(100 + i).padStart(5, '0'), at);
    }
    // An entry no office takes (a payload without its fields), in the last batch.
    store.db
      .prepare(
        `INSERT INTO office_outbox (idem_key, kind, payload, created_at) VALUES ('anna@pc1:bad', 'reading', '{}', ?)`,
      )
      .run(T0.toISOString());
    const drained = await new OutboxPublisher({ outbox, office: desk, clock }).drain();
    expect(drained).toMatchObject({ reachable: true, pending: 1, published: n });
    expect(outbox.counts()).toEqual({ pending: 1, published: n, failing: 1 });
    const rows = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM readings');
    expect(rows.rows).toEqual([{ n }]);
    // One transaction per batch of 50, not one per entry: the rows' inserting transactions
    // (xmin). The last batch holds the bad entry, so its 20 good ones went one by one.
    const txs = await admin.query<{ n: number }>(
      'SELECT count(DISTINCT xmin::text)::int AS n FROM readings',
    );
    expect(txs.rows).toEqual([{ n: 2 + 20 }]);
  });

  it('keeps nothing for the office while the queue does not publish', async () => {
    const clock = createManualClock(T0.getTime());
    const store = queue();
    const actions = new QueueActions({ store: () => store, engine: () => null, clock });
    const id = readPhoto(store, 'a.jpg', '00120', '2026-03-02T08:00:00.000Z');
    expect(await actions.review(id, 'accepted', null)).toBe(true);
    expect(officeOutboxOf(store.db, clock).counts()).toEqual({
      pending: 0,
      published: 0,
      failing: 0,
    });
  });
});
