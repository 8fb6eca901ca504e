import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Native modules (better-sqlite3, sharp) and real sockets: forks isolate them cleanly.
    pool: 'forks',
  },
});
