// What reading an order file gives: its lines as they are, its order records (each with the line
// it came from), and the exceptions found on the way. Types only; the parsers fill them.
import type { Cell } from './delimited-cells';
import type { OrderLine, TextEncoding } from './order-lines';
import type { OrderField, OrderProfile } from './profile';

/**
 * - order: the record a meter's reading goes into;
 * - duplicate: its key was seen on an earlier line (the first is kept);
 * - no_key: its key is empty;
 * - shared_meter: its meter field is shared with other records (registers, not supported yet).
 */
export type RecordRole = 'order' | 'duplicate' | 'no_key' | 'shared_meter';

export interface OrderRecord {
  /** Index into the file's lines (0-based); the exceptions say `line` = index + 1. */
  readonly index: number;
  readonly key: string;
  readonly meter: string;
  role: RecordRole;
  /** Values as a person reads them, trimmed; absent where the profile or the record has none. */
  readonly values: Partial<Record<OrderField, string>>;
  /** Delimited files: the line's cells, where each sits. */
  readonly cells?: readonly Cell[];
}

/** The exceptions' reasons (docs/billing-files.md, "Exceptions"), and billing's own checks. */
export const EXCEPTION_REASONS = [
  'duplicate_key',
  'no_key',
  'shared_meter',
  'not_read',
  'no_order',
  'format',
  'not_an_order',
  'limits',
  'read_date',
  'file_age',
  'exchanged',
] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

/** An exception as a code with its parameters; worded at the edges (exception-english.ts). */
export interface OrderException {
  readonly reason: ExceptionReason;
  readonly key: string;
  /** The physical line in the order file (1-based); 0 for a photo, which has none. */
  readonly line: number;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface DelimitedLayout {
  readonly delimiter: string;
  /** The header line's index. */
  readonly headerIndex: number;
  /** Per fill of the profile (same order), the cell index of its column; -1: not in this file. */
  readonly fillCells: readonly number[];
}

export interface ParsedOrderFile {
  readonly profile: OrderProfile;
  readonly encoding: TextEncoding;
  readonly lines: readonly OrderLine[];
  readonly records: readonly OrderRecord[];
  readonly exceptions: readonly OrderException[];
  /** The decimal mark of the file's numbers, "," or ".". */
  readonly decimalMark: string;
  /** Delimited files: where the header and the filled columns are. */
  readonly delimited: DelimitedLayout | null;
  /** A sample of the file's previous-read dates, for writing dates in the file's own style. */
  readonly dateSample: string | null;
}
