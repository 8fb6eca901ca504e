// PostgreSQL for the office tests (main/office/local-cluster.ts). A test run shares one throwaway
// cluster between all its files (test/office/run-cluster.ts: started by the first file that asks,
// stopped by the run's global teardown); each file gets databases of its own on it, and an office
// at the newest schema is a copy of one migrated template database instead of a migration from
// scratch. A file that stops the server (halt/resume) or needs TLS gets a cluster of its own,
// started in beforeAll and removed in afterAll. Each office is owned by a role that is not a
// superuser (as IT sets it up, docs/office.md), with desks as login roles in the desk group.
// Where no PostgreSQL is installed the files skip, saying why.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import {
  localClusterUnavailable,
  startLocalCluster,
  type LocalCluster,
} from '../../main/office/local-cluster';
import { migrateOffice } from '../../main/office/store/migrate-office';
import { openOfficeDb } from '../../main/office/store/office-db';
import { enableTls, type TestTls, type TlsFiles } from './pg-tls';
import { createRoleOnce, OWNER, OWNER_SECRET, prepareRoles, runCluster } from './run-cluster';

export { OWNER };

/** Why the office tests cannot run here, or null. Printed once per file that skips. */
export const officeSkip = localClusterUnavailable();

export interface TestOffice {
  readonly database: string;
  /** The owner role's URL (what `meter-desk office init` is given). */
  readonly ownerUrl: string;
  /** A desk's login role in the desk group, created on first use. */
  deskUrl(desk: string): Promise<string>;
}

export interface OfficeCluster {
  readonly cluster: LocalCluster;
  /** A superuser pool on the `postgres` database, for setting up and looking behind the app. */
  readonly admin: pg.Pool;
  /** A fresh, empty office database. */
  newOffice(): Promise<TestOffice>;
  /** A fresh office database at the newest schema (a copy of the run's migrated template). */
  newMigratedOffice(): Promise<TestOffice>;
  /** A superuser pool on an office database. */
  adminOn(database: string): pg.Pool;
  /** The test CA's files when the cluster was started with TLS (`useOfficeCluster({ tls })`). */
  readonly tls: TlsFiles | null;
}

export interface OfficeClusterOptions {
  /**
   * TLS with a certificate of a test CA: 'offered' to whoever asks, 'required' of every role but
   * the superuser (hostssl). Without it the server has no TLS, as most office tests want.
   */
  readonly tls?: TestTls;
  /**
   * The file stops and starts the server (`cluster.halt()`, `resume()`) or freezes it
   * (frozen-server.ts): it gets a cluster of its own, since the run's is shared with files running
   * at the same time.
   */
  readonly halts?: boolean;
}

/** Database names unique across the run's worker processes and the files each one runs. */
let databases = 0;
function databaseName(prefix: string): string {
  return `${prefix}_${String(process.pid)}_${randomBytes(3).toString('hex')}_${String(++databases)}`;
}

const TEMPLATE = 'office_template';

/**
 * The cluster's migrated template database, made by the first file that asks for it (an advisory
 * lock keeps two worker processes from making it at once). Nobody stays connected to it, which
 * CREATE DATABASE ... TEMPLATE requires.
 */
async function migratedTemplate(cluster: LocalCluster, admin: pg.Pool): Promise<string> {
  const client = await admin.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7310001)');
    const known = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
    if (known.rowCount === 0) {
      await client.query(`CREATE DATABASE ${TEMPLATE} OWNER ${OWNER}`);
      const owner = openOfficeDb(
        cluster.url({ user: OWNER, password: OWNER_SECRET, database: TEMPLATE }),
      );
      try {
        await migrateOffice(owner);
      } finally {
        await owner.end();
      }
    }
    return TEMPLATE;
  } finally {
    await client.query('SELECT pg_advisory_unlock(7310001)').catch(() => undefined);
    client.release();
  }
}

/** An idle connection the server drops (a test halts it) must not fail the file. */
function quiet(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  return pool;
}

/** Registers the cluster's start and stop for this file; call at the top level of a test file. */
export function useOfficeCluster(opts: OfficeClusterOptions = {}): () => OfficeCluster {
  let current: OfficeCluster | null = null;
  const pools: pg.Pool[] = [];
  let stopAtEnd: LocalCluster | null = null;
  if (officeSkip) console.warn(`[office] skipped: ${officeSkip}`);
  beforeAll(async () => {
    if (officeSkip) return;
    const own = opts.tls !== undefined || opts.halts === true;
    const shared = own ? null : await runCluster();
    const cluster = shared ?? (await startLocalCluster());
    if (!shared) stopAtEnd = cluster;
    const admin = quiet(new pg.Pool({ connectionString: cluster.url(), max: 2 }));
    pools.push(admin);
    let tls: TlsFiles | null = null;
    if (opts.tls) {
      tls = await enableTls(admin, opts.tls, [cluster.superuser, OWNER]);
      await cluster.halt();
      await cluster.resume();
    }
    if (!shared) await prepareRoles(admin);
    const desks = new Set<string>();
    const office = (database: string): TestOffice => ({
      database,
      ownerUrl: cluster.url({ user: OWNER, password: OWNER_SECRET, database }),
      deskUrl: async (desk) => {
        const role = `desk_${desk}`;
        if (!desks.has(role)) {
          await createRoleOnce(admin, role, `pw-${desk}`);
          desks.add(role);
        }
        return cluster.url({ user: role, password: `pw-${desk}`, database });
      },
    });
    current = {
      cluster,
      admin,
      tls,
      adminOn: (database) => {
        const pool = quiet(new pg.Pool({ connectionString: cluster.url({ database }), max: 2 }));
        pools.push(pool);
        return pool;
      },
      newOffice: async () => {
        const database = databaseName('office');
        await admin.query(`CREATE DATABASE ${database} OWNER ${OWNER}`);
        return office(database);
      },
      newMigratedOffice: async () => {
        const template = await migratedTemplate(cluster, admin);
        const database = databaseName('office');
        await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template} OWNER ${OWNER}`);
        return office(database);
      },
    };
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    await stopAtEnd?.stop();
  });
  return () => {
    if (!current) throw new Error(`no office cluster: ${officeSkip ?? 'not started'}`);
    return current;
  };
}
