// One timed step of an office benchmark: its wall seconds, and this process's CPU seconds (on a
// shared machine, the part it did itself).
import { performance } from 'node:perf_hooks';

export interface Timing {
  seconds: number;
  cpu: number;
}

export async function timed<T>(work: () => Promise<T>): Promise<Timing & { value: T }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    seconds: (performance.now() - started) / 1000,
    cpu: (used.user + used.system) / 1e6,
  };
}
