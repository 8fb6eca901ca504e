// `meter-desk office republish` on a real PostgreSQL and a real queue file: a desk publishes its
// readings and decisions; rows are taken out behind its back (as a restore from an older backup
// leaves the office); republish writes exactly those again, each once, and says how many were
// written anew and how many were there already. A second republish writes nothing.
import { describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { main } from '../../main/cli/main';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { readPhoto } from './queue-photos';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('meter-desk office republish', () => {
  it('writes again exactly what a restore lost, nothing twice', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const admin = cluster.adminOn(o.database);
    const url = await o.deskUrl('anna');
    const t = tempDir('meterdesk-republish-');
    const file = `${t.dir}/queue.sqlite`;
    const clock = createManualClock(T0.getTime());
    const store = openStore(file);
    try {
      const outbox = officeOutboxOf(store.db, clock);
      outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
      const actions = new QueueActions({ store: () => store, engine: () => null, clock });
      const a = readPhoto(store, 'a.jpg', '00120', '2026-03-02T08:00:00.000Z');
      readPhoto(store, 'b.jpg', '00340', '2026-03-02T08:00:01.000Z');
      readPhoto(store, 'c.jpg', '00560', '2026-03-02T08:00:02.000Z');
      expect(await actions.review(a, 'corrected', '00121')).toBe(true);
      const desk = openOfficeStore(url, { desk: 'anna@pc1' });
      try {
        const published = await new OutboxPublisher({ outbox, office: desk, clock }).drain();
        expect(published).toMatchObject({ reachable: true, pending: 0, published: 4 });
      } finally {
        await desk.close();
      }
    } finally {
      store.close();
    }

    const officeRows = async () =>
      (
        await admin.query<{ what: string; file: string; value: string | null }>(
          `SELECT 'reading' AS what, file_name AS file, reading AS value FROM readings
           UNION ALL
           SELECT kind, p.file_name, d.reading FROM decisions d JOIN photos p USING (sha256)
           ORDER BY 1, 2`,
        )
      ).rows;
    const before = await officeRows();
    expect(before).toHaveLength(4);
    // The restore: the office as it was before b.jpg's reading and the correction arrived.
    await admin.query(`DELETE FROM readings WHERE file_name = 'b.jpg'`);
    await admin.query(`DELETE FROM decisions`);
    expect(await officeRows()).toHaveLength(2);

    try {
      // One writer per queue: with the window on it, republish refuses and writes nothing.
      const window = openStore(file);
      try {
        window.claim({ label: 'the MeterDesk window' });
        const busy = captureIo({});
        expect(await main(['office', 'republish', '--office', url, '--db', file], busy)).toBe(5);
        expect(busy.stderr()).toContain('in use by the MeterDesk window');
        expect(await officeRows()).toHaveLength(2);
      } finally {
        window.close();
      }

      const io = captureIo({});
      expect(await main(['office', 'republish', '--office', url, '--db', file], io)).toBe(0);
      expect(io.stdout()).toContain('4 entries of this desk');
      expect(io.stdout()).toContain('2 written anew, 2 there already');
      expect(io.all()).not.toContain('pw-anna');
      expect(await officeRows()).toEqual(before);

      const again = captureIo({});
      expect(await main(['office', 'republish', '--office', url, '--db', file], again)).toBe(0);
      expect(again.stdout()).toContain('0 written anew, 4 there already');
      expect(await officeRows()).toEqual(before);
    } finally {
      t.cleanup();
    }
  });

  it('needs the office and a queue that is there', async () => {
    const missing = captureIo({});
    expect(await main(['office', 'republish'], missing)).toBe(2);
    expect(missing.stderr()).toContain('needs --office');
    const noQueue = captureIo({});
    const url = 'postgres://desk:pw@127.0.0.1:1/office';
    expect(
      await main(
        ['office', 'republish', '--office', url, '--db', '/nonexistent/q.sqlite'],
        noQueue,
      ),
    ).toBe(2);
    expect(noQueue.stderr()).toContain('No queue at /nonexistent/q.sqlite');
  });
});
