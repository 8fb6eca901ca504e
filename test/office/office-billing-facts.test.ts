// Issue 30, item 2: billing rows from the office's facts. The route sheet is loaded at desk A only
// (A reads no photo); desks B and C read overlapping folders at the same time against one real
// sandbox and one real PostgreSQL office, without the sheet. B corrects a reading (of a photo C
// read: B took C's reading) and records a skip. The office export then has every meter with the
// right reading and B's decisions, and equals what one desk alone writes of every photo with the
// same two decisions; `routes --office` counts it as that desk's `routes`. Neither export reads a
// row a desk computed: the office derives each row from the readings, decisions and meters.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { main } from '../../main/cli/main';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { systemClock } from '../../main/time/clock';
import { captureIo } from '../helpers/cli-io';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { useRoutePhotoFolders, withoutTask } from './route-photo-folders';

const cluster = useOfficeCluster();
const photos = useRoutePhotoFolders('meterdesk-office-facts-');
const { folderOf } = photos;

async function run(folder: string, db: string, extra: string[]): Promise<string> {
  return photos.run([folder, '--camera-counters', '--db', db, ...extra], db);
}

/** A meter one of these photos (by file name) was matched to in the queue. */
function meterOf(store: Store, names: readonly string[]): string {
  const job = [...store.queries.iterate({})].find(
    (j) =>
      j.meterId !== null && j.state === 'done' && names.includes(j.relPath.split('/').pop() ?? ''),
  );
  expect(job, `a read photo of ${names.join(', ')}`).toBeDefined();
  return job?.meterId ?? '';
}

/** The read photo of this meter in the queue. */
function jobOf(store: Store, meter: string): number {
  const job = [...store.queries.iterate({})].find((j) => j.meterId === meter && j.state === 'done');
  expect(job, `a read photo of ${meter}`).toBeDefined();
  return job?.id ?? 0;
}

/** The clerk's two decisions, through the action layer as the window makes them. */
async function decide(store: Store, corrected: string, skipped: string): Promise<void> {
  const actions = new QueueActions({ store: () => store, engine: () => null, clock: systemClock });
  expect(await actions.review(jobOf(store, corrected), 'corrected', '00999.9')).toBe(true);
  expect(await actions.recordSkip(skipped, 'dog', null)).toBe(true);
}

describe.skipIf(officeSkip !== null)('billing rows from the office facts', () => {
  it('the sheet loaded at A, photos read at B and C: every meter as one desk of all photos', async () => {
    const o = await migratedOffice(cluster(), 0);
    const office = async (who: string) => ['--office', await o.deskUrl(who), '--desk', `${who}@pc`];
    // A loads the sheet and reads nothing; B and C never load it and read overlapping folders
    // at the same time.
    await run(folderOf('anna', 1, 0), join(photos.dir, 'anna.sqlite'), [
      '--route',
      photos.sheet,
      ...(await office('anna')),
    ]);
    const ben = folderOf('ben', 1, 7);
    const carl = folderOf('carl', 5, photos.files.length);
    const [benSaid, carlSaid] = await Promise.all([
      run(ben, join(photos.dir, 'ben.sqlite'), await office('ben')),
      run(carl, join(photos.dir, 'carl.sqlite'), await office('carl')),
    ]);
    expect(benSaid).toMatch(/Office: took \d+ routes? loaded at another desk/);
    expect(carlSaid).toMatch(/Office: took \d+ routes? loaded at another desk/);

    // Photos 5 to 7 are in both folders (one desk took the other's reading); B corrects one of
    // their meters and skips meter 0001, which nobody photographed. B's outbox publishes both.
    const benStore = openStore(join(photos.dir, 'ben.sqlite'));
    let shared = '';
    try {
      shared = meterOf(
        benStore,
        photos.files.slice(4, 7).map((f) => f.split('/').pop() ?? f),
      );
      await decide(benStore, shared, '0001');
      const desk = openOfficeStore(await o.deskUrl('ben'), { desk: 'ben@pc' });
      const outbox = officeOutboxOf(benStore.db, systemClock);
      const publisher = new OutboxPublisher({ outbox, office: desk, clock: systemClock });
      expect(await publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
      await desk.close();
    } finally {
      benStore.close();
    }

    // One desk alone over every photo, without an office, with the same two decisions.
    const singleDb = join(photos.dir, 'single.sqlite');
    const all = folderOf('all', 1, photos.files.length);
    await run(all, singleDb, ['--route', photos.sheet]);
    const single = openStore(singleDb);
    try {
      await decide(single, shared, '0001');
    } finally {
      single.close();
    }
    // Run again over the same photos (all read already): its billing export.
    const singleCsv = join(photos.dir, 'single.csv');
    await run(all, singleDb, ['--route', photos.sheet, '--export', singleCsv]);

    const officeCsv = join(photos.dir, 'office.csv');
    const none = join(photos.dir, 'no-queue-here.sqlite');
    const io = captureIo({ METER_DESK_OFFICE_URL: await o.deskUrl('dora') });
    expect(await main(['export', officeCsv, '--db', none, '--desk', 'dora@pc'], io)).toBe(0);
    const rows = withoutTask(officeCsv);
    expect(rows).toEqual(withoutTask(singleCsv));
    // Every meter once; B's correction and skip are in their rows.
    const meters = rows.slice(1).map((l) => l.split(';')[0]);
    expect(new Set(meters).size).toBe(meters.length);
    expect(rows.find((l) => l.startsWith(`${shared};`))).toMatch(/;00999,90*;[^;]*;corrected;/);
    expect(rows.find((l) => l.startsWith('0001;'))).toMatch(/;dog;/);
    const read = rows.slice(1).filter((l) => !l.includes(';no_read;') && !l.includes(';dog;'));
    expect(read.length).toBeGreaterThan(0);

    // The office's route table, worded as the single desk's.
    const desk = captureIo({});
    expect(await main(['routes', '--db', singleDb], desk)).toBe(0);
    const routes = captureIo({});
    expect(await main(['routes', '--office', await o.deskUrl('dora'), '--db', none], routes)).toBe(
      0,
    );
    const deskLines = desk.stdout().trim().split('\n');
    expect(routes.stdout().trim().split('\n').at(-1)).toBe(
      `Office: ${deskLines.at(-1) ?? ''}; ${String(read.length)} read`,
    );
    await o.close();
  }, 180_000);
});
