import type { AccountStatus } from './history-types';

// One meter as the billing system's route sheet describes it. Readings stay text exactly as written
// (leading zeros belong to the register); the parsed number sits beside them for arithmetic.

export interface MeterRecord {
  meterId: string;
  account: string | null;
  address: string | null;
  route: string | null;
  /** Walking order within the route. */
  sequence: number | null;
  /** Whole-number digits of the register (5 for a register that shows 00000 to 99999). */
  registerDigits: number | null;
  /** Digits after the decimal point (the red drums), 0 when it has none. */
  registerDecimals: number | null;
  /** As written in the sheet, leading zeros kept, e.g. "00123.4". */
  previousReading: string | null;
  previousReadingValue: number | null;
  /** ISO calendar date, yyyy-mm-dd. */
  previousReadAt: string | null;
  /** Units (m³) per day from earlier periods. */
  avgDailyUse: number | null;
  /**
   * The serial or barcode on the meter's sticker, as a photo's code carries it (issue 25): a code
   * naming another meter flags the photo. Absent or null when the sheet has none.
   */
  barcode?: string | null;
  /**
   * The cells of the sheet's columns no field takes (an order id, a note), by header, as written:
   * an export template may carry them through. Absent or {} when there are none.
   */
  sheetCells?: Readonly<Record<string, string>>;
  /**
   * The account's status (issue 33): a vacant account should use nothing, so a zero passes and
   * use is flagged. Absent or null when the sheet has no such column (the checks take it as active).
   */
  accountStatus?: AccountStatus | null;
  /** yyyy-mm-dd since when the status holds, when the sheet says. */
  statusSince?: string | null;
  /**
   * The rate or meter class as written ("Haushalt", "Garten"): meters of one class share a
   * seasonal pattern and a spread (common/billing/history-model.ts).
   */
  meterClass?: string | null;
}

/** The fields a column of a route sheet can fill, in the order the window lists them. */
export const METER_FIELDS = [
  'meterId',
  'account',
  'address',
  'route',
  'sequence',
  'registerDigits',
  'registerDecimals',
  'previousReading',
  'previousReadAt',
  'avgDailyUse',
  'barcode',
  'accountStatus',
  'statusSince',
  'meterClass',
] as const;
export type MeterField = (typeof METER_FIELDS)[number];

export const REQUIRED_METER_FIELDS: readonly MeterField[] = ['meterId'];

/** How the clerk's documents call each field (messages name columns and fields this way). */
export const METER_FIELD_LABELS: Readonly<Record<MeterField, string>> = {
  meterId: 'meter id',
  account: 'account',
  address: 'address',
  route: 'route',
  sequence: 'walking sequence',
  registerDigits: 'register digits',
  registerDecimals: 'register decimals',
  previousReading: 'previous reading',
  previousReadAt: 'previous read date',
  avgDailyUse: 'average daily use',
  barcode: 'serial or barcode',
  accountStatus: 'account status',
  statusSince: 'status since',
  meterClass: 'rate or meter class',
};

/** Register set-ups MeterDesk accepts (water meters show 4 to 9 digits and up to 4 decimals). */
export const MAX_REGISTER_DIGITS = 12;
export const MAX_REGISTER_DECIMALS = 4;
