// Issue 30's first "done when": one office run as a whole. A throwaway PostgreSQL, the real sandbox
// over HTTP, real queue files. Desk A loads the route sheet once and reads no photo. Desks B and C
// read overlapping folders at the same time, each a real `meter-desk run` process
// (fixtures/desk-run.ts), neither loading the sheet. B's PC clock runs 15 minutes fast: `run`
// takes no clock, so the fixture moves Date.now(), which the system clock reads, for B's whole
// process. C is SIGKILLed (from here, once the service's ledger has its second upload, before it
// read all its photos; each desk has one photo at a time at the service, so a kill cuts off at
// most one upload), then started again on the same queue file and runs to the end. Then: the
// office-wide export has every meter of the route with the photo's reading, the service's ledger
// shows each photo paid once (one extra allowed for the kill) and no photo sent by both desks
// (B's fast clock took no claim of C's, not even the dead C's), and `routes --office` counts what
// the export holds. Slow (~30 s, ~50 s on a loaded machine): four CLI runs, three of them
// processes, and B waits for the dead C's claims until C is back. office-billing-facts.test.ts
// covers the export from the office's facts in `npm test`, skewed-clock.test.ts the claims of a
// skewed desk, paid-once.test.ts desks at once.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../main/cli/commands/run';
import { writeDemoRoute, type DemoRoute } from '../../main/cli/commands/demo-route';
import { main } from '../../main/cli/main';
import { openStore } from '../../main/store/store';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { SampleManifest } from '../../sandbox/samples';
import { captureIo } from '../helpers/cli-io';
import { cachedSampleFolder } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const NOW = new Date('2026-03-02T08:00:00Z');
const SKEW_MS = 15 * 60_000;
const KEY_A = 'md_sandbox_key_desk_a_000000000';
const KEY_B = 'md_sandbox_key_desk_b_000000000';
const KEY_C = 'md_sandbox_key_desk_c_000000000';
/** C is killed once the service has this many of its uploads. */
const KILL_AFTER = 2;
/** Hang guards for a loaded 2-core machine, not speed checks. */
const DESK_BUDGET_MS = 150_000;

let sandbox: Sandbox;
let t: ReturnType<typeof tempDir>;
let manifest: SampleManifest;
let route: DemoRoute;
let files: string[];

beforeAll(async () => {
  t = tempDir('meterdesk-whole-office-');
  const photos = join(t.dir, 'photos');
  manifest = await cachedSampleFolder(photos, {
    count: 16,
    seed: 37,
    duplicates: 0,
    subfolders: false,
    width: 480,
  });
  route = await writeDemoRoute(t.dir, photos, manifest.files, NOW);
  files = readdirSync(photos, { recursive: true, encoding: 'utf8' })
    .map((f) => join(photos, f))
    .filter((f) => statSync(f).isFile() && /\.(jpe?g|png|webp)$/i.test(f))
    .sort();
  // One account, a key per desk (the ledger tells the desks apart). B's and C's keys have one
  // task at the service at a time: the kill cuts off at most one upload, B does not read every
  // photo before C has begun, and with the AI taking a few hundred ms a photo C is still reading
  // when its second upload is seen.
  sandbox = await createSandbox({
    ai: { latencyMs: 300, jitterMs: 50 },
    keys: [{ key: KEY_A }, { key: KEY_B, concurrency: 1 }, { key: KEY_C, concurrency: 1 }],
  });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  t.cleanup();
});

/** A folder holding copies (same bytes, same file times) of photos `from`..`to` (1-based). */
function folderOf(name: string, from: number, to: number): string {
  const dir = join(t.dir, name);
  mkdirSync(dir);
  for (const f of files.slice(from - 1, to)) {
    cpSync(f, join(dir, f.split('/').pop() ?? f), { preserveTimestamps: true });
  }
  return dir;
}

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

interface DeskProcess {
  ended: Promise<Ended>;
  /** Whether it ended. */
  gone(): boolean;
  /** What it wrote so far, standard output and error in the order written. */
  said(): string;
  kill(): void;
}

interface HeldDesk extends DeskProcess {
  /** Resolves once it is loaded and waits for `go`. */
  ready: Promise<void>;
  go(): void;
}

const READY = 'desk-run: ready\n';

/**
 * `meter-desk run` of one desk in a process of its own (fixtures/desk-run.ts); `held`: it waits
 * for `go` once loaded, so that two desks begin together.
 */
function deskRun(
  args: string[],
  db: string,
  key: string,
  opts: { skewMs?: number } = {},
): HeldDesk {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/office/fixtures/desk-run.ts'], {
    env: {
      ...process.env,
      NO_COLOR: '1',
      MD_ARGS: JSON.stringify([...args, '--db', db]),
      MD_DB: db,
      MD_BASE_URL: sandbox.url,
      MD_API_KEY: key,
      MD_SKEW_MS: String(opts.skewMs ?? 0),
      MD_HOLD: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let gone = false;
  let isReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
    if (output.includes(READY)) isReady();
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), DESK_BUDGET_MS);
  const ended = new Promise<Ended>((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      gone = true;
      isReady();
      resolve({ code, signal, output });
    });
  });
  return {
    ended,
    ready,
    go: () => child.stdin.end('go\n'),
    gone: () => gone,
    said: () => output,
    kill: () => child.kill('SIGKILL'),
  };
}

/** Starts held desks together once each is loaded; a desk that could not load fails the test. */
async function together(...desks: HeldDesk[]): Promise<void> {
  await Promise.all(desks.map((d) => d.ready));
  for (const d of desks) expect(d.gone(), d.said()).toBe(false);
  for (const d of desks) d.go();
}

/** The ledger's uploads by one key, as photo hashes. */
function uploadsOf(key: string): string[] {
  const id = sandbox.ledger.keyId(key);
  return sandbox.ledger
    .tasks()
    .filter((task) => task.keyId === id)
    .map((task) => task.sha256);
}

/** Resolves once `check` holds, looking again every 20 ms; rejects after `ms` (a hang guard). */
async function until(what: () => string, check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited ${String(ms)} ms for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** When a queue's photos were added, on the clock of the desk that added them (ms). */
function createdTimes(db: string): number[] {
  const store = openStore(db);
  try {
    return [...store.queries.iterate({})].map((j) => Date.parse(j.createdAt));
  } finally {
    store.close();
  }
}

/** A CSV line's cells: `;` between them, a quoted cell may hold `;` and doubled quotes. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quoted && c === '"' && line.charAt(i + 1) === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ';' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

/** The CSV's rows as records by its header, without the BOM. */
function csvRecords(file: string): Record<string, string>[] {
  const [head = '', ...lines] = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const names = cellsOf(head);
  return lines.map((l) => {
    const cells = cellsOf(l);
    expect(cells).toHaveLength(names.length);
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

/** Each photographed meter's true reading: the photo's marker (IMG_0007.jpg shows meter 0007). */
function truth(): Map<string, string> {
  const byMeter = new Map<string, string>([
    ['WM-7001', '00004.120'],
    ['WM-7002', '00002.500'],
  ]);
  for (const f of manifest.files) {
    const meter = /(\d{4})\.[a-z]+$/i.exec(f.relPath)?.[1];
    if (meter !== undefined && f.reading !== null) byMeter.set(meter, f.reading);
  }
  return byMeter;
}

/** Each photo charged once, one extra allowed for the one kill; no photo sent by both desks. */
function expectPaidOnce(deadClaims: readonly string[]): void {
  const distinct = new Set(sandbox.ledger.tasks().map((task) => task.sha256));
  expect(distinct.size).toBe(files.length);
  const charges = sandbox.ledger.quotaCharges();
  const paid = Object.values(charges).reduce((n, c) => n + c, 0);
  expect(Object.keys(charges).sort()).toEqual([...distinct].sort());
  expect(paid - distinct.size, JSON.stringify(charges)).toBeLessThanOrEqual(1);
  expect(sandbox.ledger.tasks().length - distinct.size).toBeLessThanOrEqual(1);
  // The fast clock took no claim of C's, alive or dead.
  const byBen = new Set(uploadsOf(KEY_B));
  expect(uploadsOf(KEY_C).filter((sha) => byBen.has(sha))).toEqual([]);
  expect(deadClaims.filter((sha) => byBen.has(sha))).toEqual([]);
}

/**
 * The office-wide export, as `export --office` writes it: every meter of the route once, each
 * photographed one with its photo's reading and a read date from the photo, not from B's clock;
 * the one nobody photographed without. Its rows.
 */
async function expectOfficeExport(url: string): Promise<Record<string, string>[]> {
  const csv = join(t.dir, 'office.csv');
  const io = captureIo({ METER_DESK_OFFICE_URL: url });
  expect(await main(['export', csv, '--db', NO_QUEUE(), '--desk', 'dora@pc'], io), io.all()).toBe(
    0,
  );
  const rows = csvRecords(csv);
  const onSheet = [...route.expected].filter(([, kind]) => kind !== 'no_meter');
  expect(rows.map((r) => r.meter_id).sort()).toEqual(onSheet.map(([m]) => m).sort());
  const byMeter = new Map(rows.map((r) => [r.meter_id ?? '', r]));
  const readings = truth();
  const photographed = onSheet.filter(([, kind]) => kind !== 'no_photo').map(([m]) => m);
  expect(photographed.length).toBeGreaterThan(10);
  for (const meter of photographed) {
    const row = byMeter.get(meter);
    expect(row?.reading?.replace(',', '.'), meter).toBe(readings.get(meter));
    expect(Date.parse(row?.read_at ?? ''), meter).toBeLessThanOrEqual(Date.now());
  }
  expect(rows.filter((r) => r.reading === '').map((r) => r.meter_id)).toEqual(
    onSheet.filter(([, kind]) => kind === 'no_photo').map(([m]) => m),
  );
  return rows;
}

/** `routes --office` counts the export's rows route by route; its field list is the unread. */
async function expectRoutesAsExport(url: string, rows: Record<string, string>[]): Promise<void> {
  const io = captureIo({});
  const field = join(t.dir, 'field.csv');
  const args = ['routes', '--office', url, '--db', NO_QUEUE(), '--missing', field, '--json'];
  expect(await main(args, io), io.all()).toBe(0);
  const counted = JSON.parse(io.stdout()) as {
    routes: { route: string | null; meters: number; read: number }[];
    missing: { meterId: string }[];
  };
  const exported = new Map<string, { meters: number; read: number }>();
  for (const r of rows) {
    const n = exported.get(r.route ?? '') ?? { meters: 0, read: 0 };
    exported.set(r.route ?? '', { meters: n.meters + 1, read: n.read + (r.reading ? 1 : 0) });
  }
  const byRoute = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
  expect(
    counted.routes
      .map((r): [string, unknown] => [r.route ?? '', { meters: r.meters, read: r.read }])
      .sort(byRoute),
  ).toEqual([...exported].sort(byRoute));
  expect(counted.missing.map((m) => m.meterId).sort()).toEqual(
    rows.filter((r) => r.reading === '').map((r) => r.meter_id),
  );
  // And in words, as a supervisor reads it.
  const words = captureIo({});
  expect(await main(['routes', '--office', url, '--db', NO_QUEUE()], words), words.all()).toBe(0);
  const read = rows.filter((r) => r.reading !== '').length;
  expect(words.stdout().trim().split('\n').at(-1)).toMatch(
    new RegExp(`^Office: .*; ${String(read)} read$`),
  );
}

/** A queue file that does not exist: the office's commands publish no desk's queue first. */
const NO_QUEUE = () => join(t.dir, 'no-queue-here.sqlite');

describe.skipIf(officeSkip !== null)('one office run', () => {
  const running: DeskProcess[] = [];
  afterEach(() => {
    for (const desk of running.splice(0)) desk.kill();
  });

  it('a sheet loaded once, a desk killed, a fast clock: every meter read, each photo paid once', async () => {
    const o = await migratedOffice(cluster(), 0);
    const office = async (who: string) => ['--office', await o.deskUrl(who), '--desk', `${who}@pc`];
    try {
      // A loads the sheet (mapping and all, as `run --route` does) and reads no photo.
      const annaDb = join(t.dir, 'anna.sqlite');
      const io = captureIo({});
      const anna = await runCommand(
        [folderOf('anna', 1, 0), '--route', route.sheet, '--db', annaDb, ...(await office('anna'))],
        io,
        { baseUrl: sandbox.url, apiKey: KEY_A, sandbox: null, dbFile: annaDb },
      );
      expect(anna, io.all()).toBe(0);
      expect(sandbox.ledger.tasks()).toEqual([]);

      // B (clock 15 minutes fast) reads every photo, C (on time) the last 13 of them, both at
      // once and one photo at a time at the service, so that a kill cuts off at most one upload.
      const each = ['--camera-counters', '--batch', 'never'];
      const benArgs = [folderOf('ben', 1, files.length), ...each, ...(await office('ben'))];
      const carlArgs = [folderOf('carl', 6, files.length), ...each, ...(await office('carl'))];
      const benDb = join(t.dir, 'ben.sqlite');
      const carlDb = join(t.dir, 'carl.sqlite');
      const started = Date.now();
      const ben = deskRun(benArgs, benDb, KEY_B, { skewMs: SKEW_MS });
      const carl = deskRun(carlArgs, carlDb, KEY_C);
      running.push(ben, carl);
      await together(ben, carl);

      await until(
        () => `C's upload ${String(KILL_AFTER)}; C said:\n${carl.said()}\nB said:\n${ben.said()}`,
        () => uploadsOf(KEY_C).length >= KILL_AFTER || carl.gone(),
        120_000,
      );
      expect(carl.gone(), carl.said()).toBe(false);
      carl.kill();
      const killed = await carl.ended;
      expect(killed.signal, killed.output).toBe('SIGKILL');
      // Killed mid-run: not every photo of C's was read, and C died holding claims (the photo
      // whose upload it cut off among them), each of a photo in B's folder too.
      const cut = openStore(carlDb);
      try {
        const counts = cut.jobs.counts();
        expect(counts.done, killed.output).toBeLessThan(counts.total);
      } finally {
        cut.close();
      }
      const held = await cluster()
        .adminOn(o.database)
        .query<{ sha256: string }>(
          `SELECT sha256 FROM photos WHERE state = 'claimed' AND desk LIKE 'carl@pc#%'`,
        );
      const deadClaims = held.rows.map((r) => r.sha256);
      expect(deadClaims.length, killed.output).toBeGreaterThan(0);

      // B goes on while C is away: it reads every photo but those C holds, and waits for them
      // rather than taking them over (its clock says C's leases ran out minutes ago). C is
      // started again on the same queue once B has read all it may, and runs to the end.
      const others = files.map(sha256Of).filter((sha) => !deadClaims.includes(sha));
      await until(
        () => `B's reading of the photos C does not hold; B said:\n${ben.said()}`,
        () => {
          const sent = new Set(sandbox.ledger.tasks().map((task) => task.sha256));
          return others.every((sha) => sent.has(sha)) || ben.gone();
        },
        120_000,
      );
      const restarted = deskRun(carlArgs, carlDb, KEY_C);
      running.push(restarted);
      await together(restarted);
      const again = await restarted.ended;
      const benEnded = await ben.ended;
      expect(again.code, again.output).toBe(0);
      expect(benEnded.code, benEnded.output).toBe(0);
      // Both took the sheet from the office (C before it was killed); none sent a photo
      // unclaimed; B took C's readings of the photos C held when it died.
      expect(killed.output).toMatch(/Office: took 2 routes loaded at another desk/);
      expect(benEnded.output).toMatch(/Office: took 2 routes loaded at another desk/);
      for (const said of [killed.output, again.output, benEnded.output]) {
        expect(said).not.toContain('without a claim');
      }
      const tookFromCarl = /Office: (\d+) photos? took carl@pc's readings/.exec(benEnded.output);
      expect(Number(tookFromCarl?.[1]), benEnded.output).toBeGreaterThanOrEqual(deadClaims.length);
      // B's queue was kept on its fast clock, C's on the right one.
      expect(createdTimes(benDb).every((at) => at >= started + SKEW_MS - 60_000)).toBe(true);
      expect(createdTimes(carlDb).every((at) => at <= Date.now())).toBe(true);

      expectPaidOnce(deadClaims);
      const url = await o.deskUrl('dora');
      const rows = await expectOfficeExport(url);
      await expectRoutesAsExport(url, rows);
    } finally {
      await o.close();
    }
  }, 300_000);
});
