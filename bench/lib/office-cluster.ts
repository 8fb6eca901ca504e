// A throwaway local PostgreSQL with the office schema migrated, and a temporary folder beside it,
// for one office benchmark run (office-kill, office-outage); both are removed after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalCluster, type LocalCluster } from '../../main/office/local-cluster';
import { openOfficeStore } from '../../main/office/store/office-store';

export async function withMigratedCluster<T>(
  prefix: string,
  work: (cluster: LocalCluster, dir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    const cluster = await startLocalCluster();
    try {
      const owner = openOfficeStore(cluster.url());
      await owner.migrate();
      await owner.close();
      return await work(cluster, dir);
    } finally {
      await cluster.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
