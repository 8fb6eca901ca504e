// `meter-desk office report --office URL [--csv FILE] [--day yyyy-mm-dd]`: the supervisor's view
// of the office (issue 23, item 7): per route where its meters stand (the words of `routes`), per
// clerk the day's decisions and decisions per hour, per reader (photo folder) skip and re-read
// rates, and the quota the office used that day. The same sections go to one CSV file, a
// `section` column naming each row's table. The URL's password is never printed.
import { parseArgs } from 'node:util';
import { isCalendarDate } from '../../../common/billing/calendar';
import { defaultDeskName } from '../../office/office-desk';
import { officeRouteProgress, type OfficeRouteProgress } from '../../office/office-export';
import { redactOfficeUrl } from '../../office/office-url';
import {
  officeDayReport,
  type ClerkDay,
  type OfficeDayReport,
  type ReaderDay,
  type ReportDay,
} from '../../office/store/office-report';
import { CsvFileWriter, type CellKind } from '../../export/csv';
import { systemClock, type Clock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import { table, type CliIo } from '../output';
import { OFFICE_ENV, officeFailure, officeUrl } from './office';
import { routeTable } from './route-table';

/** The day `--day` names, or today, from local midnight to the next (a DST day is 23 or 25 h). */
export function reportDay(day: string | undefined, clock: Clock): ReportDay {
  const now = new Date(clock.now());
  if (day === undefined) {
    return dayOf(now.getFullYear(), now.getMonth(), now.getDate());
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!isCalendarDate(y, mo, d)) {
    throw new UsageError(`--day must be a date as yyyy-mm-dd, like 2026-03-02, not "${day}".`);
  }
  return dayOf(y, mo - 1, d);
}

function dayOf(year: number, month: number, date: number): ReportDay {
  return { from: new Date(year, month, date), to: new Date(year, month, date + 1) };
}

/** Decisions per hour from the first to the last of the day; null where they are one instant. */
export function perHour(c: ClerkDay): number | null {
  const hours = (c.last.getTime() - c.first.getTime()) / 3_600_000;
  return hours > 0 ? c.decisions / hours : null;
}

function rate(n: number, of: number): number | null {
  return of > 0 ? n / of : null;
}

const fixed = (n: number | null, digits: number): string => (n === null ? '' : n.toFixed(digits));
const percent = (n: number | null): string => (n === null ? '-' : `${(n * 100).toFixed(1)}%`);
const clockTime = (d: Date): string =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/** The report's sections as rows, the same for the screen and the CSV. */
interface Sections {
  routes: OfficeRouteProgress[];
  clerks: ClerkDay[];
  readers: ReaderDay[];
  quota: OfficeDayReport['quota'];
}

function printed(s: Sections, dayName: string): string {
  const routes = s.routes.length === 0 ? 'No route sheet is loaded yet.\n' : routeTable(s.routes);
  const clerks =
    s.clerks.length === 0
      ? `No decisions on ${dayName}.\n`
      : table([
          ['clerk', 'decisions', 'first', 'last', 'per hour'],
          ...s.clerks.map((c) => [
            c.clerk,
            String(c.decisions),
            clockTime(c.first),
            clockTime(c.last),
            perHour(c) === null ? '-' : fixed(perHour(c), 1),
          ]),
        ]);
  const readers =
    s.readers.length === 0
      ? `No photos read on ${dayName}.\n`
      : table([
          ['reader', 'photos', 'skips', 'skip rate', 're-reads', 're-read rate'],
          ...s.readers.map((r) => [
            r.reader,
            String(r.photos),
            String(r.skips),
            percent(rate(r.skips, r.photos)),
            String(r.rereads),
            percent(rate(r.rereads, r.photos)),
          ]),
        ]);
  return (
    `Routes\n${routes}\nClerks on ${dayName}\n${clerks}\nReaders on ${dayName}\n${readers}\n` +
    `Quota used on ${dayName}: ${s.quota.paid} paid readings, ${s.quota.failed} failed attempts\n`
  );
}

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

function csvRows(s: Sections, day: string): string[][] {
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

/** Writes the whole file or, on any failure, nothing (the CSV writer's temporary file). */
async function writeReportCsv(out: string, s: Sections, day: string): Promise<void> {
  const csv = await CsvFileWriter.create(out);
  try {
    await csv.writeRow(CSV_HEADER);
    for (const row of csvRows(s, day)) await csv.writeRow(row, KINDS);
    await csv.commit();
  } finally {
    await csv.abort();
  }
}

export async function officeReportCommand(
  argv: string[],
  io: CliIo,
  clock: Clock = systemClock,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { office: { type: 'string' }, csv: { type: 'string' }, day: { type: 'string' } },
  });
  const url = officeUrl(values.office, io);
  if (url === null) throw new UsageError(`office report needs --office URL or ${OFFICE_ENV}.`);
  const day = reportDay(values.day, clock);
  const dayName =
    values.day ??
    `${day.from.getFullYear()}-${String(day.from.getMonth() + 1).padStart(2, '0')}-${String(day.from.getDate()).padStart(2, '0')}`;
  let report: OfficeDayReport;
  try {
    report = await officeDayReport(url, day, `${defaultDeskName()} report`);
  } catch (error) {
    const { line, code } = officeFailure(error, url);
    io.err(`${line}\n`);
    return code;
  }
  const sections: Sections = {
    routes: await officeRouteProgress({ routeCounts: () => Promise.resolve(report.routeCounts) }),
    clerks: report.clerks,
    readers: report.readers,
    quota: report.quota,
  };
  io.out(`Office ${redactOfficeUrl(url)}, report for ${dayName}\n\n${printed(sections, dayName)}`);
  if (values.csv !== undefined) {
    await writeReportCsv(values.csv, sections, dayName);
    io.out(`Report written to ${values.csv}\n`);
  }
  return EXIT.ok;
}
