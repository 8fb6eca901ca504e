// A throwaway PostgreSQL per test file (main/office/local-cluster.ts): started in beforeAll,
// stopped and removed in afterAll. Each office is a database of its own on it, owned by a role
// that is not a superuser (as IT sets it up, docs/office.md), with desks as login roles in the
// desk group. Where no PostgreSQL is installed the files skip, saying why.
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import {
  localClusterUnavailable,
  startLocalCluster,
  type LocalCluster,
} from '../../main/office/local-cluster';
import { DESK_ROLE } from '../../main/office/store/office-setup';
import { enableTls, type TestTls, type TlsFiles } from './pg-tls';

/** Why the office tests cannot run here, or null. Printed once per file that skips. */
export const officeSkip = localClusterUnavailable();

export const OWNER = 'meterdesk_owner';
const SECRET = 'owner-secret-1';

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
  let count = 0;
  if (officeSkip) console.warn(`[office] skipped: ${officeSkip}`);
  beforeAll(async () => {
    if (officeSkip) return;
    const cluster = await startLocalCluster();
    const admin = quiet(new pg.Pool({ connectionString: cluster.url(), max: 2 }));
    pools.push(admin);
    let tls: TlsFiles | null = null;
    if (opts.tls) {
      tls = await enableTls(admin, opts.tls, [cluster.superuser, OWNER]);
      await cluster.halt();
      await cluster.resume();
    }
    await admin.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${SECRET}'`);
    await admin.query(`CREATE ROLE ${DESK_ROLE} NOLOGIN`);
    const desks = new Set<string>();
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
        const database = `office_${++count}`;
        await admin.query(`CREATE DATABASE ${database} OWNER ${OWNER}`);
        return {
          database,
          ownerUrl: cluster.url({ user: OWNER, password: SECRET, database }),
          deskUrl: async (desk) => {
            const role = `desk_${desk}`;
            if (!desks.has(role)) {
              await admin.query(
                `CREATE ROLE ${role} LOGIN PASSWORD 'pw-${desk}' IN ROLE ${DESK_ROLE}`,
              );
              desks.add(role);
            }
            return cluster.url({ user: role, password: `pw-${desk}`, database });
          },
        };
      },
    };
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    await current?.cluster.stop();
  });
  return () => {
    if (!current) throw new Error(`no office cluster: ${officeSkip ?? 'not started'}`);
    return current;
  };
}
