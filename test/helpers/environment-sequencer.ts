// vitest's file order, with every file of one test environment together and the longest files
// first. With `isolate: false` a worker runs the next file only when that file wants the same
// environment (node or happy-dom): else it exits and a new one loads the engine, React and
// playwright again. vitest's own order interleaves the renderer files (a DOM environment) with the
// node files, and the fast suite started 67 workers instead of 8.
//
// Longest first needs each file's time. vitest keeps the last run's in node_modules/.vite, which a
// fresh clone (CI) does not have: it then ran files in size order and a 25 s file could start last
// and hold the run's end. test/file-times.json holds each file's time from a run on this machine
// (`npm run test:profile -- --write-times`), used for any file the local cache does not know.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DOCBLOCK_ENVIRONMENT = /@vitest-environment\s+([\w-]+)/;

/** Where the committed file times live, by `project:path` as vitest's own cache names them. */
export const FILE_TIMES = join(import.meta.dirname, '..', 'file-times.json');

/** The environment a file names in its docblock, or '' for the project's. */
function environmentOf(file: string): string {
  try {
    return DOCBLOCK_ENVIRONMENT.exec(readFileSync(file, 'utf8').slice(0, 2000))?.[1] ?? '';
  } catch {
    return '';
  }
}

/** The committed times in ms, or none when the file is missing or unreadable (never a failure). */
function committedTimes(): ReadonlyMap<string, number> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(FILE_TIMES, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
    );
  } catch {
    return new Map();
  }
}

export default class EnvironmentSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = committedTimes();
    const root = this.ctx.config.root;
    const placed = files.map((spec) => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      return {
        spec,
        // The project's own environment first: its files hold the longest waits.
        environment: environmentOf(spec.moduleId) === '' ? 0 : 1,
        failed: cached?.failed === true ? 0 : 1,
        // A file no run has timed yet goes first, as in vitest's own order.
        ms: cached?.duration ?? committed.get(key) ?? Number.MAX_SAFE_INTEGER,
      };
    });
    placed.sort(
      (a, b) =>
        a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder ||
        byText(a.spec.project.name, b.spec.project.name) ||
        a.environment - b.environment ||
        a.failed - b.failed ||
        b.ms - a.ms,
    );
    return Promise.resolve(placed.map((p) => p.spec));
  }
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
