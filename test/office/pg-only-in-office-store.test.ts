import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, it } from 'vitest';

// The real eslint.config.js, minus type information (the probe files do not exist on disk).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? []).some(
    (m) => m.ruleId === '@typescript-eslint/no-restricted-imports',
  );
}

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
