// The inspection list (common/billing/history-inspection.ts) from the queue's history, with each
// meter's route and address from its sheet: what `meter-desk export --inspection` writes and the
// window's inspection view shows, from this one function, so both rank alike.
import { inspectionList } from '../../../common/billing/history-inspection';
import type { AccountStatus } from '../../../common/billing/history-types';
import type { InspectionView } from '../../../common/ipc/limits-views';
import type { Store } from '../../store/store';
import { routeModelOf } from './route-history';

export function inspectionOf(store: Store): InspectionView {
  const model = routeModelOf(store);
  if (model === null) return { withHistory: false, rows: [] };
  const statuses = new Map<string, AccountStatus | null>();
  for (const id of model.series.keys())
    statuses.set(id, store.meters.get(id)?.accountStatus ?? null);
  const rows = inspectionList(model, statuses).map((row, i) => {
    const meter = store.meters.get(row.meterId);
    return {
      rank: i + 1,
      meterId: row.meterId,
      route: meter?.route ?? null,
      address: meter?.address ?? null,
      code: row.code,
      params: row.params,
    };
  });
  return { withHistory: true, rows };
}
