// The supervisor's report (issue 23, item 7) as its four sections and their one CSV, shared by
// `meter-desk office report` and the window's "Office report" (backend/handlers/office-report.ts),
// so the file the window saves is the CLI's file, byte for byte, never a second writer's.
import { isCalendarDate } from '../../common/billing/calendar';
import {
  localDayOf,
  type OfficeReportClerk,
  type OfficeReportReader,
} from '../../common/ipc/office-report-views';
import { CsvFileWriter, type CellKind } from '../export/csv';
import type { Clock } from '../time/clock';
import { officeRouteProgress, type OfficeRouteProgress } from './office-export';
import {
  officeDayReport,
  type ClerkDay,
  type QuotaDay,
  type ReaderDay,
  type ReportDay,
} from './store/office-report';

/** The report's sections as rows, the same for the screen, the window and the CSV. */
export interface OfficeReportSections {
  routes: OfficeRouteProgress[];
  clerks: ClerkDay[];
  readers: ReaderDay[];
  quota: QuotaDay;
}

/** The office's report for a day as its sections; a failure comes back as an OfficeError. */
export async function readOfficeReport(
  url: string,
  day: ReportDay,
  desk: string,
): Promise<OfficeReportSections> {
  const report = await officeDayReport(url, day, desk);
  return {
    routes: await officeRouteProgress({ routeCounts: () => Promise.resolve(report.routeCounts) }),
    clerks: report.clerks,
    readers: report.readers,
    quota: report.quota,
  };
}

/** The clerks and readers as the window shows them: instants as ISO text, rates worked out. */
export function windowRows(s: OfficeReportSections): {
  clerks: OfficeReportClerk[];
  readers: OfficeReportReader[];
} {
  return {
    clerks: s.clerks.map((c) => ({
      clerk: c.clerk,
      decisions: c.decisions,
      first: c.first.toISOString(),
      last: c.last.toISOString(),
      perHour: perHour(c),
    })),
    readers: s.readers.map((r) => ({
      ...r,
      skipRate: rate(r.skips, r.photos),
      rereadRate: rate(r.rereads, r.photos),
    })),
  };
}

/** A day from local midnight to the next (a DST day is 23 or 25 h); month from 0, as Date has it. */
export function localReportDay(year: number, month: number, date: number): ReportDay {
  return { from: new Date(year, month, date), to: new Date(year, month, date + 1) };
}

/** The day a yyyy-mm-dd names; null for anything else (2026-02-30 included). */
function namedReportDay(name: string): ReportDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(name);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  return isCalendarDate(y, mo, d) ? localReportDay(y, mo - 1, d) : null;
}

/** The day a yyyy-mm-dd names, or today (this computer's calendar) without one; null: no day. */
export function reportDayFor(name: string | undefined, clock: Clock): ReportDay | null {
  if (name !== undefined) return namedReportDay(name);
  const now = new Date(clock.now());
  return localReportDay(now.getFullYear(), now.getMonth(), now.getDate());
}

/** yyyy-mm-dd of the day's first instant, local. */
export function reportDayName(day: ReportDay): string {
  return localDayOf(day.from);
}

/** Decisions per hour from the first to the last of the day; null where they are one instant. */
export function perHour(c: Pick<ClerkDay, 'decisions' | 'first' | 'last'>): number | null {
  const hours = (c.last.getTime() - c.first.getTime()) / 3_600_000;
  return hours > 0 ? c.decisions / hours : null;
}

/** A share of the photos; null for a folder without photos that day. */
export function rate(n: number, of: number): number | null {
  return of > 0 ? n / of : null;
}

const fixed = (n: number | null, digits: number): string => (n === null ? '' : n.toFixed(digits));

const CSV_HEADER = [
  'section',
  'name',
  'meters',
  'read',
  'passed_or_confirmed',
  'not_checked',
  'flagged',
  'skipped',
  'pending',
  'missing',
  'decisions',
  'first',
  'last',
  'per_hour',
  'photos',
  'skips',
  'skip_rate',
  'rereads',
  'reread_rate',
  'paid',
  'failed',
] as const;
type CsvColumn = (typeof CSV_HEADER)[number];
const KINDS: CellKind[] = CSV_HEADER.map((h) =>
  h === 'section' || h === 'name' || h === 'first' || h === 'last' ? 'text' : 'numeric',
);

function csvRow(cells: Partial<Record<CsvColumn, string | number>>): string[] {
  return CSV_HEADER.map((h) => String(cells[h] ?? ''));
}

function csvRows(s: OfficeReportSections, day: string): string[][] {
  return [
    ...s.routes.map((r) =>
      csvRow({
        section: 'route',
        name: r.route ?? '(no route)',
        meters: r.meters,
        read: r.read,
        passed_or_confirmed: r.confirmed,
        not_checked: r.not_checked,
        flagged: r.flagged,
        skipped: r.skipped,
        pending: r.pending,
        missing: r.missing,
      }),
    ),
    ...s.clerks.map((c) =>
      csvRow({
        section: 'clerk',
        name: c.clerk,
        decisions: c.decisions,
        first: c.first.toISOString(),
        last: c.last.toISOString(),
        per_hour: fixed(perHour(c), 2),
      }),
    ),
    ...s.readers.map((r) =>
      csvRow({
        section: 'reader',
        name: r.reader,
        photos: r.photos,
        skips: r.skips,
        skip_rate: fixed(rate(r.skips, r.photos), 4),
        rereads: r.rereads,
        reread_rate: fixed(rate(r.rereads, r.photos), 4),
      }),
    ),
    csvRow({ section: 'quota', name: day, paid: s.quota.paid, failed: s.quota.failed }),
  ];
}

/**
 * Writes the whole file or, on any failure, nothing (the CSV writer's temporary file); answers
 * how many rows it holds under its header.
 */
export async function writeOfficeReportCsv(
  out: string,
  s: OfficeReportSections,
  day: string,
): Promise<number> {
  const rows = csvRows(s, day);
  const csv = await CsvFileWriter.create(out);
  try {
    await csv.writeRow(CSV_HEADER);
    for (const row of rows) await csv.writeRow(row, KINDS);
    await csv.commit();
  } finally {
    await csv.abort();
  }
  return rows.length;
}
