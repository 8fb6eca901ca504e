// Memory of this process, by phase: process.memoryUsage() sampled on a timer, and the kernel's own
// peak (VmHWM in /proc/self/status), which also catches a spike between two samples or while the
// event loop was too busy to sample. Linux lets a process reset its VmHWM (write "5" to
// /proc/self/clear_refs), so each phase gets its true peak, not the lifetime one.
import { readFileSync, writeFileSync } from 'node:fs';

export interface MemoryFigures {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

export interface PhaseMemory {
  /** Largest value of each figure over the phase's samples (each figure on its own). */
  readonly peak: MemoryFigures;
  /** The last sample of the phase. */
  readonly last: MemoryFigures;
  readonly samples: number;
  /** Longest time between two samples: how blind the sampling could have been. */
  readonly maxGapMs: number;
  readonly durationMs: number;
  /**
   * Largest RSS sampled in each tenth of the phase (null: no sample fell in it): flat when memory
   * is bounded, rising when something accumulates as the work goes on.
   */
  readonly rssByTenth: readonly (number | null)[];
  /** The kernel's peak RSS over the phase (bytes); null where /proc is not available. */
  readonly kernelPeakRss: number | null;
  /** False when VmHWM could not be reset: kernelPeakRss is then the process's lifetime peak. */
  readonly kernelPeakIsPhase: boolean;
}

const FIGURES = ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'] as const;

export function currentMemory(): MemoryFigures {
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

/** A `Vm...` line of /proc/self/status, in bytes; null off Linux. */
export function procStatusBytes(field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function resetKernelPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  private peak: Record<(typeof FIGURES)[number], number> = emptyPeak();
  private last: MemoryFigures = currentMemory();
  private samples = 0;
  private lastAt = 0;
  private maxGapMs = 0;
  private phaseStart = 0;
  private peakIsPhase = false;
  private trace: { at: number; rss: number }[] = [];

  constructor(private readonly intervalMs = 50) {}

  /** Starts a phase: peaks start again from now, and so does the kernel's. */
  begin(): void {
    this.stopTimer();
    this.peakIsPhase = resetKernelPeak();
    this.peak = emptyPeak();
    this.samples = 0;
    this.maxGapMs = 0;
    this.trace = [];
    this.phaseStart = Date.now();
    this.lastAt = this.phaseStart;
    this.take();
    this.timer = setInterval(() => {
      this.take();
    }, this.intervalMs);
  }

  /** Ends the phase begun last and returns its figures. */
  end(): PhaseMemory {
    this.take();
    this.stopTimer();
    const durationMs = Date.now() - this.phaseStart;
    return {
      peak: { ...this.peak },
      last: this.last,
      samples: this.samples,
      maxGapMs: this.maxGapMs,
      durationMs,
      rssByTenth: byTenth(this.trace, this.phaseStart, durationMs),
      kernelPeakRss: procStatusBytes('VmHWM'),
      kernelPeakIsPhase: this.peakIsPhase,
    };
  }

  private take(): void {
    const now = Date.now();
    this.maxGapMs = Math.max(this.maxGapMs, now - this.lastAt);
    this.lastAt = now;
    this.last = currentMemory();
    this.samples += 1;
    this.trace.push({ at: now, rss: this.last.rss });
    for (const f of FIGURES) this.peak[f] = Math.max(this.peak[f], this.last[f]);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function byTenth(
  trace: readonly { at: number; rss: number }[],
  start: number,
  durationMs: number,
): (number | null)[] {
  const tenths = new Array<number | null>(10).fill(null);
  for (const { at, rss } of trace) {
    const k = Math.min(9, Math.floor(((at - start) * 10) / Math.max(1, durationMs)));
    tenths[k] = Math.max(tenths[k] ?? 0, rss);
  }
  return tenths;
}

function emptyPeak(): Record<(typeof FIGURES)[number], number> {
  return { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
}
