// The quality check before upload (issue 25): what it costs per 12-megapixel JPEG (decode
// included, beside sharp's plain decode of the same file), how well it tells the generator's
// unreadable photos (blurred, dark, overexposed, tiny) from good ones, and what it does to a whole
// run when the service is the limit. Run alone with `npx tsx bench/photo-checks.ts [--quick]`.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_PHOTO_CHECK_THRESHOLDS, holdReasonOf } from '../common/photo-checks';
import { openSession } from '../main/actions/session';
import { CheckPool, sharedCheckPool } from '../main/photo-checks/check-pool';
import { measurePhoto } from '../main/photo-checks/measure';
import { createSandbox } from '../sandbox';
import { flawPhoto, generateSampleFolder, PHOTO_FLAWS, renderMeterPhoto } from '../sandbox/samples';
import type { Benchmark, BenchOptions } from './benchmark';
import { codeReads, type CodeReadFigures } from './lib/code-reads';
import { writeResult } from './lib/results';
import { renderTable, type BenchTable } from './lib/table';

export const TARGETS = {
  checkMs: 100,
  badHeld: 80,
  goodHeld: 2,
  runRatio: 1.05,
  codeReadMs: 250,
  swappedFlagged: 99,
} as const;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

interface CostFigures {
  megapixels: number;
  bytes: number;
  decodeMs: number;
  checkMs: number;
  checkInWorkerMs: number;
}

/** A 4,000 x 3,000 JPEG: sharp's plain decode, the check in this thread and in its worker. */
async function cost(dir: string, repeats: number): Promise<CostFigures> {
  const file = join(dir, 'twelve-megapixels.jpg');
  const photo = await renderMeterPhoto({ reading: '04711.815', format: 'jpeg', width: 4000 });
  writeFileSync(file, photo);
  const pool = new CheckPool();
  try {
    await pool.measure(file); // the worker's start is not the photo's cost
    await measurePhoto(file);
    const decode: number[] = [];
    const check: number[] = [];
    const worker: number[] = [];
    for (let i = 0; i < repeats; i++) {
      decode.push(await timed(() => sharp(file).raw().toBuffer()));
      check.push(await timed(() => measurePhoto(file)));
      worker.push(await timed(() => pool.measure(file)));
    }
    return {
      megapixels: 12,
      bytes: photo.length,
      decodeMs: median(decode),
      checkMs: median(check),
      checkInWorkerMs: median(worker),
    };
  } finally {
    await pool.close();
  }
}

interface HeldFigures {
  good: number;
  goodHeld: number;
  bad: number;
  badHeld: number;
  byFlaw: Record<string, { of: number; held: number }>;
}

/** Good photos at several sizes and a flawed copy of each: how many of each kind are held. */
async function heldRates(dir: string, count: number): Promise<HeldFigures> {
  const widths = [640, 1024, 1600, 2048];
  const out: HeldFigures = { good: 0, goodHeld: 0, bad: 0, badHeld: 0, byFlaw: {} };
  for (let i = 0; i < count; i++) {
    const width = widths[i % widths.length] ?? 640;
    const reading = `${String(10000 + i * 37)}.${String(i % 1000).padStart(3, '0')}`;
    const good = await renderMeterPhoto({ reading, format: 'jpeg', width, seed: 1000 + i });
    const flaw = PHOTO_FLAWS[i % PHOTO_FLAWS.length] ?? 'blurred';
    const bad = await flawPhoto(good, 'jpeg', flaw);
    const goodFile = join(dir, `good-${String(i)}.jpg`);
    const badFile = join(dir, `bad-${String(i)}.jpg`);
    writeFileSync(goodFile, good);
    writeFileSync(badFile, bad);
    const t = DEFAULT_PHOTO_CHECK_THRESHOLDS;
    const goodHeld = holdReasonOf(await measurePhoto(goodFile), t) !== null;
    const badHeld = holdReasonOf(await measurePhoto(badFile), t) !== null;
    out.good++;
    if (goodHeld) out.goodHeld++;
    out.bad++;
    if (badHeld) out.badHeld++;
    const f = (out.byFlaw[flaw] ??= { of: 0, held: 0 });
    f.of++;
    if (badHeld) f.held++;
  }
  return out;
}

interface RunFigures {
  photos: number;
  withoutMs: number;
  withMs: number;
}

/** A whole run of good photos through a slow service (the AI the limit), checks off and on. */
async function wholeRun(dir: string, photos: number, rounds: number): Promise<RunFigures> {
  const folder = join(dir, 'run-photos');
  await generateSampleFolder(folder, {
    count: photos,
    seed: 25,
    width: 1600,
    duplicates: 0,
    subfolders: false,
    formats: ['jpeg'],
  });
  // From the sources each check worker compiles its TypeScript through tsx when it starts (about
  // half a second a worker here); the installed app's worker is a bundle. The pool's workers are
  // started before the timed run, as a running window has them, so that cost is not counted.
  const names = readdirSync(folder).sort();
  const warm = async (): Promise<void> => {
    const pool = sharedCheckPool();
    await pool.measure(join(folder, names[0] ?? ''));
    await Promise.all(pool.codeLanes.map((_, i) => pool.readCodes(join(folder, names[i] ?? ''))));
  };
  const run = async (photoChecks: boolean, n: number): Promise<number> => {
    const sandbox = await createSandbox({ ai: { latencyMs: 1500, jitterMs: 0, parallel: 4 } });
    const session = openSession({
      dbFile: join(dir, `queue-${String(n)}.sqlite`),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      config: { photoChecks, batchMode: 'never', maxConcurrency: 4 },
    });
    try {
      await session.actions.addPhotos([folder]);
      if (photoChecks) await warm();
      const started = performance.now();
      await session.engine.start();
      await session.engine.waitSettled();
      return performance.now() - started;
    } finally {
      await session.close();
      await sandbox.close();
    }
  };
  // Alternated and the medians taken: one run against one other differs by a few per cent here.
  const without: number[] = [];
  const withChecks: number[] = [];
  for (let i = 0; i < rounds; i++) {
    without.push(await run(false, 2 * i + 1));
    withChecks.push(await run(true, 2 * i + 2));
  }
  return { photos, withoutMs: median(without), withMs: median(withChecks) };
}

export interface PhotoChecksReport {
  benchmark: 'photo-checks';
  quick: boolean;
  cost: CostFigures;
  held: HeldFigures;
  run: RunFigures;
  codes: CodeReadFigures;
}

export async function runPhotoChecks(quick: boolean, log: (l: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-bench-checks-'));
  try {
    log('12-megapixel JPEG: decode and check');
    const costs = await cost(dir, quick ? 3 : 9);
    log('held rates on generated photos');
    const held = await heldRates(dir, quick ? 24 : 200);
    log('whole run, service the limit, checks off and on');
    const run = await wholeRun(dir, quick ? 8 : 40, quick ? 1 : 3);
    log('meter codes: a 12-MP read, swapped and correct photos');
    const codes = await codeReads(dir, quick ? 2 : 9, quick ? 8 : 200, quick ? 8 : 100);
    return {
      benchmark: 'photo-checks',
      quick,
      cost: costs,
      held,
      run,
      codes,
    } satisfies PhotoChecksReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (n: number, of: number): number => (100 * n) / Math.max(1, of);

export function photoChecksTable(r: PhotoChecksReport): BenchTable {
  const ratio = r.run.withMs / Math.max(1, r.run.withoutMs);
  const flaws = Object.entries(r.held.byFlaw)
    .map(([k, v]) => `${k} ${String(v.held)}/${String(v.of)}`)
    .join(', ');
  return {
    title: `Photo checks${r.quick ? ' (quick)' : ''}`,
    columns: ['measure', 'target', 'measured', 'met'],
    rows: [
      [
        'quality check of a 12-MP JPEG, decode included (ms)',
        `≤ ${String(TARGETS.checkMs)}`,
        `${r.cost.checkMs.toFixed(0)} here, ${r.cost.checkInWorkerMs.toFixed(0)} through the worker; sharp's plain decode ${r.cost.decodeMs.toFixed(0)}`,
        r.cost.checkMs <= TARGETS.checkMs ? 'yes' : 'no',
      ],
      [
        'bad photos held (%)',
        `≥ ${String(TARGETS.badHeld)}`,
        `${pct(r.held.badHeld, r.held.bad).toFixed(1)} (${flaws})`,
        pct(r.held.badHeld, r.held.bad) >= TARGETS.badHeld ? 'yes' : 'no',
      ],
      [
        'good photos held (%)',
        `≤ ${String(TARGETS.goodHeld)}`,
        `${pct(r.held.goodHeld, r.held.good).toFixed(1)} of ${String(r.held.good)}`,
        pct(r.held.goodHeld, r.held.good) <= TARGETS.goodHeld ? 'yes' : 'no',
      ],
      [
        `whole run with checks / without, ${String(r.run.photos)} photos, service the limit`,
        `≤ ${String(TARGETS.runRatio)}`,
        `${ratio.toFixed(3)} (${(r.run.withMs / 1000).toFixed(1)} s / ${(r.run.withoutMs / 1000).toFixed(1)} s)`,
        ratio <= TARGETS.runRatio ? 'yes' : 'no',
      ],
      [
        `code read of a 12-MP JPEG at ${String(r.codes.firstTrySide)} px (ms)`,
        `≤ ${String(TARGETS.codeReadMs)}`,
        `${r.codes.readMs.toFixed(0)} here, ${r.codes.readInWorkerMs.toFixed(0)} through the worker`,
        r.codes.readInWorkerMs <= TARGETS.codeReadMs ? 'yes' : 'no',
      ],
      [
        'swapped photos carrying a code flagged (%)',
        `≥ ${String(TARGETS.swappedFlagged)}`,
        `${pct(r.codes.swappedFlagged, r.codes.swapped).toFixed(1)} of ${String(r.codes.swapped)} (no code read on ${String(r.codes.swappedUnread)})`,
        pct(r.codes.swappedFlagged, r.codes.swapped) >= TARGETS.swappedFlagged ? 'yes' : 'no',
      ],
      [
        `false mismatches on ${String(r.codes.correct)} correct photos`,
        '0',
        String(r.codes.falseMismatches),
        r.codes.falseMismatches === 0 ? 'yes' : 'no',
      ],
    ],
    notes: [
      `The 12-MP photo is ${String(Math.round(r.cost.bytes / 1024))} KiB; medians of repeated runs.`,
      'The check decodes a reduced copy (sharp shrinks a JPEG while decoding), so it is cheaper than a full decode.',
    ],
  };
}

export const photoChecksBenchmark: Benchmark = {
  name: 'photo-checks',
  description: 'quality check cost per 12-MP JPEG, held rates, whole run with and without',
  async run(options: BenchOptions) {
    const report = await runPhotoChecks(options.quick, (line) => {
      options.log(line);
    });
    const file = await writeResult(options.quick ? 'photo-checks-quick' : 'photo-checks', report);
    options.log(`wrote ${file}`);
    return photoChecksTable(report);
  },
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const report = await runPhotoChecks(values.quick, (l) => process.stderr.write(`${l}\n`));
  await writeResult(values.quick ? 'photo-checks-quick' : 'photo-checks', report);
  process.stdout.write(`${renderTable(photoChecksTable(report))}\n`);
}
