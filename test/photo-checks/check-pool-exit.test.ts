// The photo check worker must never keep a process alive: a benchmark or a script that checked
// photos ends when its work does, without process.exit. A stop's CI hung for 70 minutes after the
// benchmarks had finished because a 'message' listener added after unref() ref'd the port again.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMeterPhoto } from '../../sandbox/samples';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'check-pool-exit-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// A separate process: vitest's own worker would keep running whatever the pool does.
const SCRIPT = `
import { sharedCheckPool } from ${JSON.stringify(new URL('../../main/photo-checks/check-pool.ts', import.meta.url).href)};
const pool = sharedCheckPool();
pool.warm();
const measures = await pool.measure(process.argv[2]);
console.log(JSON.stringify({ shortSide: measures.shortSide }));
`;

describe('the photo check pool', () => {
  it('lets a process that measured a photo end by itself', async () => {
    const photo = join(dir, 'meter.jpg');
    writeFileSync(
      photo,
      await renderMeterPhoto({ reading: '01234.567', format: 'jpeg', width: 800 }),
    );
    const script = join(dir, 'measure-and-end.mts');
    writeFileSync(script, SCRIPT);
    // A deadline, not a speed target: a hung process is killed and the test fails with its signal.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, photo], {
      cwd: process.cwd(),
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    expect(JSON.parse(stdout)).toEqual({ shortSide: expect.any(Number) as number });
  }, 90_000);
});
