// Issue 31, item 6, on a real PostgreSQL office: an order file loaded at desk A only is the
// office's, byte for byte; desks B and C receive it with the route and read photos named after its
// meters (overlapping, the verified meter confirmed at B, the skipped one skipped at C). The
// office-wide return file (`export --return-file --office`) is then the very file one desk writes
// of every photo with the same decisions: every read meter filled by the rule, the not-read in the
// not-read form, 0 bytes changed outside the filled fields.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { officeTimeZone } from '../../common/billing/export-read-at';
import { builtinProfile } from '../../common/billing/order-files/builtin-profiles';
import { QueueActions } from '../../main/actions/queue-actions';
import { writeReturnFile } from '../../main/billing/order-files/write-return-file';
import { main } from '../../main/cli/main';
import { writeOfficeReturnFile } from '../../main/office/office-return-file';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { officeRoutesToTake } from '../../main/office/route-publish';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { byteDiff } from '../billing/order-files/byte-diff';
import {
  FIXTURES,
  type FixtureMeter,
  type OrderFixture,
} from '../billing/order-files/order-fixtures';
import { ORDER_NOW, orderQueue } from '../billing/order-files/order-queue';
import { readPhoto } from '../billing/read-photo';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const ZONE = 'Europe/Berlin';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Desk {
  name: string;
  store: Store;
  actions: QueueActions;
  office: OfficeStore;
}

function desk(name: string, url: string, dir: string): Desk {
  const clock = createManualClock(ORDER_NOW);
  const store = openStore(join(dir, `${name}.sqlite`), { clock });
  const office = openOfficeStore(url, { desk: `${name}@pc`, max: 2, connectMs: 60_000 });
  cleanups.push(async () => {
    store.close();
    await office.close();
  });
  // Publishing on, as `--office` turns it on: readings and decisions enter the outbox from now on.
  officeOutboxOf(store.db, clock).publishAs({ desk: `${name}@pc`, clerk: name });
  const actions = new QueueActions({ store: () => store, engine: () => null, clock });
  return { name, store, actions, office };
}

/** Gives this desk's routes (with their order files) and takes the office's, as a sync does. */
async function sync(d: Desk): Promise<string[]> {
  const routes = await officeRoutesToTake(d.store, d.office, `${d.name}@pc`, new Date(ORDER_NOW));
  return (await d.actions.takeOfficeRoutes(routes)).routes;
}

/** Reads the photos of these meters (same names and bytes as the one-desk queue's). */
async function readMeters(d: Desk, fixture: OrderFixture, meters: readonly FixtureMeter[]) {
  const rootId = d.store.roots.ensure('/photos', 'folder').id;
  const jobs = new Map<string, number>();
  for (const m of meters) {
    if (m.reading === null) continue;
    const n = fixture.meters.filter((x) => x.reading !== null).indexOf(m) + 1;
    const id = await readPhoto(d.store, {
      rootId,
      relPath: `${m.meter}_20261020.jpg`,
      reading: m.reading,
      readAt: fixture.readAt,
      sha256: String(n).padStart(64, '0'),
      now: new Date(ORDER_NOW),
    });
    jobs.set(m.meter, id);
  }
  return jobs;
}

async function publishOutbox(d: Desk): Promise<void> {
  const clock = createManualClock(ORDER_NOW);
  const outbox = officeOutboxOf(d.store.db, clock);
  const publisher = new OutboxPublisher({ outbox, office: d.office, clock });
  expect(await publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
}

describe.skipIf(officeSkip !== null)('the office-wide return file', () => {
  it.each(['neptune-imp', 'csv-passthrough'] as const)(
    '%s: loaded at A only, read at B and C, filled from every desk',
    async (name) => {
      const t = tempDir('meterdesk-office-return-');
      cleanups.push(() => {
        t.cleanup();
      });
      const o = await migratedOffice(cluster(), 0);
      cleanups.push(() => o.close());
      // The photos' stamps with their offset: the office keeps a read time as a point in time
      // (timestamptz), so a camera's wall clock without one would come back as UTC.
      const fixture = { ...FIXTURES[name](), readAt: '2026-10-20T09:15:30+02:00' };
      const profile = builtinProfile(name);
      if (!profile) throw new Error(name);
      const routeKey = `orders-${name}`;

      // A loads the order file and reads nothing; the office keeps it byte for byte.
      const anna = desk('anna', await o.deskUrl('anna'), t.dir);
      const loaded = await anna.actions.loadOrderFile(fixture.bytes, {
        name: routeKey,
        profile: null,
        fileTime: '2026-10-05T08:00:00Z',
      });
      expect(loaded).toMatchObject({ ok: true, profile: name });
      expect(await sync(anna)).toEqual([]);
      const kept = await anna.office.orderFile(null);
      const sha = createHash('sha256').update(fixture.bytes).digest('hex');
      expect(kept).toMatchObject({ routeKey, name: routeKey, sha256: sha, loadedBy: 'anna@pc' });
      expect(Buffer.from(kept?.bytes ?? []).equals(fixture.bytes)).toBe(true);
      expect(JSON.parse(kept?.profile ?? '{}')).toMatchObject({ name });

      // B and C never load it: they receive it with the route, byte for byte.
      const ben = desk('ben', await o.deskUrl('ben'), t.dir);
      const carl = desk('carl', await o.deskUrl('carl'), t.dir);
      for (const d of [ben, carl]) {
        expect(await sync(d)).toEqual([routeKey]);
        const own = d.store.orderFiles.latest();
        expect(own?.sha256).toBe(sha);
        expect(Buffer.from(own?.bytes ?? []).equals(fixture.bytes)).toBe(true);
        expect(await sync(d)).toEqual([]);
      }

      // Overlapping halves: the shared photos are copies (same bytes) read at both desks.
      const meters = fixture.meters;
      const half = Math.ceil(meters.length / 2);
      const benJobs = await readMeters(ben, fixture, meters.slice(0, half + 5));
      await readMeters(carl, fixture, meters.slice(half - 5));
      for (const m of meters) {
        const id = benJobs.get(m.meter);
        if (m.expect === 'verified' && id !== undefined)
          expect(await ben.actions.review(id, 'accepted', null)).toBe(true);
        if (m.expect === 'skip')
          expect(await carl.actions.recordSkip(m.meter, 'dog', null)).toBe(true);
      }
      await publishOutbox(ben);
      await publishOutbox(carl);
      // B's own return, from the copy it received, needs no office: its own readings only.
      const benOwn = join(t.dir, `ben-${name}.dat`);
      const mine = await writeReturnFile(ben.store, benOwn, {
        now: new Date(ORDER_NOW),
        zone: ZONE,
      });
      if (!mine.ok) throw new Error(JSON.stringify(mine));
      expect(byteDiff(profile, fixture.bytes, readFileSync(benOwn)).changedOutside).toBe(0);
      expect(mine.filled).toBeGreaterThan(0);

      // One desk of every photo with the same decisions, without an office: the reference.
      const single = await orderQueue(fixture);
      cleanups.push(() => {
        single.close();
      });
      const reference = join(t.dir, `single-${name}.dat`);
      const one = await writeReturnFile(single.store, reference, {
        now: new Date(ORDER_NOW),
        zone: ZONE,
      });
      if (!one.ok) throw new Error(JSON.stringify(one));

      const officeOut = join(t.dir, `office-${name}.dat`);
      const dora = desk('dora', await o.deskUrl('dora'), t.dir);
      const written = await writeOfficeReturnFile(dora.office, officeOut, {
        now: new Date(ORDER_NOW),
        zone: ZONE,
      });
      if (!written.ok) throw new Error(JSON.stringify(written));
      const after = readFileSync(officeOut);
      expect(after.equals(readFileSync(reference))).toBe(true);
      expect(readFileSync(written.exceptionsPath, 'latin1')).toBe(
        readFileSync(one.exceptionsPath, 'latin1'),
      );
      const diff = byteDiff(profile, fixture.bytes, after);
      expect(diff.changedOutside, diff.firstDifference ?? '').toBe(0);
      expect(written.filled).toBeGreaterThan(mine.filled);
      expect({ filled: written.filled, notRead: written.notRead }).toEqual({
        filled: one.filled,
        notRead: one.notRead,
      });
      const read = meters.filter((m) => m.reading !== null && m.expect !== 'format');
      expect(written.filled).toBeGreaterThanOrEqual(read.length - 2);
      expect(written.desks?.map((d) => d.desk)).toEqual(['ben@pc', 'carl@pc']);
      const notRead = meters.find((m) => m.expect === 'not_read');
      const csv = readFileSync(written.exceptionsPath, 'latin1');
      expect(csv).toContain(`not_read,${notRead?.key.trim() ?? '?'},${String(notRead?.line)},`);

      // The same through the command line, from a desk without a queue.
      const cliOut = join(t.dir, `cli-${name}.dat`);
      const io = captureIo({});
      const code = await main(
        [
          'export',
          cliOut,
          '--return-file',
          '--office',
          await o.deskUrl('dora'),
          '--db',
          join(t.dir, 'no-queue-here.sqlite'),
          '--desk',
          'dora@pc',
        ],
        io,
      );
      expect(code, io.all()).toBe(0);
      expect(io.stdout()).toMatch(/Office return file .* loaded at anna@pc/);
      expect(io.stdout()).toContain('Readings from: ben@pc');
      // In this machine's zone (the command's), as the writer gives it in that zone.
      const here = join(t.dir, `here-${name}.dat`);
      const inZone = await writeOfficeReturnFile(dora.office, here, {
        now: new Date(ORDER_NOW),
        zone: officeTimeZone(),
      });
      expect(inZone.ok).toBe(true);
      expect(readFileSync(cliOut).equals(readFileSync(here))).toBe(true);
      expect(existsSync(join(t.dir, `cli-${name}.exceptions.csv`))).toBe(true);
    },
    120_000,
  );

  it('a changed order file reaches the desks again, even when its meters did not change', async () => {
    const t = tempDir('meterdesk-office-reload-');
    cleanups.push(() => {
      t.cleanup();
    });
    const o = await migratedOffice(cluster(), 0);
    cleanups.push(() => o.close());
    const first = FIXTURES['neptune-imp']().bytes;
    // Only the utility's name in the header differs: the same meters, another file.
    const second = Buffer.from(
      first.toString('latin1').replace('Stadtwerke Müllheim', 'Stadtwerke Mühlheim'),
      'latin1',
    );
    expect(second.equals(first)).toBe(false);
    const anna = desk('anna', await o.deskUrl('anna'), t.dir);
    const ben = desk('ben', await o.deskUrl('ben'), t.dir);
    const load = async (bytes: Buffer) =>
      anna.actions.loadOrderFile(bytes, { name: 'orders-R12', profile: null, fileTime: null });
    const benHolds = () => Buffer.from(ben.store.orderFiles.latest()?.bytes ?? []);

    expect(await load(first)).toMatchObject({ ok: true });
    await sync(anna);
    expect(await sync(ben)).toEqual(['orders-R12']);
    expect(benHolds().equals(first)).toBe(true);

    expect(await load(second)).toMatchObject({ ok: true });
    await sync(anna);
    expect(await sync(ben)).toEqual(['orders-R12']);
    expect(benHolds().equals(second)).toBe(true);
    expect(
      Buffer.from((await ben.office.orderFile('orders-R12'))?.bytes ?? []).equals(second),
    ).toBe(true);
    expect(await sync(ben)).toEqual([]);
  });
});
