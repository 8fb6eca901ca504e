// The return file: the order file's own lines with the filled fields written into its order
// records, every other byte as it came (encoding, line endings, final newline, BOM, quoting,
// trailing spaces, empty cells); nothing added, dropped or reordered. With it the exceptions:
// those of the load, the records not read, readings that do not fit, billing's own checks.
import { fileAgeException, medianDate, READ_DATE_WINDOW_DAYS } from './billing-checks';
import { daysBetween } from './order-values';
import type { OrderLine } from './order-lines';
import type { OrderException, OrderRecord, ParsedOrderFile } from './order-records';
import { fillRecord, notReadFill, type MeterResult, type Refusal } from './return-fill';

export interface ReturnInput {
  readonly file: ParsedOrderFile;
  /** The billed result of a meter (by the order's meter field); null: not in the queue. */
  readonly resultOf: (meter: string) => MeterResult | null;
  /** Photos whose meter is in no order record. */
  readonly photosWithoutOrder: readonly { photo: string; meter: string | null }[];
  /** Today, office-local yyyy-mm-dd: the file's age is counted to it. */
  readonly today: string;
  /** The order file's own time (yyyy-mm-dd) where its records name no creation date. */
  readonly fileTime: string | null;
}

export type BuiltReturn =
  | {
      ok: true;
      /** The return's bytes as a byte string (order-lines.ts). */
      bytes: string;
      exceptions: OrderException[];
      filled: number;
      notRead: number;
    }
  | { ok: false; refusal: Refusal };

function placeFixed(text: string, start: number, end: number, value: string): string {
  const width = end - start + 1;
  const v = value.padEnd(width, ' ').slice(0, width);
  const head = text.length < start - 1 ? text.padEnd(start - 1, ' ') : text.slice(0, start - 1);
  return head + v + text.slice(end);
}

function applyValues(
  file: ParsedOrderFile,
  line: OrderLine,
  r: OrderRecord,
  values: readonly (string | null)[],
): OrderLine {
  const { fills } = file.profile;
  let text = line.text;
  if (file.profile.kind === 'fixed') {
    fills.forEach((f, i) => {
      const v = values[i];
      if (v != null && 'start' in f.field) text = placeFixed(text, f.field.start, f.field.end, v);
    });
    return { text, eol: line.eol };
  }
  const cells = r.cells ?? [];
  const edits = fills
    .map((_, i) => ({ at: file.delimited?.fillCells[i] ?? -1, value: values[i] }))
    .filter((e): e is { at: number; value: string } => e.at >= 0 && e.value != null)
    .sort((a, b) => b.at - a.at);
  for (const e of edits) {
    const cell = cells[e.at];
    if (cell) text = text.slice(0, cell.start) + e.value + text.slice(cell.end);
  }
  return { text, eol: line.eol };
}

export function buildReturn(input: ReturnInput): BuiltReturn {
  const { file } = input;
  const lines = [...file.lines];
  const exceptions: OrderException[] = [...file.exceptions];
  const readDates: { r: OrderRecord; date: string; scheduled: string | null }[] = [];
  let filled = 0;
  let notRead = 0;
  let fileDate: string | null = null;
  for (const r of file.records) {
    const line = lines[r.index];
    if (!line) continue;
    if (r.role === 'no_key') continue;
    const result = r.role === 'order' ? input.resultOf(r.meter) : null;
    const fill = r.role === 'order' ? fillRecord(file, r, result) : notReadFill(file, r);
    if (fill.kind === 'refused') return { ok: false, refusal: fill.refusal };
    fileDate ??= fill.facts.fileDate;
    exceptions.push(...fill.exceptions);
    lines[r.index] = applyValues(file, line, r, fill.values);
    const wrote =
      r.role === 'order' &&
      result?.reading != null &&
      !fill.exceptions.some((e) => e.reason === 'format');
    if (wrote) {
      filled++;
      if (result.readDate)
        readDates.push({ r, date: result.readDate, scheduled: fill.facts.scheduledDate });
    } else notRead++;
  }
  // The read-date window: against the scheduled date, else the route's median read date.
  const median = medianDate(readDates.map((d) => d.date));
  for (const { r, date, scheduled } of readDates) {
    const ref = scheduled ?? median;
    if (ref === null) continue;
    const days = daysBetween(ref, date);
    if (Math.abs(days) > READ_DATE_WINDOW_DAYS)
      exceptions.push({
        reason: 'read_date',
        key: r.key,
        line: r.index + 1,
        params: {
          readDate: date,
          scheduled: ref,
          days: Math.abs(days),
          window: READ_DATE_WINDOW_DAYS,
        },
      });
  }
  const aged = fileAgeException(fileDate ?? input.fileTime, input.today);
  if (aged) exceptions.push(aged);
  for (const p of input.photosWithoutOrder)
    exceptions.push({
      reason: 'no_order',
      key: '',
      line: 0,
      params: { photo: p.photo, meter: p.meter ?? '' },
    });
  exceptions.sort((a, b) => a.line - b.line);
  let bytes = '';
  for (const l of lines) bytes += l.text + l.eol;
  return { ok: true, bytes, exceptions, filled, notRead };
}
