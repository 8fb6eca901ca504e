// Delimited order files (SAP's BAPIEABLU CSV, any office's CSV): the header names the columns; a
// row with the header's cells is an order record; comment rows, trailers and short rows pass
// through as they are, told as exceptions.
import { normalHeader, pickDelimiter, splitCells, type Cell } from './delimited-cells';
import { humanText, type OrderLine, type TextEncoding } from './order-lines';
import type { DelimitedLayout, OrderException, OrderRecord } from './order-records';
import { ORDER_FIELDS, type FieldRef, type OrderField, type OrderProfile } from './profile';

/** The index of the header column a reference names; -1 when the file has none of its names. */
export function columnIndex(headers: readonly string[], ref: FieldRef): number {
  if (!('column' in ref)) return -1;
  const wanted = ref.column.map(normalHeader);
  for (const name of wanted) {
    const at = headers.indexOf(name);
    if (at >= 0) return at;
  }
  return -1;
}

export type DelimitedParse =
  | {
      ok: true;
      records: OrderRecord[];
      exceptions: OrderException[];
      layout: DelimitedLayout;
    }
  | { ok: false; problem: 'no_header' | 'no_key_column' | 'no_reading_column'; headers: string[] };

export function headerLine(profile: OrderProfile, lines: readonly OrderLine[]): number {
  return lines.findIndex(
    ({ text }) =>
      text.trim() !== '' &&
      (profile.commentPrefix === undefined || !text.startsWith(profile.commentPrefix)),
  );
}

export function parseDelimited(
  profile: OrderProfile,
  lines: readonly OrderLine[],
  encoding: TextEncoding,
): DelimitedParse {
  const headerIndex = headerLine(profile, lines);
  const header = lines[headerIndex]?.text;
  if (header === undefined) return { ok: false, problem: 'no_header', headers: [] };
  const delimiter = pickDelimiter(header, profile.delimiter);
  const headers = splitCells(header, delimiter).map((c) =>
    normalHeader(humanText(c.value, encoding)),
  );
  const named = headers.map((h, i) =>
    humanText(splitCells(header, delimiter)[i]?.value ?? h, encoding),
  );
  const keyCols = profile.fields.key.map((ref) => columnIndex(headers, ref));
  const meterCol = columnIndex(headers, profile.fields.meter);
  if (keyCols.some((c) => c < 0) || meterCol < 0)
    return { ok: false, problem: 'no_key_column', headers: named };
  const fillCells = profile.fills.map((f) => columnIndex(headers, f.field));
  const readingFill = profile.fills.findIndex((f) => f.value === 'reading');
  if (readingFill < 0 || (fillCells[readingFill] ?? -1) < 0)
    return { ok: false, problem: 'no_reading_column', headers: named };
  const fieldCols = new Map<OrderField, number>();
  for (const f of ORDER_FIELDS) {
    const ref = profile.fields[f];
    const at = ref ? columnIndex(headers, ref) : -1;
    if (at >= 0) fieldCols.set(f, at);
  }
  const records: OrderRecord[] = [];
  const exceptions: OrderException[] = [];
  const cellText = (cells: readonly Cell[], at: number): string =>
    humanText(cells[at]?.value ?? '', encoding).trim();
  lines.forEach(({ text }, index) => {
    if (index === headerIndex || text.trim() === '') return;
    if (profile.commentPrefix !== undefined && text.startsWith(profile.commentPrefix)) {
      exceptions.push({
        reason: 'not_an_order',
        key: '',
        line: index + 1,
        params: { type: 'comment' },
      });
      return;
    }
    const cells = splitCells(text, delimiter);
    if (cells.length < headers.length) {
      exceptions.push({
        reason: 'not_an_order',
        key: '',
        line: index + 1,
        params: { cells: cells.length, columns: headers.length },
      });
      return;
    }
    const values: Partial<Record<OrderField, string>> = {};
    for (const [f, at] of fieldCols) {
      const v = cellText(cells, at);
      if (v !== '') values[f] = v;
    }
    const parts = keyCols.map((at) => cellText(cells, at));
    records.push({
      index,
      key: parts.some((p) => p === '') ? '' : parts.join('/'),
      meter: cellText(cells, meterCol),
      role: 'order',
      values,
      cells,
    });
  });
  return { ok: true, records, exceptions, layout: { delimiter, headerIndex, fillCells } };
}
