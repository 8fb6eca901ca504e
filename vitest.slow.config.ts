// `npm run test:slow`: the tests that take minutes (real compiles), kept out of `npm test`
// (vitest.config.ts excludes *.slow.test.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.slow.test.ts'],
    environment: 'node',
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
    pool: 'forks',
  },
});
