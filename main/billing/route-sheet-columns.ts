// Which column index fills which field, from the sheet's headers and a column mapping.
import { normaliseHeader, type ColumnMapping } from '../../common/billing/column-mapping';
import {
  METER_FIELDS,
  REQUIRED_METER_FIELDS,
  type MeterField,
} from '../../common/billing/meter-record';
import { clip } from '../../common/billing/sheet-values';
import { columnLetter, type ProblemList } from '../../common/billing/row-problem';

export type ColumnIndex = Partial<Record<MeterField, number>>;

/** Column indexes per field; problems (not found, ambiguous, required unmapped) go to `problems`. */
export function resolveColumns(
  headers: readonly string[],
  mapping: ColumnMapping,
  problems: ProblemList,
): ColumnIndex {
  const byName = new Map<string, number[]>();
  headers.forEach((h, i) => {
    const key = normaliseHeader(h);
    if (key === '') return;
    byName.set(key, [...(byName.get(key) ?? []), i]);
  });
  const index: ColumnIndex = {};
  for (const field of METER_FIELDS) {
    const name = mapping.fields[field];
    if (name === undefined) {
      if (REQUIRED_METER_FIELDS.includes(field)) {
        problems.add({
          row: null,
          column: null,
          header: null,
          code: 'required_column_unmapped',
          params: { field },
        });
      }
      continue;
    }
    const found = byName.get(normaliseHeader(name)) ?? [];
    if (found.length === 0) {
      problems.add({
        row: 1,
        column: null,
        header: null,
        code: 'mapped_column_missing',
        params: { field, name: clip(name), headers: headerList(headers) },
      });
    } else if (found.length > 1) {
      problems.add({
        row: 1,
        column: null,
        header: null,
        code: 'ambiguous_header',
        params: { field, name: clip(name), columns: found.map(columnLetter).join(',') },
      });
    } else {
      index[field] = found[0];
    }
  }
  return index;
}

function headerList(headers: readonly string[]): string {
  const shown = headers.slice(0, 12).map((h, i) => `${columnLetter(i)} "${clip(h, 30)}"`);
  return headers.length > 12 ? `${shown.join(', ')}, …` : shown.join(', ');
}
