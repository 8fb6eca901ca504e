// Anna's Office settings on a fresh office database of the throwaway cluster: migrated by its owner
// (or left empty, as before `meter-desk office init`), with her desk role in the desks' group.
import type { OfficeSettings } from '../../common/ipc/office-views';
import { migrateOffice } from '../../main/office/store/migrate-office';
import { openOfficeDb } from '../../main/office/store/office-db';
import { ANNA_OFFICE } from './anna-office';
import type { OfficeCluster } from './pg-cluster';

export async function annaOnCluster(
  cluster: OfficeCluster,
  migrated = true,
): Promise<OfficeSettings> {
  const made = await cluster.newOffice();
  if (migrated) {
    const owner = openOfficeDb(made.ownerUrl);
    await migrateOffice(owner);
    await owner.end();
  }
  await made.deskUrl('anna');
  return {
    ...ANNA_OFFICE,
    host: cluster.cluster.host,
    port: cluster.cluster.port,
    database: made.database,
    sslmode: 'disable',
  };
}
