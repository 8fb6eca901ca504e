import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The real eslint.config.js, minus type information (the probe files do not exist on disk).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function layeringErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const cases: [file: string, source: string, allowed: boolean][] = [
  ['renderer/probe.ts', `import '../common/job';`, true],
  ['renderer/probe.ts', `import { readFileSync } from 'node:fs';`, false],
  ['renderer/probe.ts', `import fs from 'fs';`, false],
  ['renderer/probe.ts', `import { ipcRenderer } from 'electron';`, false],
  ['renderer/probe.ts', `import '../main/store/store';`, false],
  ['renderer/probe.ts', `import '../sandbox/index';`, false],
  ['common/probe.ts', `import { z } from 'zod';`, true],
  ['common/probe.ts', `import { join } from 'node:path';`, false],
  ['common/probe.ts', `import 'electron';`, false],
  ['common/probe.ts', `import 'react';`, false],
  ['common/probe.ts', `import '../renderer/app';`, false],
  ['main/engine/probe.ts', `import '../../common/job';`, true],
  ['main/engine/probe.ts', `import { app } from 'electron';`, false],
  ['main/engine/probe.ts', `import '../../renderer/app';`, false],
  ['main/shell/probe.ts', `import { app } from 'electron';`, true],
  ['preload/probe.ts', `import { contextBridge } from 'electron';`, true],
  ['preload/probe.ts', `import '../main/engine/engine';`, false],
  ['sandbox/probe.ts', `import '../common/job';`, false],
  ['sandbox/probe.ts', `import '../main/api/client';`, false],
  ['sandbox/probe.ts', `import { createServer } from 'node:http';`, true],
];

describe('layering rules in eslint.config.js', () => {
  it.each(cases)('%s: %s -> allowed=%s', async (file, source, allowed) => {
    const errors = await layeringErrors(file, source);
    if (allowed) expect(errors).toEqual([]);
    else expect(errors.length).toBeGreaterThan(0);
  });
});
