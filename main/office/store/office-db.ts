// The one place MeterDesk opens PostgreSQL (ESLint refuses `pg` elsewhere): a small pool per
// desk. Every statement is short and parameterised; nothing holds a transaction open while a
// person or the network is waited for (claims and reviews are leases, not locks).
import pg from 'pg';
import { systemCaBundle } from '../../api/network';
import { redactOfficeText } from '../office-url';

export type OfficePool = pg.Pool;
export type OfficeClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface OfficeDbOptions {
  /** Who this desk is, for the server's activity list (`application_name`). */
  desk?: string;
  /** Connections at most; a desk needs few (its outbox publishes one statement at a time). */
  max?: number;
  /** How long a connection attempt may take before the office counts as unreachable. */
  connectMs?: number;
  /**
   * How long the desk waits for any one statement's answer before the office counts as
   * unreachable. The server's own statement_timeout cannot help when the server itself is frozen
   * (issue 30: a 120 s freeze held a finished `run` for 125 s); this timer is the desk's.
   */
  queryMs?: number;
}

/** The server cancels a statement after this long; see OfficeDbOptions.queryMs for the desk's. */
const STATEMENT_MS = 15_000;
/** Longer than the server's own limit, so a slow statement is the server's "canceled" first. */
export const OFFICE_QUERY_MS = STATEMENT_MS + 5_000;

/**
 * The connection string the driver is given for an office URL: `sslmode` read as libpq (and so
 * psql) reads it. Without `uselibpqcompat`, node-postgres takes `require` for `verify-full` and
 * warns on stderr; with it, `require` encrypts without checking, `verify-full` checks the
 * certificate against `sslrootcert` (the office's own CA) or, without one, against the
 * certificates Node trusts, and the server's name. `sslrootcert=system` is libpq's word for the
 * system's certificates; the driver would read it as a file name, so it becomes the file OpenSSL
 * (and so libpq) reads them from: SSL_CERT_FILE, else the distribution's bundle on Linux; where
 * there is no such file (Windows, macOS), the certificates Node trusts, which in the window include
 * the operating system's (NODE_USE_SYSTEM_CA). The CA file is read when a connection is made, so
 * a file that cannot be read fails that connection, not the desk's start.
 */
export function officeConnectionString(url: string, env: NodeJS.ProcessEnv = process.env): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const query = parsed.searchParams;
  const system = query.get('sslrootcert') === 'system';
  if (system) {
    const bundle = systemCaBundle(env.SSL_CERT_FILE?.trim() || undefined);
    if (bundle === null) query.delete('sslrootcert');
    else query.set('sslrootcert', bundle);
    // libpq takes sslrootcert=system only with verify-full (a weaker mode is refused there):
    // never a plaintext or unchecked connection for an address that asks for the system's CAs.
    query.set('sslmode', 'verify-full');
  }
  const compat = query.has('sslmode') && !query.has('uselibpqcompat');
  if (!system && !compat) return url;
  if (compat) query.set('uselibpqcompat', 'true');
  return parsed.toString();
}

/** A pool on the office database; nothing connects until the first statement. */
export function openOfficeDb(url: string, opts: OfficeDbOptions = {}): OfficePool {
  const pool = new pg.Pool({
    connectionString: officeConnectionString(url),
    max: opts.max ?? 4,
    connectionTimeoutMillis: opts.connectMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    // A statement that waits longer than this is a fault, not work: no statement here waits on
    // another's lock for long (SKIP LOCKED, leases).
    statement_timeout: STATEMENT_MS,
    query_timeout: opts.queryMs ?? OFFICE_QUERY_MS,
    // A link that died without a word (a cable, a sleeping router) is found by TCP keepalive
    // while the connection idles in the pool, not by the next statement's timeout.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: `MeterDesk ${opts.desk ?? ''}`.trim().slice(0, 63),
  });
  // An idle connection the server dropped must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs `work` in one short transaction on one connection, with `app.user` set for the audit
 * trigger. The caller never waits for anything but the database inside it.
 */
export async function inTransaction<T>(
  pool: OfficePool,
  user: string,
  work: (client: OfficeClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // A connection the pool has handed out has no listener of the pool's: the server ending it
  // (stopped, restarted) would be an unhandled 'error' event and end the desk's process. The
  // transaction's next statement fails instead, and the pool drops the connection on release.
  const ended = (): void => undefined;
  client.on('error', ended);
  // A connection whose ROLLBACK failed (a frozen server: the statement timed out at the desk and
  // may still be running there) is closed, never handed to the next caller mid-transaction.
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.user', $1, true)`, [user]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: unknown) => {
      broken = rollback instanceof Error ? rollback : new Error(String(rollback));
    });
    throw error;
  } finally {
    client.removeListener('error', ended);
    client.release(broken);
  }
}

/** What went wrong talking to the office database, in a few classes the desk acts on. */
export type OfficeFailure =
  | 'unreachable'
  | 'wrongPassword'
  | 'noSuchDatabase'
  | 'tlsRequired'
  /** The desk asked for encryption; the server has no TLS. */
  | 'tlsUnavailable'
  /** The server's certificate is not signed by a CA the desk trusts, or names another host. */
  | 'certificateUntrusted'
  /** The CA file given as `sslrootcert` cannot be read. */
  | 'caFileUnreadable'
  | 'permissionDenied'
  | 'schemaNewer'
  | 'other';

export class OfficeError extends Error {
  constructor(
    readonly failure: OfficeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OfficeError';
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Node's TLS codes for a certificate it does not trust (unknown CA, self-signed, wrong name). */
const UNTRUSTED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Why a file cannot be read (the CA file), never a socket's. */
const FILE_CODES = new Set(['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR']);

/** Failures of encryption, told apart before the server's own codes. */
function tlsFailure(error: unknown, raw: string): OfficeFailure | null {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && UNTRUSTED_CERTIFICATE.has(code)) return 'certificateUntrusted';
  // The driver reads `sslrootcert` as it connects: the only file it opens. A socket's errors
  // carry syscall 'read' too (ECONNRESET, ETIMEDOUT): those are the network's, told by the code.
  if (
    (syscall === 'open' || syscall === 'read') &&
    typeof code === 'string' &&
    FILE_CODES.has(code)
  )
    return 'caFileUnreadable';
  if (/does not support SSL/i.test(raw)) return 'tlsUnavailable';
  return null;
}

/** Sorts a driver error into an OfficeFailure; the message has the URL's password taken out. */
/**
 * Server states a desk waits out like a lost network: shut down by an administrator (57P01), still
 * starting (57P03), out of connections ("too many clients", 53300: issue 30, desks started
 * together quit instead of working on).
 */
const BUSY_OR_DOWN = new Set(['57P01', '57P03', '53300']);

export function classifyOfficeError(error: unknown, url: string): OfficeError {
  if (error instanceof OfficeError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const raw = error instanceof Error ? error.message : String(error);
  const message = redactOfficeText(raw, url);
  const failure: OfficeFailure =
    tlsFailure(error, raw) ??
    (typeof code !== 'string'
      ? /timeout|terminated|Connection terminated/i.test(raw)
        ? 'unreachable'
        : 'other'
      : NETWORK_CODES.has(code) || code.startsWith('08') || BUSY_OR_DOWN.has(code)
        ? 'unreachable'
        : code === '28P01'
          ? 'wrongPassword'
          : code === '3D000'
            ? 'noSuchDatabase'
            : code === '28000' && /no encryption|SSL off/i.test(raw)
              ? 'tlsRequired'
              : code === '42501'
                ? 'permissionDenied'
                : 'other');
  return new OfficeError(failure, message);
}
