// One record of the billing export: a meter with its reading for the period (or the reason there
// is none), or a photo that matched no meter.
import type { CheckLevel } from './plausibility-types';
import type { CheckFlags } from './rule-lines';
import type { DecisionNote, OutcomeNote } from './outcome-notes';

/**
 * How the billed reading came to be, for an auditor (docs/billing.md, "Export"):
 * - auto_accepted: the AI's reading passed every check and nobody looked at it;
 * - confirmed: a person confirmed the AI's reading as it was;
 * - corrected: a person replaced the AI's reading with their own;
 * - typed: a person typed the reading by hand (no photo read);
 * - estimated: nobody read the meter; the reading is an estimate (average daily use × days,
 *   read type "estimated").
 */
export const CONFIRMATIONS = [
  'auto_accepted',
  'confirmed',
  'corrected',
  'typed',
  'estimated',
] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/**
 * removal and install: the two rows an exchange adds before the period's reading (the old meter's
 * last reading and the new one's first, common/billing/exchange-rows.ts).
 */
export const READ_TYPES = [
  'actual',
  'customer',
  'estimated',
  'verified',
  'no_read',
  'removal',
  'install',
] as const;
export type ReadType = (typeof READ_TYPES)[number];

export const SKIP_CODES = ['no_access', 'locked', 'dog', 'buried', 'damaged', 'other'] as const;
/** Why a meter was not read; billing estimates these. */
export type SkipCode = (typeof SKIP_CODES)[number];

export interface BillingRow {
  /** Null for an unmatched photo. */
  meterId: string | null;
  account: string | null;
  address: string | null;
  route: string | null;
  sequence: number | null;
  /** ISO date or stamp ("2026-10-12T08:15:30+02:00"); the camera's wall clock when no offset. */
  readAt: string | null;
  /** The reading to bill, as text (leading zeros kept); null when not read. */
  reading: string | null;
  /** The service's reading beside it, for audits. */
  aiReading: string | null;
  confirmation: Confirmation | null;
  readType: ReadType;
  skipCode: SkipCode | null;
  skipNote: string | null;
  /** Units since the previous reading (rollover included); null when unknown. */
  consumption: number | null;
  previousReading: string | null;
  /** yyyy-mm-dd. */
  previousReadAt: string | null;
  /** Decimals the register shows: readings and consumption are written with that many. */
  registerDecimals: number | null;
  plausibility: CheckLevel | null;
  /** The flagged rules' sentences, in English. */
  reasons: string;
  /**
   * The reasons as codes, so an export in another language words every part from its templates
   * (export-reasons.ts): the decision's notes, the check, why the meter waits, copies of the photo.
   * Absent: `reasons` as it is.
   */
  reasonParts?: {
    before: readonly DecisionNote[];
    check: CheckFlags | null;
    after: readonly OutcomeNote[];
    copies: number;
  };
  useOnBill: boolean;
  /** The photo's path below the folder that was added ("/" separated). */
  photo: string | null;
  photoSha256: string | null;
  /** The codes read on the photo (a serial sticker), their texts; absent: none. */
  photoCodes?: readonly string[];
  taskId: string | null;
  unmatched: boolean;
  /** Set when this photo repeats another (the meter id or photo it duplicates). */
  duplicateOf: string | null;
  /**
   * The meter's serial: the route sheet's serial or barcode, or the new meter's on an exchange's
   * installation row and the reading after it (absent or null: none).
   */
  meterSerial?: string | null;
  /** The route sheet's cells no field takes, by header, as written (absent: none). */
  sheetCells?: Readonly<Record<string, string>>;
}
