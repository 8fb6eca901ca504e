// Scanning: how fast the product turns a folder of photos into accepted files (discovery, content
// sniffing, JPEG end check, SHA-256), next to `sha256sum` over the same files.
//
// The product side is scanPaths (main/scan) with the options addPaths gives it (defaults), as the
// engine runs it when a folder is added. Both sides run on a warm page cache: a throwaway product
// pass reads every file first (and warms the JIT); then each round runs every reader once, the
// order alternating between rounds so neither always reads right after the other.
import type { Benchmark, BenchOptions } from './benchmark';
import { scanPaths } from '../main/scan';
import { hasTool, hashFolderMs, HASH_COMMANDS, type HashTool } from './lib/hash-tools';
import { loadNow, machineInfo, type MachineInfo } from './lib/machine';
import { writeResult } from './lib/results';
import { prepareScanFolder, type ScanFolder } from './lib/scan-folder';
import { median } from './lib/stats';
import type { BenchTable, Cell } from './lib/table';
import { codeVersion } from './throughput';

export const TARGET_RATIO = 0.8;
const ROUNDS = 3;

export interface ProductPass {
  readonly ms: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly bytes: number;
}

export interface ReaderFigures {
  readonly reader: 'product' | HashTool;
  /** What ran. */
  readonly command: string;
  readonly runsMs: readonly number[];
  readonly medianMs: number;
  readonly filesPerS: number;
  /** 10^6 bytes per second. */
  readonly mbPerS: number;
}

export interface ScanReport {
  readonly benchmark: 'scan';
  readonly quick: boolean;
  readonly startedAt: string;
  readonly totalMs: number;
  readonly machine: MachineInfo;
  readonly loadAtEnd: number;
  readonly code: { readonly commit: string; readonly dirty: boolean | null };
  readonly folder: ScanFolder & { readonly prepareMs: number };
  readonly cache: 'warm';
  readonly warmupMs: number;
  readonly rounds: number;
  readonly product: ReaderFigures;
  readonly sha256sum: ReaderFigures;
  /** Same hash code as Node (OpenSSL); null where openssl is not installed. */
  readonly openssl: ReaderFigures | null;
  /** Product speed / sha256sum speed = sha256sum median time / product median time. */
  readonly ratio: number;
  readonly ratioOpenssl: number | null;
  readonly target: { readonly ratio: number };
}

/** One pass of the product's scanner over `dir`; fails unless every file is accepted. */
export async function productPass(dir: string, expected: number): Promise<ProductPass> {
  const t0 = performance.now();
  let accepted = 0;
  let rejected = 0;
  let bytes = 0;
  for await (const file of scanPaths([dir])) {
    if (file.outcome.kind === 'accepted') {
      accepted += 1;
      bytes += file.size;
    } else {
      rejected += 1;
    }
  }
  const ms = performance.now() - t0;
  if (accepted !== expected || rejected !== 0) {
    throw new Error(
      `scan bench: expected ${expected} accepted files, got ${accepted} (${rejected} rejected)`,
    );
  }
  return { ms, accepted, rejected, bytes };
}

function figures(
  reader: ReaderFigures['reader'],
  command: string,
  runsMs: readonly number[],
  folder: ScanFolder,
): ReaderFigures {
  const medianMs = median(runsMs);
  return {
    reader,
    command,
    runsMs,
    medianMs,
    filesPerS: folder.count / (medianMs / 1000),
    mbPerS: folder.bytes / 1e6 / (medianMs / 1000),
  };
}

export async function runScan(
  options: Pick<BenchOptions, 'quick' | 'log'> & { files?: number; rounds?: number },
): Promise<ScanReport> {
  const machine = machineInfo();
  const code = codeVersion();
  const count = options.files ?? (options.quick ? 2000 : 20_000);
  const rounds = options.rounds ?? ROUNDS;
  const startedAt = new Date();
  options.log(`preparing ${count} photos of ~150 KB (cached in the OS temp folder)`);
  const p0 = performance.now();
  const folder = await prepareScanFolder(count);
  const prepareMs = performance.now() - p0;
  options.log(
    `folder ready in ${(prepareMs / 1000).toFixed(1)} s: ${(folder.bytes / 1e6).toFixed(0)} MB`,
  );
  if (!(await hasTool('sha256sum'))) throw new Error('scan bench: sha256sum is not installed');
  const tools: HashTool[] = ['sha256sum'];
  // The second reference explains the first (see the notes); a quick run leaves it out for time.
  if (!options.quick && (await hasTool('openssl'))) tools.push('openssl');

  const warmup = await productPass(folder.dir, folder.count);
  if (warmup.bytes !== folder.bytes) {
    throw new Error(`scan bench: scanner read ${warmup.bytes} bytes, folder has ${folder.bytes}`);
  }
  options.log(`warm-up pass ${(warmup.ms / 1000).toFixed(2)} s`);
  const runs: Record<ReaderFigures['reader'], number[]> = {
    product: [],
    sha256sum: [],
    openssl: [],
  };
  for (let round = 0; round < rounds; round++) {
    const order: ReaderFigures['reader'][] =
      round % 2 === 0 ? ['product', ...tools] : [...[...tools].reverse(), 'product'];
    for (const reader of order) {
      const ms =
        reader === 'product'
          ? (await productPass(folder.dir, folder.count)).ms
          : await hashFolderMs(reader, folder.dir);
      runs[reader].push(ms);
      options.log(`round ${round + 1}: ${reader} ${(ms / 1000).toFixed(2)} s`);
    }
  }
  const product = figures('product', 'scanPaths([dir]) (main/scan)', runs.product, folder);
  const sha = figures('sha256sum', HASH_COMMANDS.sha256sum, runs.sha256sum, folder);
  const openssl = tools.includes('openssl')
    ? figures('openssl', HASH_COMMANDS.openssl, runs.openssl, folder)
    : null;
  return {
    benchmark: 'scan',
    quick: options.quick,
    startedAt: startedAt.toISOString(),
    totalMs: Date.now() - startedAt.getTime(),
    machine,
    loadAtEnd: loadNow(),
    code,
    folder: { ...folder, prepareMs },
    cache: 'warm',
    warmupMs: warmup.ms,
    rounds,
    product,
    sha256sum: sha,
    openssl,
    ratio: sha.medianMs / product.medianMs,
    ratioOpenssl: openssl ? openssl.medianMs / product.medianMs : null,
    target: { ratio: TARGET_RATIO },
  };
}

const seconds = (ms: readonly number[]): string => ms.map((m) => (m / 1000).toFixed(2)).join(', ');

export function scanTable(report: ScanReport): BenchTable {
  const { folder } = report;
  const mb = folder.bytes / 1e6;
  const row = (label: string, f: ReaderFigures, ratio: number | null, target: boolean): Cell[] => [
    label,
    folder.count,
    Math.round(mb),
    seconds(f.runsMs),
    f.medianMs / 1000,
    Math.round(f.filesPerS),
    Math.round(f.mbPerS),
    ratio,
    target ? `>= ${TARGET_RATIO.toFixed(2)}` : '-',
    target && ratio !== null ? (ratio >= TARGET_RATIO ? 'yes' : 'no') : '-',
  ];
  const rows: Cell[][] = [
    row('MeterDesk scanPaths (main/scan)', report.product, null, false),
    row('sha256sum (coreutils), 1 process', report.sha256sum, report.ratio, true),
  ];
  if (report.openssl) {
    rows.push(row('openssl dgst -sha256, 1 process', report.openssl, report.ratioOpenssl, false));
  }
  return {
    title: `Scanning${report.quick ? ' (quick)' : ''}: ${folder.count} photos, ${Math.round(mb)} MB`,
    columns: [
      'reader',
      'files',
      'MB',
      'runs s (warm)',
      'median s',
      'files/s',
      'MB/s',
      'product/reader',
      'target',
      'target met',
    ],
    rows,
    notes: [
      `Files: ${folder.jpeg} JPEG + ${folder.png} PNG, ${Math.round(folder.bytes / folder.count / 1000)} KB ` +
        'on average, 1,000 per folder, every SHA-256 distinct (lib/scan-folder.ts); cached in the OS ' +
        `temp folder (this run: ready in ${(folder.prepareMs / 1000).toFixed(1)} s).`,
      'Product: discovery (walk), content sniffing, JPEG end check and streaming SHA-256 through ' +
        'scanPaths with the defaults addPaths uses (4 files at once). Readers: find | xargs -0 TOOL, ' +
        'one tool process at a time, output to /dev/null; process start-up included.',
      `Warm page cache: a throwaway product pass (${(report.warmupMs / 1000).toFixed(2)} s) first, then ` +
        `${report.rounds} rounds with the order alternating; median of the rounds. MB = 10^6 bytes. ` +
        'product/reader = reader median time / product median time (> 1: the product is faster).',
      `${report.machine.cpus} CPUs (${report.machine.cpuModel}), node ${report.machine.node}; load ` +
        `average ${report.machine.loadAtStart} at start, ${report.loadAtEnd} at end; code at ` +
        `${report.code.commit.slice(0, 7)}${report.code.dirty ? ' (with local changes)' : ''}.`,
    ],
  };
}

export const scanBenchmark: Benchmark = {
  name: 'scan',
  description: 'folder scan (discovery, sniffing, SHA-256) in files/s and MB/s next to sha256sum',
  async run(options) {
    const report = await runScan(options);
    // A quick run must not overwrite the full figures bench/README.md quotes.
    const file = await writeResult(options.quick ? 'scan-quick' : 'scan', report);
    options.log(`wrote ${file}`);
    return scanTable(report);
  },
};
