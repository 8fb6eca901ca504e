// The window's "Office report" (issue 23, item 7; docs/office.md "Supervisor report"): the four
// sections of `meter-desk office report` for one day, as plain data the window words, or why
// there is no report (no office, or the office's problem in the Office settings' codes).
import { z } from 'zod';
import type { MeterState } from '../billing/meter-outcome';
import type { OfficeProblem, OfficeProblemParams } from './office-views';

/** A local date (yyyy-mm-dd) on this computer's calendar: the office's day. */
const reportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The yyyy-mm-dd of an instant on this computer's calendar (the office's day, not UTC's). */
export function localDayOf(at: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${String(at.getFullYear())}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/** Which day; none: today. */
export const officeReportRequest = z.strictObject({ day: reportDay.optional() });

/** One route of the office: the columns of `routes --office`. */
export type OfficeReportRoute = Readonly<Record<MeterState, number>> & {
  /** null: the meters of no route. */
  readonly route: string | null;
  readonly meters: number;
  readonly read: number;
};

export interface OfficeReportClerk {
  readonly clerk: string;
  readonly decisions: number;
  /** ISO 8601 instants of the day's first and last decision. */
  readonly first: string;
  readonly last: string;
  /** null: one instant (a single decision). */
  readonly perHour: number | null;
}

export interface OfficeReportReader {
  /** The photo folder (or the desk, for photos at the top of its folder). */
  readonly reader: string;
  readonly photos: number;
  readonly skips: number;
  readonly rereads: number;
  /** Shares of the photos; null when the folder brought no photos that day. */
  readonly skipRate: number | null;
  readonly rereadRate: number | null;
}

/** Why there is no report: the office's problem, worded as the Office settings' Test words it. */
export interface OfficeReportProblem {
  readonly state: 'problem';
  readonly day: string;
  readonly problem: OfficeProblem;
  readonly params: OfficeProblemParams;
}

export type OfficeReportView =
  /** No Office settings applied: the desk works alone. */
  | { readonly state: 'noOffice'; readonly day: string }
  | OfficeReportProblem
  | {
      readonly state: 'report';
      readonly day: string;
      readonly desk: string;
      readonly host: string;
      readonly database: string;
      readonly routes: readonly OfficeReportRoute[];
      readonly clerks: readonly OfficeReportClerk[];
      readonly readers: readonly OfficeReportReader[];
      /** Readings finished that day with a fresh (paid) result, and failed attempts. */
      readonly quota: { readonly paid: number; readonly failed: number };
    };

/** "Export CSV…": the file written, or why not (the file is then not written at all). */
export type OfficeReportFile =
  | {
      readonly state: 'written';
      readonly day: string;
      readonly path: string;
      readonly rows: number;
    }
  | { readonly state: 'noOffice'; readonly day: string }
  | OfficeReportProblem;
