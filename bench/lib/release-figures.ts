// The last release's quick-run figures, written in bench/README.md ("Last release: quick
// figures"), against this run's tables. Issue 29: the engine got 5-14 % slower and no quick run
// said so, because nothing compared a run with the one before; a regression should show in the
// run that causes it. A row more than WORSE_BY worse is said in a plain line, never a failure:
// quick runs are short and the machine is shared, so one line is a reason to look, not a verdict.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchTable, Cell } from './table';

/** More than this much worse than the release's figure is said. */
export const WORSE_BY = 0.03;

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const HEADING = '## Last release: quick figures';

export interface ReleaseFigure {
  /** The benchmark's name in bench/run.ts. */
  readonly bench: string;
  /** The row's first cells joined by " / " (e.g. "+150 ms / engine / never"). */
  readonly row: string;
  /** A column of the benchmark's table; every figure compared is better when lower. */
  readonly column: string;
  readonly value: number;
}

/** The figures table under HEADING in the README's text; rows that do not parse are skipped. */
export function parseReleaseFigures(markdown: string): ReleaseFigure[] {
  const start = markdown.indexOf(HEADING);
  if (start < 0) return [];
  const lines = markdown.slice(start + HEADING.length).split('\n');
  const figures: ReleaseFigure[] = [];
  for (const line of lines) {
    if (line.startsWith('## ')) break;
    const cells = line.split('|').map((c) => c.trim());
    // | bench | row | column | value |: six pieces with the empty ones outside the pipes.
    if (cells.length !== 6) continue;
    const [, bench = '', row = '', column = '', value = ''] = cells;
    const n = Number(value);
    if (bench === '' || value === '' || !Number.isFinite(n)) continue;
    figures.push({ bench, row, column: column.replaceAll('`', ''), value: n });
  }
  return figures;
}

export function readReleaseFigures(file = README): ReleaseFigure[] {
  try {
    return parseReleaseFigures(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

function rowKey(cells: readonly Cell[], parts: number): string {
  return cells
    .slice(0, parts)
    .map((c) => (c === null ? '-' : String(c)))
    .join(' / ');
}

/**
 * One line per figure of this benchmark: how this run's row compares with the release's, and a
 * plain "WORSE" when it is more than WORSE_BY worse. Rows of the run that share a key (seeds) are
 * compared by their median.
 */
export function compareWithRelease(
  bench: string,
  table: BenchTable,
  figures: readonly ReleaseFigure[],
): string[] {
  const lines: string[] = [];
  for (const f of figures.filter((x) => x.bench === bench)) {
    const col = table.columns.indexOf(f.column);
    const parts = f.row.split(' / ').length;
    const values = table.rows
      .filter((r) => rowKey(r, parts) === f.row)
      .map((r) => r[col])
      .filter((v): v is number => typeof v === 'number');
    if (col < 0 || values.length === 0) {
      lines.push(`${bench} ${f.row}: no ${f.column} in this run to compare with the release's`);
      continue;
    }
    const now = median(values);
    const change = now / f.value - 1;
    const said = `${bench} ${f.row}: ${f.column} ${fmt(now)} against the last release's ${fmt(f.value)}`;
    lines.push(
      isWorse(now, f.value)
        ? `WORSE: ${said}, ${(change * 100).toFixed(1)} % worse (more than ${WORSE_BY * 100} %)`
        : `ok: ${said}`,
    );
  }
  return lines;
}

/**
 * More than WORSE_BY above the release's figure. Compared with the figure's bound, not with the
 * quotient: 1.03 / 1.00 - 1 is 0.030000000000000027 in floating point, and exactly 3 % worse
 * is not more than 3 % worse.
 */
export function isWorse(now: number, release: number): boolean {
  return now > release * (1 + WORSE_BY) * (1 + 1e-9);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(3));
