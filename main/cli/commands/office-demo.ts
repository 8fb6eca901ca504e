// `npm run office:demo` (`meter-desk office demo`): office mode in one command, on nothing but this
// machine. A throwaway PostgreSQL (main/office/local-cluster.ts; where none is installed it says
// so and exits 2), the built-in sandbox, and three desks reading overlapping folders of one route
// at once (every photo is in two desks' folders), each with its own queue, as three PCs would.
// Then the office-wide summary: photos paid for once, each desk's readings, the route progress and
// the office billing CSV. The cluster is stopped and removed at the end, also on Ctrl+C.
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox, type Sandbox } from '../../../sandbox';
import { generateSampleFolder } from '../../../sandbox/samples';
import { progressTotal } from '../../billing/meter-readings';
import { localClusterUnavailable, startLocalCluster } from '../../office/local-cluster';
import { exportOfficeBilling, officeRouteProgress } from '../../office/office-export';
import { openOfficeStore } from '../../office/store/office-store';
import { setUpOffice } from '../../office/store/office-setup';
import { openStore } from '../../store/store';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { writeDemoRoute } from './demo-route';
import { progressLine } from './route-flags';
import { routeTable } from './route-table';
import { runCommand } from './run';

const DESKS = ['anna', 'ben', 'carl'] as const;

export interface DeskFigures {
  desk: string;
  photos: number;
  read: number;
  /** Photos whose reading came from another desk through the office (not sent here). */
  taken: number;
  exitCode: number;
}

export interface OfficeDemoSummary {
  copies: number;
  distinct: number;
  uploads: number;
  /** Distinct photos the service charged for more than once. */
  paidTwice: number;
  desks: DeskFigures[];
  csv: string;
  rows: number;
}

/** Every photo of the sample folder and the route's extra ones, side by side. */
function photoFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && /\.(jpe?g|png)$/i.test(f))
    .sort();
}

/** Desk d's folder: every photo whose place is not d modulo 3, so each is in two folders. */
function deskFolder(dir: string, files: readonly string[], d: number): string {
  const folder = join(dir, `desk-${DESKS[d] ?? d}`);
  mkdirSync(folder, { recursive: true });
  files.forEach((f, i) => {
    // The sample photos carry no camera date: the read date is the file's, kept in the copy.
    if (i % DESKS.length !== d) cpSync(f, join(folder, basename(f)), { preserveTimestamps: true });
  });
  return folder;
}

/** A desk's `run` output kept aside: three desks at once would interleave on one terminal. */
function quietIo(io: CliIo): CliIo & { text: () => string } {
  let text = '';
  return {
    out: (t) => (text += t),
    err: (t) => (text += t),
    isTty: false,
    env: io.env,
    readStdin: io.readStdin,
    text: () => text,
  };
}

function deskFigures(desk: string, dbFile: string, exitCode: number): DeskFigures {
  const store = openStore(dbFile);
  try {
    const counts = store.jobs.counts();
    const taken = store.jobs.officeDesks().reduce((n, d) => n + d.read, 0);
    return { desk, photos: counts.total, read: counts.done, taken, exitCode };
  } finally {
    store.close();
  }
}

export async function officeDemoCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '12' },
      seed: { type: 'string', default: '7' },
      dir: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 3 || count > 2000)
    throw new UsageError('--count takes 3..2000');
  if (!Number.isInteger(seed)) throw new UsageError('--seed takes an integer');
  const missing = localClusterUnavailable();
  if (missing !== null) {
    io.err(`The office demo needs PostgreSQL on this machine: ${missing}.\n`);
    return EXIT.usage;
  }
  const dir = values.dir ?? join(tmpdir(), 'meterdesk-office-demo');
  rmSync(dir, { recursive: true, force: true });
  const say = (line: string): void => {
    if (!values.json) io.err(`${line}\n`);
  };

  const cluster = await startLocalCluster();
  // Whatever ends the process from here (Ctrl+C, a desk's own Ctrl+C handler, an error), the
  // cluster goes with it: 'exit' runs synchronously, so the stop is too.
  const stopOnExit = (): void => {
    cluster.stopNow();
  };
  const interrupted = (): void => {
    io.err('\nInterrupted: stopping the demo and removing its PostgreSQL.\n');
    process.exit(EXIT.incomplete);
  };
  process.once('exit', stopOnExit);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let sandbox: Sandbox | null = null;
  try {
    say(`Office demo in ${dir}`);
    say(`A throwaway PostgreSQL on ${cluster.host}:${String(cluster.port)} (removed at the end).`);
    const office = await setUpOffice(
      (u) => cluster.url(u),
      cluster.url(),
      DESKS.map((d) => d),
    );
    const photos = join(dir, 'photos');
    const manifest = await generateSampleFolder(photos, {
      count,
      seed,
      subfolders: false,
      duplicates: 0,
    });
    const route = await writeDemoRoute(dir, photos, manifest.files, new Date());
    const files = photoFiles(photos);
    sandbox = await createSandbox({ ai: { latencyMs: 300, jitterMs: 150 } });
    say(`Sandbox service on ${sandbox.url}; route sheet ${route.sheet}.`);
    say(
      `Three desks start together; each of the ${String(files.length)} photos is in two desks' folders.`,
    );
    const service = sandbox;
    const runs = DESKS.map(async (name, d) => {
      const folder = deskFolder(dir, files, d);
      const dbFile = join(dir, `${name}.sqlite`);
      const deskIo = quietIo(io);
      const url = office.deskUrls.get(name) ?? '';
      const code = await runCommand(
        [
          folder,
          ...['--route', route.sheet, '--camera-counters'],
          ...['--export', join(dir, `${name}-billing.csv`)],
          ...['--office', url, '--desk', `${name}@demo`, '--json'],
        ],
        deskIo,
        { baseUrl: service.url, apiKey: service.apiKey, sandbox: service, dbFile },
      );
      if (code !== 0)
        io.err(`Desk ${name} stopped with exit code ${String(code)}:\n${deskIo.text()}`);
      return deskFigures(`${name}@demo`, dbFile, code);
    });
    const desks = await Promise.all(runs);

    const csv = join(dir, 'office-billing.csv');
    const reader = openOfficeStore(office.ownerUrl, { desk: 'office demo', max: 1 });
    let routes;
    let written;
    try {
      written = await exportOfficeBilling(reader, csv, null);
      routes = await officeRouteProgress(reader);
    } finally {
      await reader.close();
    }
    const charges = Object.values(service.ledger.quotaCharges());
    const summary: OfficeDemoSummary = {
      copies: desks.reduce((n, d) => n + d.photos, 0),
      distinct: files.length,
      uploads: service.ledger.tasks().length,
      paidTwice: charges.filter((n) => n > 1).length,
      desks,
      csv: written.path,
      rows: written.rows,
    };
    if (values.json) io.out(`${JSON.stringify({ ...summary, routes })}\n`);
    else printSummary(summary, io);
    if (!values.json) {
      io.out(`\n${routeTable(routes)}Office: ${progressLine(progressTotal(routes))}\n`);
      io.out(`\nOffice billing CSV (one row per meter, whichever desk read it): ${written.path}\n`);
    }
    return desks.every((d) => d.exitCode === 0) ? EXIT.ok : EXIT.incomplete;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    process.off('exit', stopOnExit);
    await sandbox?.close();
    await cluster.stop();
    say('The demo PostgreSQL is stopped and removed.');
  }
}

function printSummary(s: OfficeDemoSummary, io: CliIo): void {
  io.out(
    `\nPhotos: ${String(s.distinct)} distinct in ${String(s.copies)} copies over three desks; ` +
      `${String(s.uploads)} uploaded, ${String(s.paidTwice)} paid for twice.\n`,
  );
  for (const d of s.desks) {
    const sent = d.read - d.taken;
    io.out(
      `  ${d.desk}: ${String(d.read)} of ${String(d.photos)} photos read, ${String(sent)} sent by this desk, ` +
        `${String(d.taken)} taken from another desk's reading\n`,
    );
  }
}
