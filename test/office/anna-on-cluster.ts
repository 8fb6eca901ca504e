// Anna's Office settings on a fresh office database of the throwaway cluster: migrated by its owner
// (or left empty, as before `meter-desk office init`), with her desk role in the desks' group.
import type { OfficeSettings } from '../../common/ipc/office-views';
import { ANNA_OFFICE } from './anna-office';
import type { OfficeCluster, TestOffice } from './pg-cluster';

export async function annaOnCluster(
  cluster: OfficeCluster,
  migrated = true,
): Promise<OfficeSettings> {
  const made = migrated ? await cluster.newMigratedOffice() : await cluster.newOffice();
  return annaOnOffice(cluster, made);
}

/** Anna's Office settings for an office database of the cluster, her desk role made there. */
export async function annaOnOffice(
  cluster: OfficeCluster,
  office: TestOffice,
): Promise<OfficeSettings> {
  await office.deskUrl('anna');
  return {
    ...ANNA_OFFICE,
    host: cluster.cluster.host,
    port: cluster.cluster.port,
    database: office.database,
    sslmode: 'disable',
  };
}
