import { expect, it } from 'vitest';
import { importRefused as refused } from '../helpers/import-refused';

it('lets only main/office/store/ (and the office tests) import pg', async () => {
  const raw = `import pg from 'pg';`;
  const typeOnly = `import type { Pool } from 'pg';`;
  const pool = `import Pool from 'pg-pool';`;
  expect(await refused('main/office/store/probe.ts', raw)).toBe(false);
  expect(await refused('main/office/store/migrations/probe.ts', raw)).toBe(false);
  expect(await refused('test/office/probe.test.ts', raw)).toBe(false);
  for (const file of [
    'main/office/probe.ts',
    'main/actions/probe.ts',
    'main/store/probe.ts',
    'main/engine/probe.ts',
    'main/cli/probe.ts',
    'renderer/probe.ts',
    'test/store/probe.test.ts',
    'bench/probe.ts',
  ]) {
    expect(await refused(file, raw), file).toBe(true);
    expect(await refused(file, typeOnly), file).toBe(true);
    expect(await refused(file, pool), file).toBe(true);
  }
});

it('still keeps better-sqlite3 out of the office store', async () => {
  expect(
    await refused('main/office/store/probe.ts', `import Database from 'better-sqlite3';`),
  ).toBe(true);
});
