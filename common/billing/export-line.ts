// A line of an export file as text, before encoding: what main writes and what the window's
// preview shows are the same characters. Why the rules beyond RFC 4180 (main/export/csv.ts):
// a text cell starting like a formula (= + - @ TAB CR) gets an apostrophe, because spreadsheets
// run such cells (OWASP "CSV injection"); both list separators and line breaks force quotes,
// whatever the delimiter, because a spreadsheet may split on the other one; a number cell is
// written as it is only when it is digits, a sign and one decimal mark.
import type { BillingRow } from './billing-row';
import { NUMBER_CELL, templateCells, templateHeaders, templateKinds } from './export-cells';
import type { ExportCellKind } from './export-cells';
import type { ExportTemplate } from './export-template';

const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

/** True when a spreadsheet could interpret the text as a formula. */
export function needsNeutralising(value: string): boolean {
  return FORMULA_TRIGGER.test(value);
}

/** A text cell as it appears in the file: neutralised, quoted when needed. */
export function textCell(value: string): string {
  const safe = needsNeutralising(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One billing cell as it appears in the file. */
export function billingCell(value: string, kind: ExportCellKind, delimiter: string): string {
  if (kind === 'number' && NUMBER_CELL.test(value)) return value;
  const formatted = textCell(value);
  // textCell quotes for "," ";" and line breaks; a tab only splits cells in a tab-separated file.
  if (delimiter === '\t' && value.includes('\t') && !formatted.startsWith('"'))
    return `"${formatted}"`;
  return formatted;
}

/** One line of cells, without its line break; header cells are text. */
export function billingLine(
  cells: readonly string[],
  kinds: readonly ExportCellKind[] | null,
  delimiter: string,
): string {
  return cells.map((c, i) => billingCell(c, kinds?.[i] ?? 'text', delimiter)).join(delimiter);
}

/** The header and the first rows exactly as the export writes them (the window's preview). */
export function previewLines(
  rows: readonly BillingRow[],
  template: ExportTemplate,
  zone: string,
): string[] {
  const kinds = templateKinds(template);
  const written = rows.filter((r) => !r.unmatched || template.includeUnmatched);
  return [
    billingLine(templateHeaders(template), null, template.delimiter),
    ...written.map((r) => billingLine(templateCells(r, template, zone), kinds, template.delimiter)),
  ];
}
