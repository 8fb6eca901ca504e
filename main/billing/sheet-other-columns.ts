// The route sheet's columns no field takes (an order id, a note for the reader): their cells are
// kept per meter, as written, so an export template can carry them back to the billing system.
import type { MeterRecord } from '../../common/billing/meter-record';
import type { ColumnIndex } from './route-sheet-columns';

export interface OtherColumns {
  /** Their headers in the sheet's order (blank and repeated headers left out). */
  readonly headers: string[];
}

/** Adds each meter's other cells (`sheetCells`, blank cells left out); the headers they have. */
export function keepOtherColumns(
  headers: readonly string[],
  columns: ColumnIndex,
  dataRows: readonly (readonly string[])[],
  meters: readonly MeterRecord[],
): OtherColumns {
  const taken = new Set(Object.values(columns));
  const seen = new Set<string>();
  const others: { index: number; header: string }[] = [];
  headers.forEach((header, index) => {
    if (taken.has(index) || header === '' || seen.has(header)) return;
    seen.add(header);
    others.push({ index, header });
  });
  const idColumn = columns.meterId;
  if (others.length === 0 || idColumn === undefined) return { headers: [] };
  const byId = new Map(meters.map((m) => [m.meterId.toLowerCase(), m]));
  for (const row of dataRows) {
    const meter = byId.get((row[idColumn] ?? '').trim().toLowerCase());
    if (!meter || meter.sheetCells) continue;
    const cells: Record<string, string> = {};
    for (const { index, header } of others) {
      const cell = row[index] ?? '';
      if (cell.trim() !== '') cells[header] = cell;
    }
    meter.sheetCells = cells;
  }
  return { headers: others.map((o) => o.header) };
}
