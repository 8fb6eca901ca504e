// A vitest setup file for `npm run test:profile`: the CPU each test file used in its worker process,
// its own and its children's (a browser, a forked backend, a CLI process), one JSON line a file
// in the file METERDESK_CPU_PROFILE names. Without that variable it does nothing.
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

const OUT = process.env.METERDESK_CPU_PROFILE;

/** Seconds of CPU: this process's, and its waited-for children's (Linux /proc; 0 elsewhere). */
function cpuNow(): { own: number; children: number } {
  const { user, system } = process.cpuUsage();
  let children = 0;
  try {
    // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // Not Linux: children's CPU unknown.
  }
  return { own: (user + system) / 1e6, children };
}

if (OUT) {
  // Taken before the test file's imports (setup files load first): the file's import CPU is the
  // time from here to its first hook, which a worker pays once per module it had not loaded yet.
  const loaded = cpuNow();
  let start = loaded;
  beforeAll(() => {
    start = cpuNow();
  });
  afterAll(() => {
    const end = cpuNow();
    const file = expect.getState().testPath ?? 'unknown';
    const line = {
      file,
      own: end.own - start.own,
      children: end.children - start.children,
      imports: start.own - loaded.own,
      worker: process.pid,
      workerTotal: end.own + end.children,
    };
    appendFileSync(OUT, `${JSON.stringify(line)}\n`);
  });
}
