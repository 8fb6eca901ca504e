// The window's part of billing files (issue 31; docs/billing-files.md): an order file chosen under
// "Load route sheet", loaded with the profile its content names (or one the clerk chose: a
// built-in, or an office's own profile file), its exceptions with their lines; the return file
// written from the Export dialog; and billing's own limits for one meter, beside MeterDesk's check.
import { z } from 'zod';
import type { CodeCondition } from '../billing/order-files/billing-checks';
import type { OrderException } from '../billing/order-files/order-records';
import type { Refusal } from '../billing/order-files/return-fill';
import { absolutePath } from './schemas';

/** An office's profile file is at most 64,000 characters (common/billing/order-files/profile.ts). */
const MAX_PROFILE_CHARS = 64_000;

/** Which profile reads the file: null, the one its content names; a built-in; a profile file's. */
export const orderProfileChoice = z
  .union([
    z.strictObject({ builtin: z.string().min(1).max(40) }),
    z.strictObject({ json: z.string().min(2).max(MAX_PROFILE_CHARS) }),
  ])
  .nullable();
export type OrderProfileChoice = z.infer<typeof orderProfileChoice>;

export const loadOrderFileRequest = z.strictObject({
  path: absolutePath,
  profile: orderProfileChoice,
  // The order file matches only the photos in these (none given: every folder), as a sheet.
  folders: z.array(absolutePath).max(1000).optional(),
});

/** "Load route sheet" chose a file some built-in profile recognises by its content. */
export interface OrderFilePreview {
  readonly path: string;
  readonly name: string;
  /** The built-in profile its content names; null: none (the clerk chooses one). */
  readonly recognised: string | null;
  readonly builtins: readonly string[];
}

/** A profile file the clerk chose: its name and JSON, or why it cannot be used. */
export type OrderProfileFile =
  | { readonly canceled: true }
  | { readonly canceled: false; readonly ok: true; readonly name: string; readonly json: string }
  | { readonly canceled: false; readonly ok: false; readonly problems: readonly string[] };

export type OrderFileLoadView =
  | {
      readonly ok: true;
      readonly name: string;
      readonly profile: string;
      readonly sha256: string;
      readonly records: number;
      readonly meters: number;
      readonly matched: number;
      readonly unmatched: number;
      readonly exceptions: readonly OrderException[];
    }
  /** The chosen profile cannot read the file: nothing was loaded. */
  | {
      readonly ok: false;
      readonly problem:
        'not_an_order_file' | 'no_header' | 'no_key_column' | 'no_reading_column' | 'no_orders';
      readonly profile: string | null;
      readonly headers: readonly string[];
    };

export const returnFileRequest = z.strictObject({
  /** The loaded order file's name: the save dialog offers a name beside it. */
  orderFile: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^\\/]+$/, 'a file name, not a path'),
});

export type ReturnFileView =
  | {
      readonly ok: true;
      readonly path: string;
      readonly exceptionsPath: string;
      readonly profile: string;
      readonly orderFile: string;
      readonly filled: number;
      readonly notRead: number;
      readonly exceptions: readonly OrderException[];
    }
  | { readonly ok: false; readonly problem: 'no_order_file' | 'unreadable' }
  /** A read type or code the profile does not map: nothing was written. */
  | { readonly ok: false; readonly problem: 'refused'; readonly refusal: Refusal };

export const returnFileWriteRequest = z.strictObject({ path: absolutePath });

/** The loaded order file, for the route panel and the Export dialog. */
export interface OrderFileSummary {
  readonly name: string;
  readonly profile: string;
  readonly loadedAt: string;
}

/** Billing's own checks for one meter, from the record it came from (billing-checks.ts). */
export interface BillingLimitsView {
  readonly profile: string;
  readonly orderFile: string;
  readonly key: string;
  readonly line: number;
  /** Point-decimal texts as the file gives them; null: the file has none. */
  readonly low: string | null;
  readonly high: string | null;
  /** The window wraps past zero (high below low): a rollover is expected. */
  readonly wraps: boolean;
  readonly expected: string | null;
  readonly previous: string | null;
  readonly digits: number | null;
  readonly decimals: number | null;
  /** yyyy-mm-dd: the scheduled read date and the days either side billing accepts. */
  readonly scheduledDate: string | null;
  readonly windowDays: number;
  /** The billed reading against billing's limits (the code the return carries); null: none. */
  readonly condition: CodeCondition | null;
  /** The reading's date against the read-date window; null: no date or no scheduled date. */
  readonly readDate: string | null;
  readonly readDateInside: boolean | null;
  /** The meter's record is not filled (registers sharing the meter field, a duplicate). */
  readonly notFilled: 'shared_meter' | null;
}
