// The window's office-wide billing export (issue 23, items 8 and 9; docs/office.md "The
// office-wide billing export and route progress"): the file `meter-desk export billing.csv --office`
// writes, from the Export dialog, with the dialog's template. Its answer, or why there is none (no
// office, or the office's problem in the Office settings' codes).
import { z } from 'zod';
import { templateJson } from './billing-schemas';
import type { OfficeProblem, OfficeProblemParams } from './office-views';

export const officeBillingExportRequest = z.strictObject({ templateJson });

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
