// What every benchmark module gives the runner (bench/run.ts): a name, and a run that returns one
// table. Modules write their own JSON under bench/results/.
import type { BenchTable } from './lib/table';

export interface BenchOptions {
  /** Smaller workloads, for a check in well under two minutes. */
  readonly quick: boolean;
  /** Runs a benchmark may execute at once (each in its own process); undefined: its default. */
  readonly jobs: number | undefined;
  /** Progress lines (stderr), not part of the result. */
  log(line: string): void;
}

export interface Benchmark {
  readonly name: string;
  readonly description: string;
  run(options: BenchOptions): Promise<BenchTable>;
}
