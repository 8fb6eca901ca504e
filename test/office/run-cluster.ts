// The test run's one PostgreSQL cluster, shared by every office test file that does not stop the
// server: the first worker process that asks starts it (a run-cache entry, so the others wait for
// it and then read where it listens) and the run's global teardown stops it
// (`stopRunCluster`). Outside `vitest run`'s set-up there is no run cache: runCluster answers null
// and the file starts a cluster of its own, as before.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  attachLocalCluster,
  startLocalCluster,
  type LocalCluster,
  type LocalClusterInfo,
} from '../../main/office/local-cluster';
import { DESK_ROLE } from '../../main/office/store/office-setup';
import { cachedFolder } from '../helpers/run-cache';

export const OWNER = 'meterdesk_owner';
export const OWNER_SECRET = 'owner-secret-1';

const ENTRY = 'postgres-cluster';
const INFO = 'cluster.json';

/** PostgreSQL's answer when a role is made twice at once (or was made before). */
const DUPLICATE = new Set(['42710', '23505']);

/** Makes a login role in the desk group unless it exists: files share the run's cluster. */
export async function createRoleOnce(
  admin: pg.Pool,
  role: string,
  password: string,
): Promise<void> {
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' IN ROLE ${DESK_ROLE}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!DUPLICATE.has(code ?? '')) throw error;
  }
}

/** The office owner and the desk group, as IT makes them once per server (docs/office.md). */
export async function prepareRoles(admin: pg.Pool): Promise<void> {
  await admin.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${OWNER_SECRET}'`);
  await admin.query(`CREATE ROLE ${DESK_ROLE} NOLOGIN`);
}

/** The run's shared cluster, started on first use; null outside a `vitest run` set-up. */
export async function runCluster(): Promise<LocalCluster | null> {
  const entry = await cachedFolder(ENTRY, async (work) => {
    const cluster = await startLocalCluster();
    try {
      const admin = new pg.Pool({ connectionString: cluster.url(), max: 1 });
      try {
        await prepareRoles(admin);
      } finally {
        await admin.end();
      }
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    const info: LocalClusterInfo = {
      dir: cluster.dir,
      host: cluster.host,
      port: cluster.port,
      superuser: cluster.superuser,
      password: cluster.password,
    };
    writeFileSync(join(work, INFO), JSON.stringify(info));
  });
  if (entry === null) return null;
  return attachLocalCluster(
    JSON.parse(readFileSync(join(entry, INFO), 'utf8')) as LocalClusterInfo,
  );
}

/** Stops the run's cluster, if a file started one; for the run's global teardown. */
export function stopRunCluster(runCache: string): void {
  const info = join(runCache, ENTRY, INFO);
  if (!existsSync(info)) return;
  attachLocalCluster(JSON.parse(readFileSync(info, 'utf8')) as LocalClusterInfo).stopNow();
}
