// Issue 30, item 2: the office's rows know the codes read on a photo. Anna's desk loads a route
// sheet with the meters' serial stickers and reads three photos: 0001's sticker agrees, 0003's names
// meter 0001 (its codes read before its result came in: they go out with its reading), and 0002's
// names 0003 (read after its reading was published: the outbox sends them on their own). At her
// desk both are flagged, not billable, with the code's reason; the office's export, written at a
// desk with no queue that never saw the photos, has the same lines, and `routes --office` the same
// counts. Before 0002's codes reach the office, and for a reading published without codes (a desk
// of an older version, Olga's here), a photo is billed as before. A person's confirmation of the
// swapped reading bills it in both. Real SQLite queues, one real PostgreSQL office.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { codesRead } from '../../main/billing/routes';
import { exportForBilling } from '../../main/cli/commands/route-flags';
import { main } from '../../main/cli/main';
import { publishDesk } from '../../main/office/billing-publish';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { captureIo } from '../helpers/cli-io';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { readPhoto } from '../billing/read-photo';
import { migratedOffice, type MigratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const NOW = new Date('2026-11-23T12:00:00Z');
// Each meter used about 1 m³ a day since 1 November: 00120 on 20 November passes every rule.
const SHEET =
  'meter_id;route;sequence;barcode;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n' +
  '0001;R-5;1;SN-1001;5;0;00100;2026-11-01;1\r\n' +
  '0002;R-5;2;SN-1002;5;0;00100;2026-11-01;1\r\n' +
  '0003;R-5;3;SN-1003;5;0;00100;2026-11-01;1\r\n' +
  '0004;R-5;4;SN-1004;5;0;00100;2026-11-01;1\r\n' +
  '0005;R-5;5;SN-1005;5;0;00100;2026-11-01;1\r\n';
const SAYS_0002 = 'The code on the photo (SN-1003) names meter 0003, not 0002';
const SAYS_0003 = 'The code on the photo (SN-1001) names meter 0001, not 0003';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Desk {
  store: Store;
  db: string;
  actions: QueueActions;
  publisher: OutboxPublisher;
  office: OfficeStore;
  photo(
    name: string,
    sha: string,
    codes: string[] | null,
    when: 'before' | 'after',
  ): Promise<number>;
}

/** A desk's queue with the sheet loaded, publishing to the office as `who@pc`. */
async function deskOf(o: MigratedOffice, dir: string, who: string): Promise<Desk> {
  const clock = createManualClock(NOW.getTime());
  const db = join(dir, `${who}.sqlite`);
  const store = openStore(db, { clock });
  const outbox = officeOutboxOf(store.db, clock);
  outbox.publishAs({ desk: `${who}@pc`, clerk: who });
  const actions = new QueueActions({ store: () => store, engine: () => null, clock });
  const sheet = join(dir, `${who}-tour.csv`);
  writeFileSync(sheet, SHEET);
  expect((await actions.loadRouteSheet(sheet, { name: 'tour.csv' })).ok).toBe(true);
  const office = openOfficeStore(await o.deskUrl(who), { desk: `${who}@pc` });
  const publisher = new OutboxPublisher({ outbox, office, clock });
  await publishDesk(store, office, `${who}@pc`, NOW);
  cleanups.push(async () => {
    await office.close();
    store.close();
  });
  const rootId = store.roots.ensure('/photos', 'folder').id;
  return {
    store,
    db,
    actions,
    publisher,
    office,
    /**
     * A photo read as 00120, its codes read `before` its result came in or `after` (as they come
     * when the code reader is slower than the service); null: never read (an older desk).
     */
    async photo(name, sha, codes, when) {
      const p = {
        rootId,
        relPath: name,
        readAt: '2026-11-20T09:00:00+01:00',
        sha256: sha,
        now: NOW,
      };
      const record = (id: number) => {
        if (codes === null) return;
        const read = codes.map((text) => ({ format: 'Code128', text }));
        expect(store.jobs.recordCodes(id, read)).toBe(true);
        codesRead(store, id, NOW);
      };
      if (when === 'before') record(await readPhoto(store, { ...p, reading: null }));
      const id = await readPhoto(store, { ...p, reading: '00120' });
      if (when === 'after') {
        // Its reading is in the office before its codes are read.
        expect(await publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
        record(id);
      }
      return id;
    },
  };
}

/** Each meter's line of a billing CSV, without the task id (each upload has its own). */
function linesOf(csv: string): Map<string, string> {
  const lines = readFileSync(csv, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // In the sheet's dialect (semicolons), at the desk as in the office.
  expect(lines[0]).toMatch(/;use_on_bill;.*;task_id$/);
  return new Map(
    lines.slice(1).map((l) => [l.split(';')[0] ?? '', l.slice(0, l.lastIndexOf(';'))]),
  );
}

/** The office's billing export, on the CLI at a desk with no queue (`export --office`). */
async function officeExport(url: string, dir: string, name: string) {
  const csv = join(dir, name);
  const io = captureIo({ METER_DESK_OFFICE_URL: url });
  const args = ['export', csv, '--db', join(dir, 'no-queue-here.sqlite'), '--desk', 'dora@pc'];
  expect(await main(args, io), io.all()).toBe(0);
  return linesOf(csv);
}

/** A desk's own billing export, as the CLI's `run --export` writes it. */
async function deskExport(store: Store, dir: string, name: string) {
  const csv = join(dir, name);
  await exportForBilling(store, csv, null, captureIo({}), false);
  return linesOf(csv);
}

describe.skipIf(officeSkip !== null)('the codes read on a photo, in the office', () => {
  it('flag the office’s row of a swapped photo as the reading desk’s own; none: as before', async () => {
    const o = await migratedOffice(cluster(), 0);
    cleanups.push(() => o.close());
    const t = tempDir('meterdesk-office-codes-');
    cleanups.push(() => {
      t.cleanup();
    });
    const anna = await deskOf(o, t.dir, 'anna');

    await anna.photo('0001.jpg', '1'.repeat(64), ['SN-1001'], 'before');
    await anna.photo('0003.jpg', '3'.repeat(64), ['SN-1001'], 'before');
    const swapped = await anna.photo('0002.jpg', '2'.repeat(64), null, 'after');
    // A photo its name matches to no meter: its sticker matches it to 0005, after it went out.
    await anna.photo('IMG_0007.jpg', '7'.repeat(64), ['SN-1005'], 'after');
    expect(await anna.publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
    const dora = await o.deskUrl('dora');

    // 0002's codes not read yet: billed, as the office billed every photo before.
    const early = await officeExport(dora, t.dir, 'early.csv');
    expect(early.get('0002')).toMatch(/^0002;.*;ok;;yes;/);
    expect(early.get('0003')).toContain(SAYS_0003);

    // Read now: kept in the outbox in the transaction that keeps them, then published.
    expect(anna.store.jobs.recordCodes(swapped, [{ format: 'Code128', text: 'SN-1003' }])).toBe(
      true,
    );
    codesRead(anna.store, swapped, NOW);
    expect(await anna.publisher.drain()).toMatchObject({ reachable: true, pending: 0 });

    const mine = await deskExport(anna.store, t.dir, 'anna.csv');
    expect(mine.get('0002')).toContain(SAYS_0002);
    expect(mine.get('0002')).toMatch(/;error;.*;no;/);
    expect(mine.get('0003')).toContain(SAYS_0003);
    expect(mine.get('0001')).toMatch(/;yes;/);
    expect(mine.get('0005')).toMatch(/^0005;.*;00120;.*;yes;IMG_0007\.jpg;/);
    const office = await officeExport(dora, t.dir, 'office.csv');
    expect(office).toEqual(mine);

    // The office's route table at a desk that never read these photos, worded as Anna's.
    const desk = captureIo({});
    expect(await main(['routes', '--db', anna.db], desk)).toBe(0);
    const routes = captureIo({});
    const none = join(t.dir, 'no-queue-here.sqlite');
    expect(await main(['routes', '--office', dora, '--db', none], routes)).toBe(0);
    const last = desk.stdout().trim().split('\n').at(-1) ?? '';
    expect(last).toMatch(/2 flagged/);
    expect(routes.stdout().trim().split('\n').at(-1)).toBe(`Office: ${last}; 4 read`);

    // A person confirms the swapped reading: billed as it is, here and in the office.
    expect(await anna.actions.review(swapped, 'accepted', null)).toBe(true);
    expect(await anna.publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
    const confirmed = await deskExport(anna.store, t.dir, 'anna-2.csv');
    expect(confirmed.get('0002')).toMatch(/;yes;/);
    expect((await officeExport(dora, t.dir, 'office-2.csv')).get('0002')).toBe(
      confirmed.get('0002'),
    );

    // Olga's desk reads no codes (as a desk of an older version): her photo of 0004 carries a
    // sticker naming 0001, but the office knows nothing of it and bills the reading as before.
    const olga = await deskOf(o, t.dir, 'olga');
    await olga.photo('0004.jpg', '4'.repeat(64), null, 'before');
    expect(await olga.publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
    const hers = await deskExport(olga.store, t.dir, 'olga.csv');
    const last4 = await officeExport(dora, t.dir, 'office-3.csv');
    expect(hers.get('0004')).toMatch(/;yes;/);
    expect(last4.get('0004')).toBe(hers.get('0004'));

    // What the office keeps: the codes on Anna's readings, none on Olga's.
    const admin = cluster().adminOn(o.database);
    cleanups.push(() => admin.end());
    const kept = await admin.query<{ file_name: string; desk: string; codes: unknown }>(
      'SELECT file_name, desk, codes FROM readings ORDER BY file_name',
    );
    expect(kept.rows).toEqual([
      { file_name: '0001.jpg', desk: 'anna@pc', codes: [{ format: 'Code128', text: 'SN-1001' }] },
      { file_name: '0002.jpg', desk: 'anna@pc', codes: [{ format: 'Code128', text: 'SN-1003' }] },
      { file_name: '0003.jpg', desk: 'anna@pc', codes: [{ format: 'Code128', text: 'SN-1001' }] },
      { file_name: '0004.jpg', desk: 'olga@pc', codes: null },
      {
        file_name: 'IMG_0007.jpg',
        desk: 'anna@pc',
        codes: [{ format: 'Code128', text: 'SN-1005' }],
      },
    ]);
  }, 90_000);
});
