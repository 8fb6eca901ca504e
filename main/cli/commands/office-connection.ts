// Which office a command talks to (--office, or METER_DESK_OFFICE_URL) and how a failure to talk
// to it is said in one line with its exit code. Every office command shares these; the URL's
// password is never printed, only the redacted address.
import { isOfficeUrl, redactOfficeText, redactOfficeUrl } from '../../office/office-url';
import { OfficeError } from '../../office/store/office-db';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';

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
