// A meter's history as billing keeps it (issue 33): dated readings of a point of supply, each with
// how it was taken. The rules derive periods of use from them (history-periods.ts); the store keeps
// them as imported (main/store/history-repo.ts).

export const READ_TYPES = ['actual', 'customer', 'estimated', 'removal', 'install'] as const;
/**
 * actual: read by the utility; customer: read by the customer; estimated: billing's estimate, never
 * a baseline; removal: the old meter's last reading at an exchange; install: the new meter's first.
 */
export type ReadType = (typeof READ_TYPES)[number];

export interface HistoryReading {
  /** yyyy-mm-dd. */
  readAt: string;
  /** As written, leading zeros kept. */
  reading: string;
  readType: ReadType;
}

/** The account's state as the route sheet gives it. */
export const ACCOUNT_STATUSES = ['active', 'vacant'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Consumption between two readings of one meter (rollovers bridged, estimates skipped). */
export interface UsePeriod {
  /** yyyy-mm-dd of the reading that opens and closes it. */
  from: string;
  to: string;
  days: number;
  /** Units used (never negative). */
  used: number;
}

/** What the expectation of this period's use rests on, said with the result. */
export const EXPECTATION_BASES = ['seasonal', 'recent', 'sheet'] as const;
export type ExpectationBasis = (typeof EXPECTATION_BASES)[number];

/** The expected daily use for the period being read, and how far a reading may stray from it. */
export interface Expectation {
  basis: ExpectationBasis;
  /** Units per day expected over the period being read. */
  perDay: number;
  /** Log-scale spread of this meter's periods around such an expectation. */
  sigma: number;
  /** How many periods of history it rests on. */
  periods: number;
}

/** A class of meters' pattern over the year (common/billing/history-model.ts measures it). */
export interface ClassModel {
  /** The class key ('' for meters without a class, or a class too small for its own pattern). */
  key: string;
  /** Index by calendar month (0 = January), mean 1. */
  season: readonly number[];
  /** Use this year against last year's (1.04: 4 % more). */
  trend: number;
  /** Log-scale spread of a period around its expectation, from back-testing. */
  sigma: number;
  /** Meters the pattern was measured from. */
  meters: number;
}
