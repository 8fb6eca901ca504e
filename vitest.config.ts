import { defineConfig } from 'vitest/config';
import EnvironmentSequencer from './test/helpers/environment-sequencer';

/**
 * The slow projects: long runs whose behaviour the fast suite covers in smaller form (DEVELOPERS.md,
 * "Tests: fast and slow", says what each one is and what covers it in `npm test`). A file joins
 * them by its name, `*.slow.test.ts`, or by living under test/slow/.
 */
const SLOW = ['test/**/*.slow.test.ts', 'test/**/*.slow.test.tsx', 'test/slow/**/*.test.ts'];

/**
 * The slow files that load the machine on purpose or measure time, memory or pacing: they run one
 * at a time, after the others (which run two at a time: screenshots, office runs, processes, the
 * native modules' build, waits on real time).
 */
const SLOW_ALONE = [
  'test/e2e/load.slow.test.ts',
  'test/e2e/churn.slow.test.ts',
  'test/bad-input/forty-thousand.slow.test.ts',
  'test/watch/five-thousand.slow.test.ts',
  'test/bench/**/*.slow.test.ts',
  'test/chaos/**/*.slow.test.ts',
  'test/engine/engine-long-runs.slow.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Budgets are hang guards for a busy machine, not an idle one: with both cores taken by other
    // work, tests that take 5 s here took up to 27 s (DEVELOPERS.md, "Time budgets").
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Native modules (better-sqlite3, sharp) and real sockets: forks isolate them cleanly.
    pool: 'forks',
    // Renders each distinct sample folder (and builds the renderer) once per run; see the file.
    globalSetup: ['test/helpers/run-cache-setup.ts'],
    // Records each file's CPU for `npm run test:profile` (nothing unless it asks); starts each new
    // queue as a copy of one migrated once per run (see the file).
    setupFiles: ['test/helpers/cpu-profile-setup.ts', 'test/helpers/queue-template-setup.ts'],
    // A worker is kept for the next file only when both want the same environment: files of one
    // environment run together (see the file).
    sequence: { sequencer: EnvironmentSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['**/node_modules/**', ...SLOW],
          // Most files wait on sockets, timers and child processes rather than compute: the files'
          // CPU is about a fifth of their wall time (`npm run test:profile`), so four at a time
          // left a core idle; eight keep both busy (vitest's default on 2 cores is one).
          maxWorkers: 8,
          // Files share a worker's loaded modules (each file still gets fresh test state): loading
          // the engine, React and playwright once per worker instead of once per file halves the
          // suite's import time (88 s to 45 s of CPU on a fresh clone).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          exclude: ['**/node_modules/**', ...SLOW_ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow-alone',
          include: SLOW_ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
