// Office mode, the office's PostgreSQL stopped mid-run (issue 23, item 2): three desks read their
// own folders against one sandbox and a throwaway local PostgreSQL; a few seconds in, the server is
// stopped for 30 s (quick: 5 s) and started again. Prints the readings the desks finished while it
// was down (they keep reading), the readings in the office against the readings the desks' queues
// finished (each published once: duplicates 0, lost 0), and the time from the restart until the
// office held every reading finished before it (the outboxes' backlog drained). Run alone with
// `npx tsx bench/office-outage.ts [--quick]`. Needs PostgreSQL installed; without it the table says so.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSession, type Session } from '../main/actions/session';
import type { LocalCluster } from '../main/office/local-cluster';
import { startOfficeDesk, type OfficeDesk } from '../main/office/office-desk';
import { openOfficeDb } from '../main/office/store/office-db';
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
import { withMigratedCluster } from './lib/office-cluster';
import { publishedOnce, type DeskReading, type PublishedOnce } from './lib/office-counts';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

const DESKS = 3;

export interface OfficeOutageFigures extends PublishedOnce {
  readonly desks: number;
  readonly photos: number;
  readonly stopAtMs: number;
  /** How long the server was down (halt finished → resume finished). */
  readonly downMs: number;
  /** Readings the desks finished while the server was down. */
  readonly readDuringStop: number;
  /** Tasks the sandbox created (uploads) while the server was down. */
  readonly uploadsDuringStop: number;
  /** Restart → the office holds every reading the desks had finished at the restart. */
  readonly drainMs: number;
  /** Copies that did not end with a reading. */
  readonly unread: number;
  readonly wallMs: number;
}

export interface OfficeOutageReport extends OfficeReportHead<'office-outage'> {
  readonly loadAfter: number;
  readonly skipped: string | null;
  readonly run: OfficeOutageFigures | null;
}

interface Desk {
  readonly name: string;
  readonly session: Session;
  readonly office: OfficeDesk;
}

function finishedReadings(desks: readonly Desk[]): DeskReading[] {
  return desks.flatMap(({ name, session }) =>
    session.store.db
      .prepare<[], { sha256: string }>(
        "SELECT sha256 FROM jobs WHERE state = 'done' AND office_desk IS NULL AND sha256 IS NOT NULL",
      )
      .all()
      .map((r) => ({ desk: name, sha256: r.sha256 })),
  );
}

export interface OutageRun {
  readonly photosPerDesk: number;
  readonly stopAtMs: number;
  readonly stopMs: number;
  /** AI time per photo and tasks at once per desk: what paces the run. */
  readonly aiMs: number;
  readonly concurrency: number;
}

/** One run on a migrated office: desks read, the server stops and comes back, all is counted. */
export async function outageRun(
  cluster: LocalCluster,
  dir: string,
  run: OutageRun,
  log: (line: string) => void,
): Promise<OfficeOutageFigures> {
  const keys = Array.from({ length: DESKS }, (_, d) => ({
    key: `outage-desk-${String(d)}`,
    concurrency: run.concurrency,
  }));
  const sandbox = await createSandbox({
    keys,
    ai: { latencyMs: run.aiMs, jitterMs: run.aiMs / 5 },
  });
  const desks: Desk[] = [];
  try {
    for (let d = 0; d < DESKS; d++) {
      const name = `desk-${String(d)}`;
      const folder = join(dir, name);
      mkdirSync(folder, { recursive: true });
      await generateSampleFolder(folder, {
        count: run.photosPerDesk,
        seed: 100 + d,
        duplicates: 0,
        subfolders: false,
        width: 320,
      });
      const session = openSession({
        dbFile: join(dir, `${name}.sqlite`),
        baseUrl: sandbox.url,
        apiKey: keys[d]?.key ?? '',
      });
      const office = await startOfficeDesk({
        store: session.store,
        url: cluster.url(),
        desk: name,
        clock: systemClock,
        say: () => undefined,
        publishEveryMs: 250,
      });
      session.engine.claimUploadsWith(office.claim);
      await session.actions.addPhotos([folder]);
      desks.push({ name, session, office });
    }
    const done = (): number => desks.reduce((n, d) => n + d.session.store.jobs.counts().done, 0);
    const started = performance.now();
    const settled = Promise.all(
      desks.map(async ({ session }) => {
        await session.engine.start();
        await session.engine.waitSettled();
      }),
    );
    await sleep(run.stopAtMs);
    await cluster.halt();
    const haltedAt = performance.now();
    const doneAtHalt = done();
    const uploadsAtHalt = sandbox.ledger.tasks().length;
    log(`server stopped with ${String(doneAtHalt)} read; down for ${String(run.stopMs / 1000)} s`);
    await sleep(run.stopMs);
    await cluster.resume();
    const resumedAt = performance.now();
    const doneAtResume = done();
    const uploadsDuringStop = sandbox.ledger.tasks().length - uploadsAtHalt;
    const pool = openOfficeDb(cluster.url(), { max: 1 });
    let drainMs = NaN;
    try {
      for (let i = 0; i < 1_200 && Number.isNaN(drainMs); i++) {
        const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM readings');
        if (Number(rows[0]?.n ?? 0) >= doneAtResume) drainMs = performance.now() - resumedAt;
        else await sleep(50);
      }
      await settled;
      const wallMs = performance.now() - started;
      for (const desk of desks) {
        await desk.session.engine.stop();
        await desk.office.finish(30_000);
      }
      const { rows } = await pool.query<DeskReading>('SELECT desk, sha256 FROM readings');
      const unread = desks.reduce((n, { session }) => {
        const c = session.store.jobs.counts();
        return n + c.total - c.done;
      }, 0);
      return {
        desks: DESKS,
        photos: DESKS * run.photosPerDesk,
        stopAtMs: run.stopAtMs,
        downMs: resumedAt - haltedAt,
        readDuringStop: doneAtResume - doneAtHalt,
        uploadsDuringStop,
        drainMs,
        unread,
        wallMs,
        ...publishedOnce(finishedReadings(desks), rows),
      };
    } finally {
      await pool.end();
    }
  } finally {
    for (const { session } of desks) {
      await session.engine.stop();
      await session.close();
    }
    await sandbox.close();
  }
}

export async function runOfficeOutage(options: BenchOptions): Promise<OfficeOutageReport> {
  const { head, skipped } = officeBenchStart('office-outage', options.quick);
  if (skipped) {
    options.log(`skipped: ${skipped}`);
    return { ...head, loadAfter: loadNow(), skipped, run: null };
  }
  const run: OutageRun = options.quick
    ? { photosPerDesk: 12, stopAtMs: 1_500, stopMs: 5_000, aiMs: 1_000, concurrency: 2 }
    : { photosPerDesk: 60, stopAtMs: 8_000, stopMs: 30_000, aiMs: 1_500, concurrency: 2 };
  return withMigratedCluster('meterdesk-bench-outage-', async (cluster, dir) => {
    options.log(`${String(DESKS)} desks, ${String(DESKS * run.photosPerDesk)} photos`);
    const figures = await outageRun(cluster, dir, run, (line) => {
      options.log(line);
    });
    return { ...head, loadAfter: loadNow(), skipped: null, run: figures };
  });
}

export function officeOutageTable(r: OfficeOutageReport): BenchTable {
  const x = r.run;
  const s = (ms: number): number | null => (Number.isFinite(ms) ? Math.round(ms / 100) / 10 : null);
  return {
    title: 'Office: the office\u2019s PostgreSQL stopped mid-run, three desks reading',
    columns: [
      'desks',
      'photos',
      'stopped after s',
      'down s',
      'read while down',
      'uploads while down',
      'finished',
      'in office',
      'duplicates',
      'lost',
      'restart \u2192 drained s',
      'unread',
      'wall s',
    ],
    rows: x
      ? [
          [
            x.desks,
            x.photos,
            s(x.stopAtMs),
            s(x.downMs),
            x.readDuringStop,
            x.uploadsDuringStop,
            x.finished,
            x.published,
            x.duplicates,
            x.lost + x.stray,
            s(x.drainMs),
            x.unread,
            s(x.wallMs),
          ],
        ]
      : [],
    notes: officeNotes(
      r,
      [
        `Each desk reads its own folder with its own key (2 tasks at once, so uploads go on through the stop); the server is stopped with pg_ctl (fast) ${r.quick ? 'for 5 s (quick; the full run stops it for 30 s)' : 'for 30 s'}. "finished": readings the desks\u2019 queues finished; "in office": rows in the office\u2019s readings table; "lost" counts finished readings without a row and rows no queue finished.`,
        '"restart \u2192 drained": from the server answering again until the office held every reading finished at the restart; the outbox retries after 1 s, then 2, 4 ... up to 60 s while the office is away, so this is mostly the wait for its next attempt.',
      ],
      'Targets (issue 23): desks keep reading while the office is down; after restart every reading published once: duplicates 0, lost 0.',
    ),
  };
}

export const officeOutageBenchmark: Benchmark = officeBenchmark(
  'office-outage',
  'the office database stopped mid-run: desks read on, every reading published once (PostgreSQL)',
  runOfficeOutage,
  officeOutageTable,
);

runAloneIfMain(officeOutageBenchmark, import.meta.url);
