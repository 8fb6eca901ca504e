// A folder of 40,000 photos (400 distinct images, 100 copies each, as a camera dump with repeats
// would have): the engine records them as it scans (the first rows are in SQLite long before the
// folder is read to the end), uploads each distinct image once, gives every copy its result,
// exports 40,000 rows, and keeps no per-file state in memory while doing it. Asserted: behaviour
// and memory, never time.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox';
import { embedReadingMarker } from '../../sandbox/samples';
import { FAST_AI } from '../helpers/engine-harness';
import { tempDir } from '../helpers/tmp';

const FILES = 40_000;
const DISTINCT = 400;
/** What the engine may keep beyond its baseline after each phase: far below one object per file. */
const HEAP_BUDGET_MIB = 32;
const repoRoot = path.resolve(import.meta.dirname, '../..');

let t: { dir: string; cleanup: () => void };
let sandbox: Sandbox;

beforeAll(async () => {
  t = tempDir('meterdesk-40k-');
  sandbox = await createSandbox({
    ai: FAST_AI,
    keys: [
      {
        key: 'md_forty_k_key_123456',
        requestsPerWindow: 5_000,
        submissionsPerWindow: 2_000,
        user: { dailyQuota: 1_000 },
      },
    ],
  });
});
// Removing 40,000 files took over a minute in CI with the machine busy: a budget of its own.
afterAll(async () => {
  await sandbox.close();
  t.cleanup();
}, 300_000);

interface ChildReport {
  outcome: string;
  added: { queued: number; reused: number; rejected: number };
  counts: { done: number; total: number; failed: number; rejected: number };
  firstChunk: { seen: number; recorded: number } | null;
  exportedRows: number;
  heapMiB: { base: number; afterAdd: number; afterRun: number; afterExport: number };
  maxRssMiB: number;
  phaseMs: Record<string, number>;
}

describe('a folder of 40,000 files', () => {
  it('streams into the queue, uploads each image once, reads every copy, with flat memory', async () => {
    const photos = path.join(t.dir, 'dump');
    mkdirSync(photos);
    const base = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 90, g: 120, b: 150 } },
    })
      .jpeg()
      .toBuffer();
    const images = Array.from({ length: DISTINCT }, (_, i) =>
      embedReadingMarker(base, 'jpeg', `${String(10_000 + i)}.${String(i % 10)}`, 'pointer'),
    );
    for (let i = 0; i < FILES; i++) {
      writeFileSync(
        path.join(photos, `IMG_${String(i).padStart(5, '0')}.jpg`),
        images[i % DISTINCT] ?? base,
      );
    }
    const csv = path.join(t.dir, 'out.csv');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'test/bad-input/fixtures/forty-thousand-child.ts'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          MD_DB: path.join(t.dir, 'queue.sqlite'),
          MD_BASE_URL: sandbox.url,
          MD_API_KEY: sandbox.apiKey,
          MD_PATHS: photos,
          MD_CSV: csv,
        },
        maxBuffer: 16 << 20,
      },
    );
    const r = JSON.parse(stdout) as ChildReport;
    console.log(
      `40,000 files: heap MiB ${JSON.stringify(r.heapMiB)}, peak RSS ${r.maxRssMiB.toFixed(0)} MiB, phases ${JSON.stringify(r.phaseMs)}`,
    );

    expect(r.outcome).toBe('complete');
    expect(r.counts).toMatchObject({ done: FILES, total: FILES, failed: 0, rejected: 0 });
    // Streaming: the first chunk was committed while the scan had seen only that much.
    expect(r.firstChunk).not.toBeNull();
    expect(r.firstChunk?.recorded).toBe(r.firstChunk?.seen);
    expect(r.firstChunk?.seen ?? FILES).toBeLessThan(FILES);
    // One upload per distinct image; every copy got that result and nothing was paid twice.
    expect(sandbox.ledger.tasks()).toHaveLength(DISTINCT);
    for (const n of Object.values(sandbox.ledger.quotaCharges())) expect(n).toBe(1);
    expect(r.exportedRows).toBe(FILES);
    const lines = readFileSync(csv, 'utf8')
      .split('\r\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(FILES + 1);
    // What the engine keeps does not grow with the number of files.
    for (const phase of ['afterAdd', 'afterRun', 'afterExport'] as const) {
      expect(r.heapMiB[phase] - r.heapMiB.base, phase).toBeLessThan(HEAP_BUDGET_MIB);
    }
  }, 300_000);
});
