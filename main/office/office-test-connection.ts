// The Office settings' Test button: connects with the fields as entered and says, as a code the
// window words, what stands in the way (wrong password, no such database, server not reachable,
// TLS offered or required, a certificate not trusted or a CA file not readable, schema missing or
// too new) or that all is well, with the server's and the schema's version.
// classifyOfficeProblem is the one place a driver or network error becomes such a code.
import type {
  OfficeCheck,
  OfficeProblem,
  OfficeProblemParams,
  OfficeSettings,
} from '../../common/ipc/office-views';
import { officeUrlOf } from './office-settings';
import { redactOfficeText } from './office-url';
import { OfficeSchemaMismatch, officeSchemaVersion } from './store/migrate-office';
import { LATEST_OFFICE_VERSION } from './store/migrations';
import { classifyOfficeError, openOfficeDb, type OfficeFailure } from './store/office-db';

const FROM_FAILURE: Readonly<Record<OfficeFailure, OfficeProblem>> = {
  unreachable: 'unreachable',
  wrongPassword: 'wrongPassword',
  noSuchDatabase: 'noSuchDatabase',
  tlsRequired: 'tlsRequired',
  tlsUnavailable: 'tlsUnavailable',
  certificateUntrusted: 'certificateUntrusted',
  caFileUnreadable: 'caFileUnreadable',
  permissionDenied: 'permissionDenied',
  schemaNewer: 'schemaNewer',
  other: 'other',
};

export interface ClassifiedOfficeProblem {
  readonly problem: OfficeProblem;
  /** The driver's message with the password taken out. */
  readonly detail: string;
}

/**
 * What a failed connection means for the person at the desk: the store's classes
 * (classifyOfficeError, which also tells the encryption failures apart), and a password the desk
 * never gave, which the store leaves as `other`.
 */
export function classifyOfficeProblem(error: unknown, url: string): ClassifiedOfficeProblem {
  const base = classifyOfficeError(error, url);
  const raw = error instanceof Error ? error.message : String(error);
  const problem: OfficeProblem = /client password must be a string|no password/i.test(raw)
    ? 'noPassword'
    : FROM_FAILURE[base.failure];
  return { problem, detail: base.message };
}

/** Which way the office's schema differs from the one this MeterDesk knows; null: the same. */
function schemaProblem(found: number, known: number): OfficeProblem | null {
  if (found === known) return null;
  return found > known ? 'schemaNewer' : found === 0 ? 'schemaMissing' : 'schemaOlder';
}

/** A failed read or write of the office as the window words it, with what its words name. */
export function officeProblemOf(
  error: unknown,
  url: string,
  settings: OfficeSettings,
): { readonly problem: OfficeProblem; readonly params: OfficeProblemParams } {
  if (error instanceof OfficeSchemaMismatch) {
    const { found, known } = error;
    return {
      problem: schemaProblem(found, known) ?? 'other',
      params: officeProblemParams(settings, url, { found, known, detail: '' }),
    };
  }
  const { problem, detail } = classifyOfficeProblem(error, url);
  return { problem, params: officeProblemParams(settings, url, { found: 0, known: 0, detail }) };
}

/**
 * What a problem's words name: the office as the settings give it, the schema versions, and the
 * driver's message with the password taken out.
 */
export function officeProblemParams(
  settings: OfficeSettings,
  url: string,
  found: Pick<OfficeProblemParams, 'found' | 'known' | 'detail'>,
): OfficeProblemParams {
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    found: found.found,
    known: found.known,
    detail: redactOfficeText(found.detail, url),
  };
}

export interface OfficeTestOptions {
  /** How long the server may take to answer a connection (ms). */
  readonly connectMs?: number;
}

/** Connects once, reads the server's and the schema's version, closes. Never throws. */
export async function testOfficeConnection(
  settings: OfficeSettings,
  password: string | null,
  opts: OfficeTestOptions = {},
): Promise<OfficeCheck> {
  const url = officeUrlOf(settings, password);
  const known = LATEST_OFFICE_VERSION;
  const params = (found: number, detail: string): OfficeProblemParams =>
    officeProblemParams(settings, url, { found, known, detail });
  const pool = openOfficeDb(url, {
    desk: settings.desk,
    max: 1,
    connectMs: opts.connectMs ?? 8_000,
  });
  try {
    const version = await pool.query<{ server_version: string }>('SHOW server_version');
    const serverVersion = version.rows[0]?.server_version ?? '';
    const found = await officeSchemaVersion(pool);
    const schema = schemaProblem(found, known);
    if (schema !== null) return { ok: false, problem: schema, params: params(found, '') };
    return { ok: true, serverVersion, schemaVersion: found };
  } catch (error) {
    const { problem, detail } = classifyOfficeProblem(error, url);
    return { ok: false, problem, params: params(0, detail) };
  } finally {
    await pool.end().catch(() => undefined);
  }
}
