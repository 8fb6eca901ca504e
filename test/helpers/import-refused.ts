// Whether the real eslint.config.js refuses an import in a file at a given path: for the tests
// that prove only one module opens a database (better-sqlite3, pg).
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// The real config, minus type information (the probe files do not exist on disk).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

export async function importRefused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? []).some(
    (m) => m.ruleId === '@typescript-eslint/no-restricted-imports',
  );
}
