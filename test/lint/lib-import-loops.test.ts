// The window's helpers (renderer/lib/) import one another without a loop at run time (issue 29,
// item 5: job-words.ts and states.ts imported each other). Type-only imports are left out: they
// are gone from the built code.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const LIB = resolve(__dirname, '../../renderer/lib');

/** The files of renderer/lib/ a file imports for their values. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^'"]*?from\s+'(\.[^']+)'/gm)) {
    if (m[2] !== undefined) continue;
    const target = resolve(dirname(file), `${m[3] ?? ''}.ts`);
    if (dirname(target) === LIB) found.push(target);
  }
  return found;
}

/** A loop of imports through `start`, or null. */
function loopFrom(start: string, edges: Map<string, string[]>): string[] | null {
  const walk = (file: string, path: string[]): string[] | null => {
    for (const next of edges.get(file) ?? []) {
      if (next === start) return [...path, next];
      if (path.includes(next)) continue;
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

it('has no import loop among the helpers', () => {
  const files = readdirSync(LIB)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(LIB, f));
  const edges = new Map(files.map((f) => [f, valueImports(f)]));
  // The walk sees the imports at all: states.ts takes job-words.ts's sentences.
  expect(edges.get(join(LIB, 'states.ts'))).toContain(join(LIB, 'job-words.ts'));
  const loops = files
    .map((f) => loopFrom(f, edges))
    .filter((l): l is string[] => l !== null)
    .map((l) => l.map((f) => f.slice(LIB.length + 1)).join(' -> '));
  expect(loops).toEqual([]);
});
