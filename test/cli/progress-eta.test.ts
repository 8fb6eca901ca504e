// The CLI's progress line says the time left by the window's rule (common/throughput.ts, issue
// 22 item 7): nothing while too few readings came back, then "about N min left"; nothing once
// every photo left is at the service. The engine is stood in for by the events it emits; time
// by a manual clock.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { emptyCounts, type StateCounts } from '../../common/job-record';
import { idleStatus, type EngineStatus } from '../../common/engine-status';
import type { Engine } from '../../main/engine/engine';
import { etaPart, followProgress } from '../../main/cli/progress';
import type { CliIo } from '../../main/cli/output';

function counts(done: number, queued: number, submitted = 0): StateCounts {
  return { ...emptyCounts(), done, queued, submitted, total: done + queued + submitted };
}

describe('the CLI progress line', () => {
  it('claims no time left until readings came back, then the window’s estimate', () => {
    expect(etaPart([], counts(0, 100))).toBe('');
    // 20 readings in 60 s after the first: 20 a minute, 80 left: about 4 min.
    const samples = [
      { at: 0, finished: 0 },
      { at: 5_000, finished: 1 },
      { at: 65_000, finished: 21 },
    ];
    expect(etaPart(samples, counts(21, 80))).toBe('about 4 min left');
    // Everything left is at the service: read side by side, no estimate.
    expect(etaPart(samples, counts(21, 0, 80))).toBe('');
  });

  it('prints it on the plain line as the run goes', () => {
    const engine = new EventEmitter();
    const lines: string[] = [];
    const io = { isTty: false, err: (s: string) => lines.push(s), out: () => undefined };
    let clock = 0;
    const stop = followProgress(engine as unknown as Engine, io as unknown as CliIo, () => clock);
    const status = (c: StateCounts): EngineStatus => ({ ...idleStatus(c), running: true });
    for (const [at, done] of [
      [0, 0],
      [5_000, 1],
      [65_000, 21],
    ] as const) {
      clock = at;
      engine.emit('status', status(counts(done, 101 - done)));
    }
    stop();
    expect(lines[0]).not.toContain('left');
    expect(lines.at(-1)).toBe(
      '21/101 final · done 21 · failed 0 · rejected 0 · queued 80 · in flight 0 | about 4 min left\n',
    );
  });
});
