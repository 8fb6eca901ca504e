// The window's office-wide billing export (issue 23, items 8 and 9; docs/office.md "The
// office-wide billing export and route progress"): the file `meter-desk export billing.csv --office`
// writes, from the Export dialog, with the dialog's template. Its answer, or why there is none (no
// office, or the office's problem in the Office settings' codes).
import { z } from 'zod';
import type { MeterCounts } from '../billing/meter-outcome';
import { billingScope, templateJson } from './billing-schemas';
import type { BillingPreview } from './billing-views';
import type { OfficeProblem, OfficeProblemParams } from './office-views';
import type { ReturnFileView } from './order-file-views';

/** Without a scope, every meter (the CLI's `export --office`); the dialog sends its choice. */
export const officeBillingExportRequest = z.strictObject({
  templateJson,
  scope: billingScope.optional(),
});

export const officeExportOverviewRequest = z.strictObject({ scope: billingScope });

/** A desk whose billing rows are in the file, and how many. */
export interface OfficeBillingDesk {
  readonly desk: string;
  readonly rows: number;
}

export type OfficeBillingFile =
  | {
      readonly state: 'written';
      readonly path: string;
      /** One row per meter of every route in the office. */
      readonly meters: number;
      /** Sorted by name; empty when no desk has published a meter yet. */
      readonly desks: readonly OfficeBillingDesk[];
      /** Characters the file's encoding cannot hold, written as "?". */
      readonly replaced: number;
    }
  /** No Office settings applied: the desk works alone (the window does not offer it then). */
  | { readonly state: 'noOffice' }
  /** Nothing was written: the office's problem, worded as the Office settings' Test words it. */
  | {
      readonly state: 'problem';
      readonly problem: OfficeProblem;
      readonly params: OfficeProblemParams;
    };

/** Why the office gave no answer: none set up, or its problem in the Office settings' codes. */
export type OfficeUnanswered =
  | { readonly state: 'noOffice' }
  | {
      readonly state: 'problem';
      readonly problem: OfficeProblem;
      readonly params: OfficeProblemParams;
    };

/** A route of the office in the Export dialog: its meters by state, and how many have a reading. */
export type OfficeExportRoute = MeterCounts & {
  readonly route: string | null;
  /** Meters with a reading to bill, whichever desk read them. */
  readonly read: number;
};

/**
 * What the Export dialog's "Whole office" shows before anything is written (issue 30, item 8): the
 * office's counts in all and by route, the flagged meters the scope leaves out or includes, and the
 * file's first rows. The same rows `export --office` writes.
 */
export type OfficeExportOverview =
  | {
      readonly state: 'ready';
      readonly totals: Omit<OfficeExportRoute, 'route'>;
      readonly routes: readonly OfficeExportRoute[];
      /** Up to 20 flagged (or unchecked) meters, in walking order, for the warning. */
      readonly flaggedMeters: readonly string[];
      readonly preview: BillingPreview;
    }
  | OfficeUnanswered;

/** The office's return file (the office's copy of the order file, filled from its rows). */
export type OfficeReturnFile =
  | {
      readonly state: 'done';
      readonly file: ReturnFileView;
      /** The desk the order file was loaded at; null when none was written. */
      readonly loadedBy: string | null;
      /** Desks whose readings the filled records follow, sorted by name. */
      readonly desks: readonly OfficeBillingDesk[];
    }
  | OfficeUnanswered;
