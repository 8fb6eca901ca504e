// The machine a benchmark ran on, for its JSON: figures are only comparable on alike machines,
// and the load average says how much other work (other benchmarks, tests) shared the cores.
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface MachineInfo {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  /** 1-minute load average when the benchmark began. */
  readonly loadAtStart: number;
}

/** The 1-minute load average, two decimals. */
export function loadNow(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}

export function machineInfo(): MachineInfo {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAtStart: loadNow(),
  };
}
