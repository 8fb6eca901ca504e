// `meter-desk office report --office URL [--csv FILE] [--day yyyy-mm-dd]`: the supervisor's view
// of the office (issue 23, item 7): per route where its meters stand (the words of `routes`), per
// clerk the day's decisions and decisions per hour, per reader (photo folder) skip and re-read
// rates, and the quota the office used that day. The same sections go to one CSV file, a
// `section` column naming each row's table. The URL's password is never printed.
import { parseArgs } from 'node:util';
import { defaultDeskName } from '../../office/office-desk';
import {
  perHour,
  rate,
  readOfficeReport,
  reportDayFor,
  reportDayName,
  writeOfficeReportCsv,
  type OfficeReportSections,
} from '../../office/office-report-sections';
import { redactOfficeUrl } from '../../office/office-url';
import type { ReportDay } from '../../office/store/office-report';
import { systemClock, type Clock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import { table, type CliIo } from '../output';
import { OFFICE_ENV, officeFailure, officeUrl } from './office-connection';
import { routeTable } from './route-table';

/** The day `--day` names, or today, from local midnight to the next (a DST day is 23 or 25 h). */
export function reportDay(day: string | undefined, clock: Clock): ReportDay {
  const named = reportDayFor(day, clock);
  if (named === null) {
    throw new UsageError(
      `--day must be a date as yyyy-mm-dd, like 2026-03-02, not "${day ?? ''}".`,
    );
  }
  return named;
}

const fixed = (n: number | null, digits: number): string => (n === null ? '' : n.toFixed(digits));
const percent = (n: number | null): string => (n === null ? '-' : `${(n * 100).toFixed(1)}%`);
const clockTime = (d: Date): string =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

function printed(s: OfficeReportSections, dayName: string): string {
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
  const dayName = values.day ?? reportDayName(day);
  let sections: OfficeReportSections;
  try {
    sections = await readOfficeReport(url, day, `${defaultDeskName()} report`);
  } catch (error) {
    const { line, code } = officeFailure(error, url);
    io.err(`${line}\n`);
    return code;
  }
  io.out(`Office ${redactOfficeUrl(url)}, report for ${dayName}\n\n${printed(sections, dayName)}`);
  if (values.csv !== undefined) {
    await writeOfficeReportCsv(values.csv, sections, dayName);
    io.out(`Report written to ${values.csv}\n`);
  }
  return EXIT.ok;
}
