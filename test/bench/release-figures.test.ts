// The quick bench's comparison with the last release's figures in bench/README.md: the README's
// table is read, and a row more than 3 % worse is said as WORSE (a line, never a failure).
import { describe, expect, it } from 'vitest';
import {
  compareWithRelease,
  isWorse,
  parseReleaseFigures,
  readReleaseFigures,
} from '../../bench/lib/release-figures';
import type { BenchTable } from '../../bench/lib/table';

const README = [
  '## Last release: quick figures',
  '',
  '| bench | row | column | value |',
  '|---|---|---|---:|',
  '| throughput | +150 ms / engine / never | `time/bound` | 1.05 |',
  '| latency | 120 / 1 | `requests` | 117 |',
  '| latency | 120 / 1 | `time/schedule` | 1.04 |',
  '',
  '## Next section',
  '| other | table | `x` | 3 |',
].join('\n');

const table = (columns: string[], rows: (string | number)[][]): BenchTable => ({
  title: 't',
  columns,
  rows,
  notes: [],
});

describe('release figures', () => {
  it('reads the figures table of its section only', () => {
    expect(parseReleaseFigures(README)).toEqual([
      { bench: 'throughput', row: '+150 ms / engine / never', column: 'time/bound', value: 1.05 },
      { bench: 'latency', row: '120 / 1', column: 'requests', value: 117 },
      { bench: 'latency', row: '120 / 1', column: 'time/schedule', value: 1.04 },
    ]);
  });

  it('says WORSE for a row more than 3 % worse, ok within 3 %', () => {
    const lines = compareWithRelease(
      'latency',
      table(['photos', 'seed', 'time/schedule', 'requests'], [[120, 1, 1.08, 120]]),
      parseReleaseFigures(README),
    );
    expect(lines).toHaveLength(2);
    // 120 against 117 is 2.6 % more: within 3 %.
    expect(lines[0]).toBe("ok: latency 120 / 1: requests 120 against the last release's 117");
    expect(lines[1]?.startsWith('WORSE: latency 120 / 1: time/schedule 1.080')).toBe(true);
  });

  it('says exactly 3 % worse as ok, and anything more as WORSE', () => {
    // 1.03 / 1.00 - 1 is 0.030000000000000027 in floating point: not more than 3 %.
    expect(isWorse(1.03, 1)).toBe(false);
    expect(isWorse(1.0301, 1)).toBe(true);
    expect(isWorse(0.3914, 0.38)).toBe(false);
    expect(isWorse(0.392, 0.38)).toBe(true);
    // Lower is better: any improvement is ok.
    expect(isWorse(0.5, 1)).toBe(false);
    const lines = compareWithRelease(
      'throughput',
      table(
        ['added latency', 'client', 'batch mode', 'time/bound'],
        [['+150 ms', 'engine', 'never', 1.0815]],
      ),
      parseReleaseFigures(README),
    );
    expect(lines).toEqual([
      "ok: throughput +150 ms / engine / never: time/bound 1.081 against the last release's 1.050",
    ]);
  });

  it("compares rows that share the figure's key (seeds) by their median", () => {
    const lines = compareWithRelease(
      'throughput',
      table(
        ['added latency', 'client', 'batch mode', 'time/bound'],
        [
          ['+150 ms', 'engine', 'never', 1.2],
          ['+150 ms', 'engine', 'never', 1.0],
          ['+150 ms', 'engine', 'never', 1.06],
          ['+150 ms', 'engine', 'auto', 9],
        ],
      ),
      parseReleaseFigures(README),
    );
    // Median 1.06 of the three "never" rows (the "auto" row is another figure): 1 % worse.
    expect(lines).toEqual([
      "ok: throughput +150 ms / engine / never: time/bound 1.060 against the last release's 1.050",
    ]);
  });

  it('says when this run has no such row, and the README in the repository has figures', () => {
    const lines = compareWithRelease(
      'throughput',
      table(
        ['added latency', 'client', 'batch mode', 'time/bound'],
        [['+0 ms', 'engine', 'auto', 1]],
      ),
      parseReleaseFigures(README),
    );
    expect(lines).toEqual([
      "throughput +150 ms / engine / never: no time/bound in this run to compare with the release's",
    ]);
    const figures = readReleaseFigures();
    expect(figures.some((f) => f.bench === 'throughput')).toBe(true);
    expect(figures.some((f) => f.bench === 'latency')).toBe(true);
  });
});
