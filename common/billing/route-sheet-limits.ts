// What a route sheet may hold. Beyond these the sheet is refused with a message naming the limit:
// a real billing export of a few hundred thousand meters fits well inside them, and the parser's
// memory stays bounded whatever file is dropped on it.

export const MAX_SHEET_BYTES = 64 * 1024 * 1024;
/** Data rows, the header row not counted. */
export const MAX_SHEET_ROWS = 250_000;
export const MAX_SHEET_COLUMNS = 500;
/** Characters in one cell (an address with notes is a few hundred). */
export const MAX_CELL_CHARS = 10_000;
/** Rows the window shows when the clerk checks the column mapping. */
export const SAMPLE_ROWS = 20;
/** Problems reported one by one; the rest are counted ("and N more"). */
export const MAX_REPORTED_PROBLEMS = 100;
