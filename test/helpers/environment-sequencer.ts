// vitest's file order, with every file of one test environment together. With `isolate: false` a
// worker runs the next file only when that file wants the same environment (node or happy-dom): else it
// exits and a new one loads the engine, React and playwright again. vitest's own order (longest
// first, by the last run's times) interleaves the renderer files (a DOM environment) with the node files,
// and the fast suite started 67 workers instead of 8.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DOCBLOCK_ENVIRONMENT = /@vitest-environment\s+([\w-]+)/;

/** The environment a file names in its docblock, or '' for the project's. */
function environmentOf(file: string): string {
  try {
    return DOCBLOCK_ENVIRONMENT.exec(readFileSync(file, 'utf8').slice(0, 2000))?.[1] ?? '';
  } catch {
    return '';
  }
}

export default class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const environments = new Map(sorted.map((spec) => [spec, environmentOf(spec.moduleId)]));
    // The project's own environment first: its files hold the longest waits, which should start
    // early. Array.prototype.sort is stable, so each environment keeps vitest's order.
    const rank = (spec: TestSpecification): number => (environments.get(spec) === '' ? 0 : 1);
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b),
    );
  }
}
