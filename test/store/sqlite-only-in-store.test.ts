import { expect, it } from 'vitest';
import { importRefused as refused } from '../helpers/import-refused';

it('lets only main/store/ import better-sqlite3', async () => {
  const raw = `import Database from 'better-sqlite3';`;
  const typeOnly = `import type Database from 'better-sqlite3';`;
  expect(await refused('main/store/probe.ts', raw)).toBe(false);
  expect(await refused('main/store/migrations/probe.ts', raw)).toBe(false);
  for (const file of [
    'main/backend/probe.ts',
    'main/engine/probe.ts',
    'main/shell/probe.ts',
    'main/cli/probe.ts',
    'renderer/probe.ts',
    'test/backend/probe.test.ts',
    'scripts/probe.js',
  ]) {
    expect(await refused(file, raw), file).toBe(true);
    expect(await refused(file, typeOnly), file).toBe(true);
  }
});
