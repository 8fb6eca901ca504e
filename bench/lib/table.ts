// One benchmark's output: a title, a table of rows and notes, printed as markdown so the same
// text can be pasted into bench/README.md.

export type Cell = string | number | null;

export interface BenchTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** Lines printed under the table: scaling, targets, what was measured. */
  readonly notes: readonly string[];
}

function show(cell: Cell): string {
  if (cell === null) return '-';
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : cell.toFixed(2);
  return cell;
}

/** A markdown table with padded columns (numbers right-aligned). */
export function renderTable(table: BenchTable): string {
  const cells = table.rows.map((row) => row.map(show));
  const widths = table.columns.map((c, i) =>
    Math.max(c.length, 3, ...cells.map((row) => (row[i] ?? '').length)),
  );
  const numeric = table.columns.map((_, i) =>
    table.rows.every((row) => typeof row[i] === 'number' || row[i] === null),
  );
  const line = (row: readonly string[]): string =>
    `| ${row
      .map((cell, i) => {
        const w = widths[i] ?? cell.length;
        return numeric[i] ? cell.padStart(w) : cell.padEnd(w);
      })
      .join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [
    `### ${table.title}`,
    '',
    line(table.columns),
    rule,
    ...cells.map(line),
    '',
    ...table.notes.map((n) => `- ${n}`),
  ].join('\n');
}
