// The desk outbox pruned once published (issue 30, item 7): published entries are kept as many
// days as the queue says (30 unless set), then deleted, at most once an hour while the desk runs;
// an entry still waiting is never deleted, however old. `office outbox` shows and sets the
// retention; `office republish` resends what is kept and says what was pruned.
import { describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { main } from '../../main/cli/main';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { outboxPruned, setOutboxKeepDays } from '../../main/store/outbox-retention';
import { openStore } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { readPhoto } from './queue-photos';

const office = useOfficeCluster();
const DAY = 24 * 60 * 60_000;

function keys(file: string): string[] {
  const store = openStore(file);
  try {
    return store.db
      .prepare<[], { k: string }>(
        `SELECT json_extract(payload, '$.fileName') || ':' || (published_at IS NOT NULL) AS k
           FROM office_outbox ORDER BY id`,
      )
      .all()
      .map((r) => r.k);
  } finally {
    store.close();
  }
}

describe('the desk outbox, pruned once published', () => {
  it('deletes published entries older than the retention, never one that waits', async () => {
    const t = tempDir('meterdesk-outbox-prune-');
    const file = `${t.dir}/queue.sqlite`;
    const clock = createManualClock(T0.getTime());
    const store = openStore(file);
    try {
      const outbox = officeOutboxOf(store.db, clock);
      outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
      readPhoto(store, 'a.jpg', '00120', T0.toISOString());
      readPhoto(store, 'b.jpg', '00340', T0.toISOString());
      const [a, b] = outbox.due(10);
      if (!a || !b) throw new Error('two entries');
      outbox.markPublished(a.id);
      await clock.advance(10 * DAY);
      outbox.markPublished(b.id);
      readPhoto(store, 'c.jpg', '00560', T0.toISOString());
      expect(outbox.counts()).toMatchObject({ pending: 1, published: 2 });

      // 30 days after a was published: a goes; b (20 days old) and c (waiting) stay.
      await clock.advance(20 * DAY + 1);
      expect(outbox.prunePublishedIfDue()).toBe(1);
      expect(keys(file)).toEqual(['b.jpg:1', 'c.jpg:0']);
      expect(outbox.counts()).toMatchObject({ pending: 1, published: 1 });
      expect(outboxPruned(store.settings)).toEqual({
        before: new Date(T0.getTime() + 30 * DAY + 1 - 30 * DAY).toISOString(),
        entries: 1,
      });
      // Within the hour it does not look again, even with a shorter retention set.
      setOutboxKeepDays(store.settings, 1);
      await clock.advance(59 * 60_000);
      expect(outbox.prunePublishedIfDue()).toBe(0);
      await clock.advance(60_000);
      expect(outbox.prunePublishedIfDue()).toBe(1);
      // Years on, the entry that never reached the office is still there to publish.
      await clock.advance(3 * 365 * DAY);
      expect(outbox.prunePublished()).toBe(0);
      expect(keys(file)).toEqual(['c.jpg:0']);
      expect(outboxPruned(store.settings)).toMatchObject({ entries: 2 });
      // The pruning's filter is on its index, never a scan of the outbox.
      const plan = store.db
        .prepare<[string], { detail: string }>(
          `EXPLAIN QUERY PLAN DELETE FROM office_outbox
            WHERE published_at IS NOT NULL AND published_at < ?`,
        )
        .all('2026-01-01');
      expect(plan.map((p) => p.detail).join(' ')).toContain('office_outbox_published');
    } finally {
      store.close();
      t.cleanup();
    }
  });

  it('shows and sets the retention on the CLI, and refuses one out of range', async () => {
    const t = tempDir('meterdesk-outbox-cli-');
    const file = `${t.dir}/queue.sqlite`;
    openStore(file).close();
    try {
      const io = captureIo({});
      expect(await main(['office', 'outbox', '--db', file], io)).toBe(0);
      expect(io.stdout()).toBe(
        `Outbox of ${file}: 0 entries waiting, 0 entries published and kept; published entries are kept 30 days.\n`,
      );
      const bad = captureIo({});
      expect(await main(['office', 'outbox', '--db', file, '--keep-days', '0'], bad)).toBe(2);
      expect(bad.stderr()).toContain(
        '--keep-days takes a whole number of days from 1 to 3650, not "0".',
      );
      const set = captureIo({});
      expect(await main(['office', 'outbox', '--db', file, '--keep-days', '7'], set)).toBe(0);
      expect(set.stdout()).toContain('published entries are kept 7 days (0 entries pruned now).');
      const shown = captureIo({});
      expect(await main(['office', 'outbox', '--db', file], shown)).toBe(0);
      expect(shown.stdout()).toContain('published entries are kept 7 days.');
    } finally {
      t.cleanup();
    }
  });
});

describe.skipIf(officeSkip !== null)('office republish after pruning', () => {
  it('resends what the outbox keeps and says what was pruned', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const admin = cluster.adminOn(o.database);
    const url = await o.deskUrl('anna');
    const t = tempDir('meterdesk-republish-pruned-');
    const file = `${t.dir}/queue.sqlite`;
    try {
      // Three entries published in March, one today.
      const clock = createManualClock(T0.getTime());
      const store = openStore(file);
      const desk = openOfficeStore(url, { desk: 'anna@pc1' });
      try {
        const outbox = officeOutboxOf(store.db, clock);
        outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
        const actions = new QueueActions({ store: () => store, engine: () => null, clock });
        const a = readPhoto(store, 'a.jpg', '00120', T0.toISOString());
        readPhoto(store, 'b.jpg', '00340', T0.toISOString());
        expect(await actions.review(a, 'corrected', '00121')).toBe(true);
        const publisher = new OutboxPublisher({ outbox, office: desk, clock });
        expect(await publisher.drain()).toMatchObject({ pending: 0, published: 3 });
        await clock.advance(Date.now() - clock.now());
        readPhoto(store, 'c.jpg', '00560', new Date().toISOString());
        // Published and kept: today's entry; the publisher has pruned March's after its drain.
        expect(await publisher.drain()).toMatchObject({ pending: 0, published: 1 });
      } finally {
        await desk.close();
        store.close();
      }

      const shown = captureIo({});
      expect(await main(['office', 'outbox', '--db', file], shown)).toBe(0);
      expect(shown.stdout()).toContain(
        '0 entries waiting, 1 entry published and kept; published entries are kept 30 days.',
      );
      await admin.query('DELETE FROM readings');
      const io = captureIo({});
      expect(await main(['office', 'republish', '--office', url, '--db', file], io)).toBe(0);
      expect(io.stdout()).toContain('1 entry of this desk');
      expect(io.stdout()).toContain('1 written anew, 0 there already');
      expect(io.stdout()).toMatch(
        /This desk keeps published entries 30 days: 3 entries published before \d{4}-\d\d-\d\d were pruned and not sent again\.\n$/,
      );
      const left = await admin.query<{ file_name: string }>('SELECT file_name FROM readings');
      expect(left.rows).toEqual([{ file_name: 'c.jpg' }]);
    } finally {
      t.cleanup();
    }
  });
});
