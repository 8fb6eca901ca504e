// The photo checks on a set of our own (issue 34, bench/lib/photo-set.ts): bad photos held, good
// ones held, swapped photos flagged, false mismatches, IMG_xxxx photos matched to their meter by
// the code, codes read by symbology and tilt, and ms per photo through the pool's two lanes as
// the engine runs them. `npx tsx bench/photo-set.ts [--quick]` (quick: 15 photos of 2,000 px;
// full: 150 of 4,000 px, 12 MP), or `npm run bench -- --only photo-set`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEFAULT_PHOTO_CHECK_THRESHOLDS, holdReasonOf } from '../common/photo-checks';
import {
  codeMismatch,
  meterCodeIndex,
  meterNamedByCodes,
  type PhotoCode,
} from '../common/photo-codes';
import { CheckPool } from '../main/photo-checks/check-pool';
import type { Benchmark, BenchOptions } from './benchmark';
import { BAD_CASES, meterOf, photoSet, type SetCase } from './lib/photo-set';
import { writeResult } from './lib/results';
import { renderTable, type BenchTable } from './lib/table';

interface Outcome {
  readonly kase: SetCase;
  readonly format: string;
  readonly tilt: number;
  readonly held: string | null;
  readonly read: boolean;
  readonly flagged: boolean;
  readonly matched: boolean;
  readonly checkMs: number;
  readonly readMs: number;
}

export interface PhotoSetReport {
  readonly photos: number;
  readonly width: number;
  readonly outcomes: readonly Outcome[];
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
};

export async function runPhotoSet(
  quick: boolean,
  log: (l: string) => void,
): Promise<PhotoSetReport> {
  const scale = quick ? 0.1 : 1;
  const width = quick ? 2000 : 4000;
  const dir = mkdtempSync(join(tmpdir(), 'photo-set-'));
  const index = meterCodeIndex(Array.from({ length: 400 }, (_, i) => ({ meterId: meterOf(i) })));
  const pool = new CheckPool();
  const outcomes: Outcome[] = [];
  try {
    for await (const p of photoSet(scale, width)) {
      const file = join(dir, `${String(outcomes.length)}-${p.name}`);
      writeFileSync(file, p.bytes);
      let t = performance.now();
      const measures = await pool.measure(file);
      const checkMs = performance.now() - t;
      t = performance.now();
      const codes: PhotoCode[] = await pool.readCodes(file);
      const readMs = performance.now() - t;
      const held = holdReasonOf(measures, DEFAULT_PHOTO_CHECK_THRESHOLDS);
      const flagged = p.named !== null && codeMismatch(codes, p.named, index) !== null;
      const matched = p.named === null && meterNamedByCodes(codes, index) === p.shows;
      outcomes.push({
        kase: p.kase,
        format: p.format,
        tilt: p.tilt,
        held,
        read: codes.length > 0,
        flagged,
        matched,
        checkMs,
        readMs,
      });
      if (outcomes.length % 10 === 0) log(`${String(outcomes.length)} photos`);
    }
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { photos: outcomes.length, width, outcomes };
}

function rate(of: readonly Outcome[], test: (o: Outcome) => boolean): string {
  const n = of.filter(test).length;
  return `${String(n)} of ${String(of.length)} (${of.length ? ((100 * n) / of.length).toFixed(1) : '-'} %)`;
}

export function photoSetTable(r: PhotoSetReport): BenchTable {
  const o = r.outcomes;
  const bad = o.filter((x) => BAD_CASES.includes(x.kase));
  const good = o.filter((x) => !BAD_CASES.includes(x.kase));
  const named = good.filter((x) => x.kase !== 'swapped' && x.kase !== 'unnamed');
  const swapped = o.filter((x) => x.kase === 'swapped');
  const unnamed = o.filter((x) => x.kase === 'unnamed');
  const readable = good;
  const rows: string[][] = [
    ['bad photos held', '≥ 95 %', rate(bad, (x) => x.held !== null)],
    ['good photos held', '≤ 2 %', rate(good, (x) => x.held !== null)],
    ['swapped photos flagged', '≥ 95 %', rate(swapped, (x) => x.flagged)],
    ['false mismatches (named after their own meter)', '0', rate(named, (x) => x.flagged)],
    ['IMG_ photos matched by their code', '≥ 95 %', rate(unnamed, (x) => x.matched)],
  ];
  for (const kase of [...new Set(o.map((x) => x.kase))]) {
    const of = o.filter((x) => x.kase === kase);
    rows.push([`  ${kase}: held`, '', rate(of, (x) => x.held !== null)]);
  }
  const code128 = readable.filter((x) => x.format === 'Code128');
  rows.push([
    'codes read, Code 128 tilted ≤ 10°',
    '',
    rate(
      code128.filter((x) => Math.abs(x.tilt) <= 10),
      (x) => x.read,
    ),
  ]);
  rows.push([
    'codes read, Code 128 tilted > 10°',
    '',
    rate(
      code128.filter((x) => Math.abs(x.tilt) > 10),
      (x) => x.read,
    ),
  ]);
  for (const format of ['QRCode', 'DataMatrix']) {
    rows.push([
      `codes read, ${format}`,
      '',
      rate(
        readable.filter((x) => x.format === format),
        (x) => x.read,
      ),
    ]);
  }
  const checks = o.map((x) => x.checkMs);
  const reads = o.map((x) => x.readMs);
  const found = o.filter((x) => x.read).map((x) => x.readMs);
  const missed = o.filter((x) => !x.read).map((x) => x.readMs);
  const ms = (xs: readonly number[]): string =>
    xs.length ? `median ${quantile(xs, 0.5).toFixed(0)}, p90 ${quantile(xs, 0.9).toFixed(0)}` : '-';
  rows.push(['ms per photo: quality check', '', ms(checks)]);
  rows.push(['ms per photo: code read (found / missed)', '', `${ms(found)} / ${ms(missed)}`]);
  rows.push(['ms per photo: code read, all', '', ms(reads)]);
  return {
    title: `Photo set: ${String(r.photos)} photos of ${String(r.width)} px (issue 34)`,
    columns: ['measure', 'target', 'measured'],
    rows,
    notes: [
      'Good: good, perspective, mild blur, pale, IMG_ and swapped photos (all legible); bad: strong blur, dark, washed out, tiny.',
      'Each photo through the pool (quality lane, then code lane), one at a time, default thresholds.',
    ],
  };
}

export const photoSetBenchmark: Benchmark = {
  name: 'photo-set',
  description: 'photo checks on a set of our own: held, flagged, matched rates and ms per photo',
  async run(options: BenchOptions) {
    const report = await runPhotoSet(options.quick, (l) => {
      options.log(l);
    });
    await writeResult(options.quick ? 'photo-set-quick' : 'photo-set', report);
    return photoSetTable(report);
  },
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const report = await runPhotoSet(values.quick, (l) => process.stderr.write(`${l}\n`));
  await writeResult(values.quick ? 'photo-set-quick' : 'photo-set', report);
  process.stdout.write(`${renderTable(photoSetTable(report))}\n`);
}
