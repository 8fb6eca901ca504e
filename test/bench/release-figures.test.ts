// The quick bench's comparison with the last release's figures in bench/README.md: the README's
// table is read, and a row more than 3 % worse is said as WORSE (a line, never a failure).
import { describe, expect, it } from 'vitest';
import {
  compareWithRelease,
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
