// A throwaway PostgreSQL cluster on this machine: `initdb` into a temporary folder, `pg_ctl start` on
// a free loopback port with its socket in that folder, stopped and removed after. For the office
// tests, the office benchmark and the office demo (`npm run office:demo`); never for an office's
// real database.
// PostgreSQL refuses to run as root, so under root (CI) the server runs as 'nobody'.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NOBODY = 65534;

export interface LocalCluster extends LocalClusterInfo {
  /** A connection URL; the superuser and the `postgres` database unless told otherwise. */
  url(opts?: { user?: string; password?: string; database?: string }): string;
  /** Stops the server and keeps its data: the office database goes away for a while. */
  halt(): Promise<void>;
  /** Starts it again on the same port, as it was. */
  resume(): Promise<void>;
  /** Stops the server and removes everything. */
  stop(): Promise<void>;
  /**
   * The same, synchronously: for a process that is exiting (Ctrl+C, process.exit), when nothing
   * asynchronous runs any more.
   */
  stopNow(): void;
}

/**
 * The folder of PostgreSQL's server programs, or null where none is installed: Debian's
 * /usr/lib/postgresql/<version>/bin (newest first), else `initdb` on PATH.
 */
export function findPostgresBin(): string | null {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return path.join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) {
      return dir;
    }
  }
  return null;
}

/** Why no local cluster can start here, or null when one can. */
export function localClusterUnavailable(): string | null {
  if (process.platform === 'win32') return 'the throwaway cluster is set up for POSIX systems';
  return findPostgresBin() === null
    ? 'no PostgreSQL installed (no /usr/lib/postgresql/*/bin/initdb, no initdb on PATH; Debian: apt install postgresql)'
    : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** What names a running cluster: enough for another process to use it and to stop it. */
export interface LocalClusterInfo {
  /** The temporary folder holding the data, the socket and the log. */
  readonly dir: string;
  readonly host: string;
  readonly port: number;
  /** The superuser's name and password (scram-sha-256 over TCP, as a real server asks). */
  readonly superuser: string;
  readonly password: string;
}

/** Runs one of PostgreSQL's programs in the cluster's folder, as 'nobody' under root. */
function programRunner(bin: string, dir: string) {
  const as = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
  return {
    run: (program: string, args: string[]) =>
      run(path.join(bin, program), args, { ...as, cwd: dir, env: { ...process.env, LC_ALL: 'C' } }),
    runNow: (program: string, args: string[]) =>
      execFileSync(path.join(bin, program), args, { ...as, cwd: dir, stdio: 'ignore' }),
  };
}

function serverStart(bin: string, dir: string, port: number) {
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=120',
  ].join(' ');
  const data = path.join(dir, 'data');
  return programRunner(bin, dir).run('pg_ctl', [
    ...['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start'],
  ]);
}

export async function startLocalCluster(): Promise<LocalCluster> {
  const bin = findPostgresBin();
  if (bin === null) throw new Error(localClusterUnavailable() ?? 'no PostgreSQL');
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meterdesk-pg-'));
  const data = path.join(dir, 'data');
  const superuser = 'postgres';
  const password = randomBytes(12).toString('hex');
  const pg = programRunner(bin, dir).run;
  try {
    await writeFile(path.join(dir, 'pwfile'), `${password}\n`);
    if (asRoot) {
      await chmod(dir, 0o700);
      await chown(dir, NOBODY, NOBODY);
      await chown(path.join(dir, 'pwfile'), NOBODY, NOBODY);
    }
    await pg('initdb', [
      ...['-D', data, '-U', superuser, '--pwfile', path.join(dir, 'pwfile')],
      ...[
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
      ],
    ]);
    // A port picked free may be taken before the server binds it: try a few.
    let port = 0;
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      try {
        await serverStart(bin, dir, port);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    return attachLocalCluster({ dir, host: '127.0.0.1', port, superuser, password });
  } catch (error) {
    await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A cluster another process started (`startLocalCluster`), named by its info: a test run shares one
 * server between its worker processes, and the run's end stops it from here.
 */
export function attachLocalCluster(info: LocalClusterInfo): LocalCluster {
  const bin = findPostgresBin();
  if (bin === null) throw new Error(localClusterUnavailable() ?? 'no PostgreSQL');
  const { dir, host, port, superuser, password } = info;
  const data = path.join(dir, 'data');
  const { run: pg, runNow } = programRunner(bin, dir);
  return {
    ...info,
    url: (opts = {}) => {
      const user = encodeURIComponent(opts.user ?? superuser);
      const secret = encodeURIComponent(opts.password ?? password);
      return `postgres://${user}:${secret}@${host}:${port}/${opts.database ?? 'postgres'}`;
    },
    halt: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume: async () => {
      await serverStart(bin, dir, port);
    },
    stop: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
    stopNow: () => {
      try {
        runNow('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped (stop() ran first, or the server went away): only the folder is left.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
