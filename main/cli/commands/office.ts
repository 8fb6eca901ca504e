// `meter-desk office init --office <url>`: creates or migrates the office schema (safe to run
// again), and the --office / --desk flags that put `run` in office mode. The URL's password is
// never printed: every message names the office by its redacted address.
import { parseArgs } from 'node:util';
import { defaultDeskName, startOfficeDesk, type OfficeDesk } from '../../office/office-desk';
import { redactOfficeUrl } from '../../office/office-url';
import { openOfficeStore } from '../../office/store/office-store';
import type { Session } from '../../actions/session';
import { systemClock } from '../../time/clock';
import { AuthError, EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { OFFICE_ENV, OFFICE_FLAGS, officeFailure, officeUrl } from './office-connection';
import { officeOutboxCommand } from './office-outbox';
import { officeReportCommand } from './office-report';
import { officeRepublishCommand } from './office-republish';

export const OFFICE_USAGE = `meter-desk office init --office URL [--audit-keep-years N]
                                                  creates or migrates the office's PostgreSQL schema (run as its owner role; safe to run again)
                                                  and prunes audit rows older than the office keeps them (10 years unless set; at least 1)
  meter-desk office report --office URL [--csv FILE] [--day yyyy-mm-dd]
                                                  per route, clerk and photo folder, and the day's quota
  meter-desk office republish --office URL [--db FILE]
                                                  after the office was restored from an older backup:
                                                  publishes this desk's outbox again (what is there stays)
  meter-desk office outbox [--db FILE] [--keep-days N]
                                                  this desk's outbox: entries waiting and kept; how many days published
                                                  entries are kept for republish (30 unless set; pruned hourly)`;

export async function officeCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'report') return officeReportCommand(rest, io);
  if (sub === 'republish') return officeRepublishCommand(rest, io);
  if (sub === 'outbox') return officeOutboxCommand(rest, io);
  if (sub !== 'init') throw new UsageError(`Usage: ${OFFICE_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: { office: OFFICE_FLAGS.office, 'audit-keep-years': { type: 'string' } },
  });
  const keepYears = auditKeepYears(values['audit-keep-years']);
  const url = officeUrl(values.office, io);
  if (url === null) throw new UsageError(`office init needs --office URL or ${OFFICE_ENV}.`);
  const office = openOfficeStore(url, { desk: 'meter-desk office init', max: 1 });
  try {
    const { from, to } = await office.migrate();
    io.out(
      from === to
        ? `Office ${redactOfficeUrl(url)}: schema ${to}, already up to date.\n`
        : `Office ${redactOfficeUrl(url)}: schema ${from} -> ${to}.\n`,
    );
    const audit = await office.pruneAudit(
      'meter-desk office init',
      keepYears === undefined ? undefined : keepYears * DAYS_A_YEAR,
    );
    const years = Math.round(audit.keepDays / DAYS_A_YEAR);
    io.out(
      `Audit: kept ${years} year${years === 1 ? '' : 's'}; ${audit.pruned} row${audit.pruned === 1 ? '' : 's'} from before ${audit.olderThan.toISOString().slice(0, 10)} pruned.\n`,
    );
    return EXIT.ok;
  } catch (error) {
    const { line, code } = officeFailure(error, url);
    io.err(`${line}\n`);
    return code;
  } finally {
    await office.close();
  }
}

/**
 * Office mode for `run` and `watch`: null without --office; otherwise the desk publishing through
 * its outbox, and the session's engine asking the office before each upload (a photo is paid for
 * once in the office). Refuses a wrong password or schema before any photo is read.
 */
export async function officeForRun(
  values: { office?: string | undefined; desk?: string | undefined },
  session: Pick<Session, 'store' | 'engine' | 'actions'>,
  io: CliIo,
  quiet: boolean,
): Promise<OfficeDesk | null> {
  const url = officeUrl(values.office, io);
  if (url === null) return null;
  try {
    const desk = await startOfficeDesk({
      store: session.store,
      url,
      desk: values.desk ?? defaultDeskName(),
      clock: systemClock,
      say: (line) => {
        if (!quiet) io.err(`${line}\n`);
      },
      takeRoutes: (routes) => session.actions.takeOfficeRoutes(routes),
      takeDecisions: (news) => session.actions.takeOfficeDecisions(news),
      takeProfile: (profile) => session.actions.takeOfficeProfile(profile),
      takeHistory: (rows) => session.actions.takeOfficeHistory(rows),
    });
    session.engine.claimUploadsWith(desk.claim);
    return desk;
  } catch (error) {
    const { line, code } = officeFailure(error, url);
    throw code === EXIT.auth ? new AuthError(line) : new UsageError(line);
  }
}

/** A year of the audit retention, in days (whole years: 365 days each, as the default's ten). */
const DAYS_A_YEAR = 365;

/** --audit-keep-years: a whole number of years, at least 1; undefined: the office's setting. */
function auditKeepYears(given: string | undefined): number | undefined {
  if (given === undefined) return undefined;
  const years = Number(given);
  if (!/^\d+$/.test(given.trim()) || !Number.isSafeInteger(years) || years < 1 || years > 100) {
    throw new UsageError(
      `--audit-keep-years takes a whole number of years from 1 to 100, not "${given}".`,
    );
  }
  return years;
}
