// `meter-desk office init --office <url>`: creates or migrates the office schema (safe to run
// again), and the --office / --desk flags that put `run` in office mode. The URL's password is
// never printed: every message names the office by its redacted address.
import { parseArgs } from 'node:util';
import { defaultDeskName, startOfficeDesk, type OfficeDesk } from '../../office/office-desk';
import { isOfficeUrl, redactOfficeText, redactOfficeUrl } from '../../office/office-url';
import { OfficeError } from '../../office/store/office-db';
import { openOfficeStore } from '../../office/store/office-store';
import type { Session } from '../../actions/session';
import { systemClock } from '../../time/clock';
import { AuthError, EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { officeReportCommand } from './office-report';
import { officeRepublishCommand } from './office-republish';

export const OFFICE_USAGE = `meter-desk office init --office URL   creates or migrates the office's PostgreSQL schema (run as its owner role; safe to run again)
  meter-desk office report --office URL [--csv FILE] [--day yyyy-mm-dd]
                                                  per route, clerk and photo folder, and the day's quota
  meter-desk office republish --office URL [--db FILE]
                                                  after the office was restored from an older backup:
                                                  publishes this desk's outbox again (what is there stays)`;

export const OFFICE_ENV = 'METER_DESK_OFFICE_URL';

/** Flags `run` takes for office mode. */
export const OFFICE_FLAGS = {
  office: { type: 'string' },
  desk: { type: 'string' },
} as const;

/** The office URL from --office or METER_DESK_OFFICE_URL; null without either. */
export function officeUrl(flag: string | undefined, io: CliIo): string | null {
  const url = flag ?? io.env[OFFICE_ENV] ?? null;
  if (url === null || url === '') return null;
  if (!isOfficeUrl(url)) {
    throw new UsageError(
      `--office (or ${OFFICE_ENV}) must be a postgres:// URL, not ${redactOfficeUrl(url)}`,
    );
  }
  return url;
}

const FAILURE_TEXT: Record<OfficeError['failure'], string> = {
  unreachable: 'the office database server is not reachable',
  wrongPassword: 'the office database refused the user name or password',
  noSuchDatabase: 'there is no such database on the office server',
  tlsRequired: 'the office server requires an encrypted connection (add ?sslmode=verify-full)',
  tlsUnavailable: 'the office server does not offer encryption (ask IT to turn TLS on)',
  certificateUntrusted:
    "the office server's certificate is not trusted (give the office's CA: &sslrootcert=/path/ca.pem)",
  caFileUnreadable: 'the certificate authority file (sslrootcert) cannot be read',
  permissionDenied: "this role may not do that (run 'office init' as the office's owner role)",
  schemaNewer: 'the office database was set up by a newer MeterDesk',
  other: 'the office database refused',
};

const FAILURE_EXIT: Record<OfficeError['failure'], number> = {
  unreachable: EXIT.incomplete,
  wrongPassword: EXIT.auth,
  noSuchDatabase: EXIT.usage,
  tlsRequired: EXIT.usage,
  tlsUnavailable: EXIT.usage,
  certificateUntrusted: EXIT.usage,
  caFileUnreadable: EXIT.usage,
  permissionDenied: EXIT.auth,
  schemaNewer: EXIT.usage,
  other: EXIT.error,
};

/** An office failure in one line and its exit code; the address redacted. */
export function officeFailure(error: unknown, url: string): { line: string; code: number } {
  if (!(error instanceof OfficeError)) {
    const raw = error instanceof Error ? error.message : String(error);
    return { line: redactOfficeText(raw, url), code: EXIT.error };
  }
  return {
    line: `Office ${redactOfficeUrl(url)}: ${FAILURE_TEXT[error.failure]} (${redactOfficeText(error.message, url)}).`,
    code: FAILURE_EXIT[error.failure],
  };
}

export async function officeCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'report') return officeReportCommand(rest, io);
  if (sub === 'republish') return officeRepublishCommand(rest, io);
  if (sub !== 'init') throw new UsageError(`Usage: ${OFFICE_USAGE}`);
  const { values } = parseArgs({ args: rest, options: { office: OFFICE_FLAGS.office } });
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
  session: Pick<Session, 'store' | 'engine'>,
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
    });
    session.engine.claimUploadsWith(desk.claim);
    return desk;
  } catch (error) {
    const { line, code } = officeFailure(error, url);
    throw code === EXIT.auth ? new AuthError(line) : new UsageError(line);
  }
}
