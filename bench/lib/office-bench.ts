// What the office benchmarks (office-claims, office-three-desks) share: their report's head, the
// word that they measured nothing where no PostgreSQL is installed, and how each is run.
import { localClusterUnavailable } from '../../main/office/local-cluster';
import type { Benchmark, BenchOptions } from '../benchmark';
import { codeVersion } from '../throughput';
import { machineInfo, type MachineInfo } from './machine';
import { writeResult } from './results';
import type { BenchTable } from './table';

export interface OfficeReportHead<B extends string> {
  readonly benchmark: B;
  readonly quick: boolean;
  readonly startedAt: string;
  readonly code: { commit: string; dirty: boolean | null };
  readonly machine: MachineInfo;
}

/** The report's head, and why nothing can be measured here (no PostgreSQL), or null. */
export function officeBenchStart<B extends string>(
  benchmark: B,
  quick: boolean,
): { head: OfficeReportHead<B>; skipped: string | null } {
  const head = {
    benchmark,
    quick,
    startedAt: new Date().toISOString(),
    code: codeVersion(),
    machine: machineInfo(),
  };
  return { head, skipped: localClusterUnavailable() };
}

/** A benchmark that measures, writes its report (results/NAME[-quick].json) and tables it. */
export function officeBenchmark<R>(
  name: string,
  description: string,
  measure: (options: BenchOptions) => Promise<R>,
  table: (report: R) => BenchTable,
): Benchmark {
  return {
    name,
    description,
    async run(options) {
      const report = await measure(options);
      const file = await writeResult(options.quick ? `${name}-quick` : name, report);
      options.log(`wrote ${file}`);
      return table(report);
    },
  };
}

/** A table's notes: what was measured (or why nothing was), the targets, the load around it. */
export function officeNotes(
  r: { skipped: string | null; machine: MachineInfo; loadAfter: number },
  measured: readonly string[],
  targets: string,
): string[] {
  return [
    ...(r.skipped ? [`Not measured: ${r.skipped}.`] : measured),
    targets,
    `Load average ${r.machine.loadAtStart.toFixed(2)} before, ${r.loadAfter.toFixed(2)} after.`,
  ];
}
