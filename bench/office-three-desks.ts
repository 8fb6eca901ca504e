// Office mode, three desks over overlapping folders of one route (issue 23, item 3): each photo is
// in the folders of two desks (same bytes), and the three run at once against one sandbox (one
// API key, as an office with one account). Without an office every copy is uploaded; with one
// (a throwaway local PostgreSQL) each distinct photo should be uploaded and paid for once. Prints
// uploads, fresh (charged) readings, photos paid twice, copies left without a reading, and the
// wall time of the three runs. Run alone with `npx tsx bench/office-three-desks.ts [--quick]`.
// Needs PostgreSQL installed (Debian: apt install postgresql); without it the table says so.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSession, type Session } from '../main/actions/session';
import { startLocalCluster } from '../main/office/local-cluster';
import { startOfficeDesk, type OfficeDesk } from '../main/office/office-desk';
import { openOfficeDb } from '../main/office/store/office-db';
import { openOfficeStore } from '../main/office/store/office-store';
import { systemClock } from '../main/time/clock';
import { createSandbox } from '../sandbox';
import { generateSampleFolder } from '../sandbox/samples';
import type { Benchmark, BenchOptions } from './benchmark';
import { loadNow } from './lib/machine';
import {
  officeBenchmark,
  officeBenchStart,
  officeNotes,
  type OfficeReportHead,
} from './lib/office-bench';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

const DESKS = 3;
/** Issue 30: 24 desks started together on one office, each photo in four of their folders. */
const MANY_DESKS = 24;
const MANY_COPIES = 4;

/** No office; an office the desks reach; an office stopped for the whole run. */
export type OfficeCase = 'none' | 'reachable' | 'unreachable';

export interface DeskRunFigures {
  readonly office: OfficeCase;
  readonly desks: number;
  /** Photo files over all desks' folders (each distinct photo is in two). */
  readonly copies: number;
  readonly distinct: number;
  /** Tasks the sandbox created (uploads). */
  readonly uploads: number;
  /** Readings the sandbox charged for (fresh). */
  readonly charged: number;
  /** Distinct photos charged for more than once. */
  readonly paidTwice: number;
  /** Copies that did not end with a reading. */
  readonly unread: number;
  /** Copies that took another desk's reading from the office. */
  readonly taken: number;
  readonly wallMs: number;
}

export interface OfficeThreeDesksReport extends OfficeReportHead<'office-three-desks'> {
  readonly loadAfter: number;
  readonly skipped: string | null;
  readonly runs: readonly DeskRunFigures[];
}

/**
 * Desk d's folder of `desks`: each photo in `copies` folders spread over the desks (three desks:
 * every photo whose number is not d modulo 3, so each is in two).
 */
function deskFolders(
  dir: string,
  photos: readonly string[],
  from: string,
  desks: number,
  copies: number,
): string[] {
  const step = desks / copies;
  return Array.from({ length: desks }, (_, d) => {
    const folder = join(dir, `desks-${String(desks)}-${String(d)}`);
    mkdirSync(folder, { recursive: true });
    photos.forEach((name, i) => {
      const holders = Array.from({ length: copies }, (_, k) => (i + Math.round(k * step)) % desks);
      if (holders.includes(d)) copyFileSync(join(from, name), join(folder, name));
    });
    return folder;
  });
}

async function deskRun(
  dir: string,
  folders: readonly string[],
  officeUrl: string | null,
  distinct: number,
  office: OfficeCase,
): Promise<DeskRunFigures> {
  const sandbox = await createSandbox({ ai: { latencyMs: 400, jitterMs: 100, parallel: 8 } });
  const tag = `${office}-${String(folders.length)}`;
  const desks: { session: Session; office: OfficeDesk | null }[] = [];
  try {
    for (let d = 0; d < folders.length; d++) {
      const session = openSession({
        dbFile: join(dir, `${tag}-${String(d)}.sqlite`),
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
      });
      const desk = officeUrl
        ? await startOfficeDesk({
            store: session.store,
            url: officeUrl,
            desk: `desk-${String(d)}`,
            clock: systemClock,
            say: () => undefined,
            claims: { recheckMs: 1_000 },
            publishEveryMs: 250,
          })
        : null;
      if (desk) session.engine.claimUploadsWith(desk.claim);
      desks.push({ session, office: desk });
    }
    const started = performance.now();
    await Promise.all(
      desks.map(async ({ session }, d) => {
        await session.actions.addPhotos([folders[d] ?? '']);
        await session.engine.start();
        await session.engine.waitSettled();
      }),
    );
    const wallMs = performance.now() - started;
    let unread = 0;
    let taken = 0;
    let copies = 0;
    for (const { session } of desks) {
      const counts = session.store.jobs.counts();
      copies += counts.total;
      unread += counts.total - counts.done;
      taken += session.store.jobs.officeDesks().reduce((n, o) => n + o.read, 0);
    }
    const charges = Object.values(sandbox.ledger.quotaCharges());
    return {
      office,
      desks: folders.length,
      copies,
      distinct,
      uploads: sandbox.ledger.tasks().length,
      charged: charges.reduce((a, b) => a + b, 0),
      paidTwice: charges.filter((n) => n > 1).length,
      unread,
      taken,
      wallMs,
    };
  } finally {
    for (const { session, office } of desks) {
      await session.engine.stop();
      await office?.finish(5_000);
      await session.close();
    }
    await sandbox.close();
  }
}

export async function runOfficeThreeDesks(options: BenchOptions): Promise<OfficeThreeDesksReport> {
  const { head, skipped } = officeBenchStart('office-three-desks', options.quick);
  if (skipped) {
    options.log(`skipped: ${skipped}`);
    return { ...head, loadAfter: loadNow(), skipped, runs: [] };
  }
  const photos = options.quick ? 12 : 60;
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-bench-office-'));
  const cluster = await startLocalCluster();
  try {
    const samples = join(dir, 'route');
    const manifest = await generateSampleFolder(samples, {
      count: photos,
      seed: 23,
      duplicates: 0,
      subfolders: false,
      width: 480,
    });
    const names = manifest.files.map((f) => f.relPath);
    const folders = deskFolders(dir, names, samples, DESKS, 2);
    const many = deskFolders(dir, names, samples, MANY_DESKS, MANY_COPIES);
    options.log(`${String(DESKS)} desks, ${String(photos)} photos, each in two desks' folders`);
    const owner = openOfficeStore(cluster.url());
    await owner.migrate();
    await owner.close();
    const alone = await deskRun(dir, folders, null, names.length, 'none');
    const withOffice = await deskRun(dir, folders, cluster.url(), names.length, 'reachable');
    // The office's server stopped for the whole run: every desk sends without a claim.
    await cluster.halt();
    const away = await deskRun(dir, folders, cluster.url(), names.length, 'unreachable');
    await cluster.resume();
    options.log(
      `${String(MANY_DESKS)} desks, each photo in ${String(MANY_COPIES)} of their folders`,
    );
    // An office of its own: the one above has read every photo already.
    const admin = openOfficeDb(cluster.url(), { max: 1 });
    await admin.query('CREATE DATABASE crowd').finally(() => admin.end());
    const crowdUrl = cluster.url({ database: 'crowd' });
    const crowdOwner = openOfficeStore(crowdUrl);
    await crowdOwner.migrate().finally(() => crowdOwner.close());
    const crowd = await deskRun(dir, many, crowdUrl, names.length, 'reachable');
    return { ...head, loadAfter: loadNow(), skipped: null, runs: [alone, withOffice, away, crowd] };
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function officeThreeDesksTable(r: OfficeThreeDesksReport): BenchTable {
  return {
    title: 'Office: 3 and 24 desks at once over overlapping folders of one route (one API key)',
    columns: [
      'desks',
      'office',
      'copies',
      'distinct',
      'uploads',
      'charged',
      'paid twice',
      'taken from office',
      'unread',
      'wall s',
    ],
    rows: r.runs.map((x) => [
      x.desks,
      x.office,
      x.copies,
      x.distinct,
      x.uploads,
      x.charged,
      x.paidTwice,
      x.taken,
      x.unread,
      Math.round(x.wallMs / 100) / 10,
    ]),
    notes: officeNotes(
      r,
      [
        'Each photo is in two desks\u2019 folders (same bytes); the three desks start together on one sandbox (AI 400 \u00b1 100 ms). Without an office a copy read after the first is answered from the service\u2019s cache (free, still uploaded); copies read at the same time are both charged.',
        'unreachable: the office\u2019s server stopped for the whole run; each desk sends without a claim (what an outage costs: as without an office, at most one extra payment per photo two desks hold).',
        '24 desks (issue 30): every photo in four desks\u2019 folders, the 24 started together on one office; the target is uploads equal to distinct photos.',
      ],
      'Target (issue 23): distinct photos paid for once with an office; every copy with its reading.',
    ),
  };
}

export const officeThreeDesksBenchmark: Benchmark = officeBenchmark(
  'office-three-desks',
  'three desks over overlapping folders, with and without an office (PostgreSQL)',
  runOfficeThreeDesks,
  officeThreeDesksTable,
);

runAloneIfMain(officeThreeDesksBenchmark, import.meta.url);
