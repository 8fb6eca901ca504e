// A photo is paid for once in the office (issue 23, item 3): desks with queues of their own, one
// real PostgreSQL office and one real sandbox over HTTP, reading folders that hold the same photo
// bytes. The sandbox's ledger counts what was sent; every photo of every desk ends with its
// reading, and a copy another desk read says which desk that was. With the office away a desk
// sends without a claim and finishes.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../main/actions/session';
import { startOfficeDesk, type OfficeDesk } from '../../main/office/office-desk';
import { systemClock } from '../../main/time/clock';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { SampleManifest } from '../../sandbox/samples';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, type MigratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster({ halts: true });

interface Desk {
  readonly name: string;
  readonly session: Session;
  readonly office: OfficeDesk;
}

let sandbox: Sandbox;
let samples: SampleManifest;
let t: ReturnType<typeof tempDir>;
let runs = 0;

beforeAll(async () => {
  t = tempDir('meterdesk-paid-once-');
  samples = await cachedSampleFolder(join(t.dir, 'samples'), {
    count: 6,
    seed: 23,
    duplicates: 0,
    subfolders: false,
    width: 480,
  });
  sandbox = await createSandbox({ ai: FAST_AI });
});
afterAll(async () => {
  await sandbox.close();
  t.cleanup();
});

/** A folder of its own holding copies (same bytes) of the sample photos numbered `from`..`to`. */
function folderOf(from: number, to: number): string {
  const dir = join(t.dir, `folder-${++runs}`);
  mkdirSync(dir);
  for (const f of samples.files.slice(from - 1, to)) {
    cpSync(join(samples.dir, f.relPath), join(dir, f.relPath));
  }
  return dir;
}

async function openDesk(office: MigratedOffice, name: string): Promise<Desk> {
  const session = openSession({
    dbFile: join(t.dir, `${name}-${++runs}.sqlite`),
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    config: FAST_ENGINE,
    owner: `desk ${name}`,
  });
  const desk = await startOfficeDesk({
    store: session.store,
    url: await office.deskUrl(name),
    desk: name,
    clock: systemClock,
    say: () => undefined,
    claims: { recheckMs: 100, answerMs: 2_000 },
    publishEveryMs: 50,
  });
  session.engine.claimUploadsWith(desk.claim);
  return { name, session, office: desk };
}

/** Reads `folder` to the end, publishes what the desk has for the office, and closes it. */
async function readAll(desk: Desk, folder: string): Promise<string> {
  await desk.session.actions.addPhotos([folder]);
  await desk.session.engine.start();
  const outcome = await desk.session.engine.waitSettled();
  await desk.session.engine.stop();
  await desk.office.finish(5_000);
  return outcome;
}

/** Each photo as the desk's queue ends it: file, state, reading, and whose reading it took. */
function photosOf(
  desk: Desk,
): { file: string; state: string; reading: string | null; desk: string | null }[] {
  return desk.session.store.queries
    .page({ sort: 'file' })
    .rows.map((j) => ({
      file: j.relPath,
      state: j.state,
      reading: j.aiReading,
      desk: j.officeDesk,
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

function readingOf(file: string): string | null {
  return samples.files.find((f) => f.relPath === file)?.reading ?? null;
}

/** Uploads the sandbox saw since `before`, per photo content. */
function uploadsSince(before: number): Map<string, number> {
  const sent = new Map<string, number>();
  for (const task of sandbox.ledger.tasks().slice(before)) {
    sent.set(task.sha256, (sent.get(task.sha256) ?? 0) + 1);
  }
  return sent;
}

/** Runs `work` with desks anna and ben on a fresh office, closed after. */
async function withAnnaAndBen(
  work: (anna: Desk, ben: Desk, office: MigratedOffice) => Promise<void>,
): Promise<void> {
  const office = await migratedOffice(cluster(), 0);
  const desks: Desk[] = [];
  try {
    for (const name of ['anna', 'ben']) desks.push(await openDesk(office, name));
    const [anna, ben] = desks;
    if (!anna || !ben) throw new Error('two desks');
    await work(anna, ben, office);
  } finally {
    await Promise.all(desks.map((d) => d.session.close()));
    await office.close();
  }
}

describe.skipIf(officeSkip !== null)('a photo is paid for once in the office', () => {
  it('a second desk takes the first desk’s readings of the same photos instead of sending them', async () => {
    await withAnnaAndBen(async (anna, ben, office) => {
      const before = sandbox.ledger.tasks().length;
      expect(await readAll(anna, folderOf(1, 4))).toBe('complete');
      expect(await readAll(ben, folderOf(3, 6))).toBe('complete');

      const sent = uploadsSince(before);
      expect([...sent.values()]).toEqual([1, 1, 1, 1, 1, 1]);
      expect(photosOf(anna).map((p) => [p.state, p.reading === readingOf(p.file), p.desk])).toEqual(
        Array.from({ length: 4 }, () => ['done', true, null]),
      );
      const benPhotos = photosOf(ben);
      expect(
        benPhotos.map((p) => [p.file, p.state, p.reading === readingOf(p.file), p.desk]),
      ).toEqual(
        samples.files
          .slice(2, 6)
          .map((f, i) => [f.relPath, 'done', true, i < 2 ? 'anna' : null])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      // The office holds each photo's reading once, published by the desk that paid for it.
      const admin = cluster().adminOn(office.database);
      const readings = await admin.query<{ desk: string; n: number }>(
        'SELECT desk, count(*)::int AS n FROM readings GROUP BY desk ORDER BY desk',
      );
      expect(readings.rows).toEqual([
        { desk: 'anna', n: 4 },
        { desk: 'ben', n: 2 },
      ]);
    });
  });

  it('two desks at once over overlapping folders: each distinct photo sent once, every copy read', async () => {
    await withAnnaAndBen(async (anna, ben) => {
      const before = sandbox.ledger.tasks().length;
      const outcomes = await Promise.all([
        readAll(anna, folderOf(1, 5)),
        readAll(ben, folderOf(2, 6)),
      ]);
      expect(outcomes).toEqual(['complete', 'complete']);
      const sent = uploadsSince(before);
      expect(sent.size).toBe(6);
      expect(
        [...sent.values()].every((n) => n === 1),
        JSON.stringify([...sent]),
      ).toBe(true);
      const both = [...photosOf(anna), ...photosOf(ben)];
      expect(both).toHaveLength(10);
      for (const p of both)
        expect([p.file, p.state, p.reading]).toEqual([p.file, 'done', readingOf(p.file)]);
      // Of the four photos both desks hold, each copy was either sent by its desk or names the other.
      const shared = samples.files.slice(1, 5).map((f) => f.relPath);
      for (const file of shared) {
        const whose = both
          .filter((p) => p.file === file)
          .map((p) => p.desk)
          .sort();
        expect(whose.length, file).toBe(2);
        expect(
          [
            ['anna', null],
            ['ben', null],
          ],
          `${file}: ${JSON.stringify(whose)}`,
        ).toContainEqual(whose);
      }
    });
  });

  it('sends without a claim while the office is unreachable, and finishes', async () => {
    const c = cluster();
    const office = await migratedOffice(c, 0);
    const url = await office.deskUrl('carl');
    await c.cluster.halt();
    const session = openSession({
      dbFile: join(t.dir, `carl-${++runs}.sqlite`),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      config: FAST_ENGINE,
      owner: 'desk carl',
    });
    const said: string[] = [];
    try {
      const carl: Desk = {
        name: 'carl',
        session,
        office: await startOfficeDesk({
          store: session.store,
          url,
          desk: 'carl',
          clock: systemClock,
          say: (line) => said.push(line),
        }),
      };
      session.engine.claimUploadsWith(carl.office.claim);
      const before = sandbox.ledger.tasks().length;
      expect(await readAll(carl, folderOf(1, 3))).toBe('complete');
      expect(sandbox.ledger.tasks().length - before).toBe(3);
      expect(photosOf(carl).map((p) => [p.state, p.reading === readingOf(p.file), p.desk])).toEqual(
        Array.from({ length: 3 }, () => ['done', true, null]),
      );
      // Said, not silent (issue 30): another desk may have paid for the same photos.
      expect(carl.office.sentUnclaimed()).toBe(3);
      expect(said.filter((l) => l.includes('without a claim'))).toEqual([
        expect.stringContaining('photos are sent without a claim until it answers'),
        expect.stringContaining('3 photos sent without a claim; another desk may have paid'),
      ]);
    } finally {
      await session.close();
      await c.cluster.resume();
      await office.close();
    }
  });
});
