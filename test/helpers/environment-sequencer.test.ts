// The fast suite's order: node files before DOM files, failed files first, then longest first by the
// local cache's times, else by the committed test/file-times.json (a fresh clone has no cache).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import EnvironmentSequencer, { FILE_TIMES } from './environment-sequencer';

const ROOT = join(import.meta.dirname, '..', '..');

function spec(path: string): TestSpecification {
  const fake = {
    moduleId: join(ROOT, path),
    project: { name: 'fast', config: { sequence: { groupOrder: 0 } } },
  };
  return fake as unknown as TestSpecification;
}

function sequencer(cached: Record<string, { duration: number; failed: boolean }>) {
  const ctx = {
    config: { root: ROOT },
    cache: { getFileTestResults: (key: string) => cached[key] },
  };
  return new EnvironmentSequencer(ctx as unknown as Vitest);
}

const names = (specs: TestSpecification[]) => specs.map((s) => s.moduleId.slice(ROOT.length + 1));

describe('the fast suite order', () => {
  it('orders a fresh clone by the committed times, node files before DOM files', async () => {
    const times = JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as Record<string, number>;
    const node = Object.keys(times)
      .filter((k) => k.startsWith('fast:test/') && k.endsWith('.test.ts'))
      .map((k) => k.slice('fast:'.length))
      .slice(0, 6);
    const dom = 'test/renderer/app.test.tsx';
    const sorted = names(await sequencer({}).sort([dom, ...node].map(spec)));
    const expected = [...node].sort(
      (a, b) => (times[`fast:${b}`] ?? 0) - (times[`fast:${a}`] ?? 0),
    );
    expect(sorted).toEqual([...expected, dom]);
  });

  it('prefers the local cache, runs failed files first and unknown files before known ones', async () => {
    const files = ['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts', 'test/new.test.ts'];
    const sorted = await sequencer({
      'fast:test/a.test.ts': { duration: 100, failed: false },
      'fast:test/b.test.ts': { duration: 9000, failed: false },
      'fast:test/c.test.ts': { duration: 50, failed: true },
    }).sort(files.map(spec));
    expect(names(sorted)).toEqual([
      'test/c.test.ts',
      'test/new.test.ts',
      'test/b.test.ts',
      'test/a.test.ts',
    ]);
  });
});
