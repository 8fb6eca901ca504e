// The billing export: one row per meter (and, when the template says so, per unmatched photo),
// in the template's columns, delimiter, decimal mark, dates and encoding. Lines are made by
// common/billing/export-line.ts (formula neutralising and quoting; number cells as they are,
// safe because they can only hold digits, a sign and a mark), the same the window's preview shows.
// The file appears complete or not at all.
import type { BillingRow } from '../../common/billing/billing-row';
import {
  templateCells,
  templateHeaders,
  templateKinds,
  type ExportCellKind,
} from '../../common/billing/export-cells';
import { bookedRows, exchangeRows } from '../../common/billing/exchange-rows';
import { billingLine } from '../../common/billing/export-line';
import { officeTimeZone } from '../../common/billing/export-read-at';
import {
  dialectTemplate,
  SHEET_DIALECT_SETTING,
  storedDialect,
  type SheetDialect,
} from '../../common/billing/export-dialect';
import type { BillingPreview } from '../../common/ipc/billing-views';
import { DEFAULT_EXPORT_TEMPLATE, type ExportTemplate } from '../../common/billing/export-template';
import { columnLetter } from '../../common/billing/row-problem';
import { replyText } from '../../common/reply-english';
import { replyMessage, type ReplyMessage } from '../../common/reply-messages';
import { openExportFile } from '../export/csv';
import type { Store } from '../store/store';
import { countUnencodable, encodeWindows1252, firstUnencodable } from './windows-1252';

export interface BillingExportOptions {
  /** Cancels the export; the target is left untouched. */
  signal?: AbortSignal;
  /** The office's time zone for read_at (common/billing/export-read-at.ts); this computer's by default. */
  timeZone?: string;
}

export interface BillingExportResult {
  path: string;
  /** Data rows written, header excluded. */
  rows: number;
  unmatched: number;
  /** Characters written as "?" (Windows-1252 with unencodable: "replace"). */
  replaced: number;
}

/** A character the chosen encoding cannot hold, and where it is (row 1 is the header). */
export class UnencodableError extends Error {
  override readonly name = 'UnencodableError';

  constructor(
    readonly row: number,
    readonly column: string,
    readonly header: string,
    readonly character: string,
  ) {
    super(replyText(replyMessage('unencodable', { row, column, header, character })));
  }

  /** The same as the code the window words (IpcError.said). */
  get said(): ReplyMessage {
    const { row, column, header, character } = this;
    return replyMessage('unencodable', { row, column, header, character });
  }
}

/**
 * The loaded sheet's dialect, as its load kept it (common/billing/export-dialect.ts): what the
 * desk's default billing export, its field list (missing-export.ts) and what it gives the office
 * are written in. Null: none kept (a sheet loaded by an older version).
 */
export function sheetDialectOf(store: Pick<Store, 'settings'>): SheetDialect | null {
  return storedDialect(store.settings.get<unknown>(SHEET_DIALECT_SETTING, null));
}

/** The template an export uses when none is saved or given: the loaded sheet's dialect. */
export function defaultBillingTemplate(store: Pick<Store, 'settings'>): ExportTemplate {
  return dialectTemplate(sheetDialectOf(store));
}

/** Rows the export dialog previews: the first of the export's rows, so reading stays short. */
export const PREVIEW_ROWS = 5;

/** What the dialog previews: the first rows of `rows`, the sheet's dialect, the office's zone. */
export function billingPreview(
  store: Pick<Store, 'settings' | 'meters'>,
  rows: Iterable<BillingRow>,
): BillingPreview {
  const first: BillingRow[] = [];
  for (const row of bookedRows(rows)) {
    if (first.length >= PREVIEW_ROWS) break;
    first.push(row);
  }
  return {
    rows: first,
    dialect: sheetDialectOf(store),
    timeZone: officeTimeZone(),
    sheetColumns: store.meters.otherHeaders(),
  };
}

const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
const CHUNK_CHARS = 256 * 1024;

export async function exportBilling(
  rows: Iterable<BillingRow> | AsyncIterable<BillingRow>,
  outPath: string,
  template: ExportTemplate = DEFAULT_EXPORT_TEMPLATE,
  options: BillingExportOptions = {},
): Promise<BillingExportResult> {
  const lines = new BillingLines(template, options.timeZone);
  let unmatched = 0;
  let count = 0;
  async function* made(): AsyncGenerator<string> {
    for await (const row of rows) {
      options.signal?.throwIfAborted();
      const made = lines.made(row, count + 2);
      if (made === null) continue;
      count += made.rows;
      if (row.unmatched) unmatched += made.rows;
      yield made.text;
    }
  }
  const path = await writeBillingLines(made(), outPath, lines, options.signal);
  return { path, rows: count, unmatched, replaced: lines.replaced };
}

/**
 * Writes the header and `made` (lines of `lines`, each ending in CRLF, made now or kept from an
 * earlier export with the same template and zone, as the office keeps them: office-lines.ts), all
 * or nothing; the path written. What the lines count is the caller's.
 */
export async function writeBillingLines(
  made: Iterable<string> | AsyncIterable<string>,
  outPath: string,
  lines: BillingLines,
  signal?: AbortSignal,
): Promise<string> {
  signal?.throwIfAborted();
  const file = await openExportFile(outPath);
  try {
    if (lines.template.encoding === 'utf-8-bom') await file.write(UTF8_BOM);
    let pending = lines.header();
    for await (const line of made) {
      pending += line;
      if (pending.length >= CHUNK_CHARS) {
        await file.write(lines.encode(pending));
        pending = '';
      }
    }
    await file.write(lines.encode(pending));
    signal?.throwIfAborted();
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
  return file.targetPath;
}

/**
 * One row's line as the export writes it, CRLF included; null where the template leaves the row
 * out (an unmatched photo). `row` is its row in the file (the header is 1), for UnencodableError.
 */
export class BillingLines {
  private readonly encoder: RowEncoder;
  readonly timeZone: string;

  constructor(
    readonly template: ExportTemplate,
    timeZone: string = officeTimeZone(),
  ) {
    this.encoder = new RowEncoder(template);
    this.timeZone = timeZone;
  }

  get replaced(): number {
    return this.encoder.replaced;
  }

  header(): string {
    return this.encoder.line(templateHeaders(this.template), 1, null);
  }

  /** A meter's lines (see made()), or null where the template leaves the meter out. */
  line(row: BillingRow, fileRow: number): string | null {
    return this.made(row, fileRow)?.text ?? null;
  }

  /**
   * A meter's lines, CRLF each, from `fileRow` (the first's row in the file, for an error to name):
   * one, or an exchanged meter's three as billing books it (removal, installation, the reading).
   */
  made(meterRow: BillingRow, fileRow: number): { text: string; rows: number } | null {
    if (meterRow.unmatched && !this.template.includeUnmatched) return null;
    let text = '';
    let rows = 0;
    for (const row of exchangeRows(meterRow)) {
      // A reading without its consumption is never billable, whatever the row was built from.
      const billable = row.useOnBill && (row.reading === null || row.consumption !== null);
      text += this.encoder.line(
        templateCells({ ...row, useOnBill: billable }, this.template, this.timeZone),
        fileRow + rows,
        this.encoder.kinds,
      );
      rows++;
    }
    return { text, rows };
  }

  /** Counts a kept line's characters that Windows-1252 cannot hold ("replace"), as line() does. */
  kept(line: string): string {
    if (this.template.encoding === 'windows-1252') this.encoder.replaced += countUnencodable(line);
    return line;
  }

  encode(text: string): Uint8Array {
    return this.encoder.encode(text);
  }
}

/** Formats lines and encodes them, checking Windows-1252 cell by cell so errors can name one. */
class RowEncoder {
  readonly kinds: ExportCellKind[];
  replaced = 0;
  private readonly headers: string[];

  constructor(private readonly template: ExportTemplate) {
    this.kinds = templateKinds(template);
    this.headers = templateHeaders(template);
  }

  line(cells: readonly string[], row: number, kinds: readonly ExportCellKind[] | null): string {
    const { delimiter, encoding, unencodable } = this.template;
    if (encoding === 'windows-1252') {
      cells.forEach((value, i) => {
        const bad = firstUnencodable(value);
        if (bad === null) return;
        if (unencodable === 'error')
          throw new UnencodableError(row, columnLetter(i), this.headers[i] ?? '', bad);
        this.replaced += countUnencodable(value);
      });
    }
    return `${billingLine(cells, kinds, delimiter)}\r\n`;
  }

  encode(text: string): Uint8Array {
    return this.template.encoding === 'windows-1252'
      ? encodeWindows1252(text)
      : Buffer.from(text, 'utf8');
  }
}
