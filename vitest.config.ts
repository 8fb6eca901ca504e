import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Minutes each (real native builds): `npm run test:slow` (vitest.slow.config.ts).
    exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Native modules (better-sqlite3, sharp) and real sockets: forks isolate them cleanly.
    pool: 'forks',
  },
});
