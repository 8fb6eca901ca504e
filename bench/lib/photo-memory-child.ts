// One photo checked in a fresh process (bench/photo-memory.ts): the pool's worker is started and
// warmed on a small photo first, then the kernel's peak RSS is reset and the photo measured or
// read; what the peak rose by is what that photo took (main thread, worker, sharp and the WASM).
// Prints one JSON line.
import { readFileSync, writeFileSync } from 'node:fs';
import { CheckPool } from '../../main/photo-checks/check-pool';

function status(field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync('/proc/self/status', 'utf8'),
  );
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

const [photo, warmPhoto, task] = process.argv.slice(2);
if (!photo || !warmPhoto || (task !== 'measure' && task !== 'codes')) {
  throw new Error('usage: photo-memory-child <photo> <warm-photo> measure|codes');
}
const pool = new CheckPool();
const run = (path: string): Promise<unknown> =>
  task === 'measure' ? pool.measure(path) : pool.readCodes(path);
await run(warmPhoto);
const before = status('VmRSS');
writeFileSync('/proc/self/clear_refs', '5');
const started = performance.now();
const answer = await run(photo);
const ms = performance.now() - started;
const peak = status('VmHWM');
await pool.close();
console.log(JSON.stringify({ before, peak, rise: peak - before, ms, answer }));
