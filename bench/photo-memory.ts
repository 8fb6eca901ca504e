// What one photo costs the photo-check pool in memory (issue 34): a 12 MP and a 48 MP JPEG, the
// quality check and the code read, a code found and a code missed (a miss tries every sticker
// patch, the most a read does). Each in a fresh process (lib/photo-memory-child.ts), so one
// photo's peak is not another's. Linux only (/proc). `npx tsx bench/photo-memory.ts`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { renderMeterPhoto } from '../sandbox/samples';
import { renderTable } from './lib/table';

const run = promisify(execFile);
const MB = 1024 * 1024;

/** The bound for a code read that finds nothing. */
export const MISS_LIMIT_MB = 64;

interface Case {
  readonly name: string;
  readonly width: number;
  readonly sticker: boolean;
  readonly task: 'measure' | 'codes';
}

const CASES: readonly Case[] = [
  { name: '12 MP quality check', width: 4000, sticker: true, task: 'measure' },
  { name: '12 MP code found', width: 4000, sticker: true, task: 'codes' },
  { name: '12 MP code missed', width: 4000, sticker: false, task: 'codes' },
  { name: '48 MP quality check', width: 8000, sticker: true, task: 'measure' },
  { name: '48 MP code found', width: 8000, sticker: true, task: 'codes' },
  { name: '48 MP code missed', width: 8000, sticker: false, task: 'codes' },
];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'photo-memory-'));
  try {
    const warm = join(dir, 'warm.jpg');
    writeFileSync(warm, await renderMeterPhoto({ reading: '00042.100', format: 'jpeg' }));
    const rows: string[][] = [];
    for (const c of CASES) {
      const file = join(dir, `${String(c.width)}-${String(c.sticker)}.jpg`);
      const sticker = c.sticker ? { text: '4711-0815', format: 'Code128' as const } : undefined;
      writeFileSync(
        file,
        await renderMeterPhoto({ reading: '04711.815', format: 'jpeg', width: c.width, sticker }),
      );
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          join(import.meta.dirname, 'lib/photo-memory-child.ts'),
          file,
          warm,
          c.task,
        ],
        { timeout: 120_000, maxBuffer: 1 << 20 },
      );
      const r = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
        rise: number;
        peak: number;
        ms: number;
        answer: unknown;
      };
      const found =
        c.task === 'codes' ? (Array.isArray(r.answer) && r.answer.length > 0 ? 'yes' : 'no') : '';
      rows.push([
        c.name,
        (r.rise / MB).toFixed(1),
        (r.peak / MB).toFixed(0),
        r.ms.toFixed(0),
        found,
      ]);
    }
    console.log(
      renderTable({
        title: `Memory per photo (peak RSS rise over a warmed pool; a miss aims at <= ${String(MISS_LIMIT_MB)} MB)`,
        columns: ['case', 'rise MB', 'process peak MB', 'ms', 'code read'],
        rows,
        notes: [
          'rise: the kernel peak RSS (VmHWM, reset before the photo) less the RSS before it',
          'misses: a meter photo with no sticker, every candidate patch tried',
        ],
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
