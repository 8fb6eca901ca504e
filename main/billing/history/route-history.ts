// The queue's history (migration 023) as the checks read it: the route model from every meter's
// imported readings, each with its class and status from the sheet, and one meter's facts for the
// period a new reading closes. Null while no history was imported, so the checks stay today's
// rules. Kept per queue until its history or its sheets change: every result that comes in is
// assessed, and building the model costs tens of milliseconds a few hundred meters (bench/history.ts).
import { historyFactsFor, type HistoryFacts } from '../../../common/billing/history-facts';
import { buildRouteModel, type RouteModel } from '../../../common/billing/history-model';
import type { Store } from '../../store/store';

const cached = new WeakMap<Store, { key: string; model: RouteModel | null }>();

export function routeModelOf(store: Store): RouteModel | null {
  // A sheet load changes classes and statuses; its id is new each time.
  const key = `${store.history.version()}|${store.meters.sheets().at(-1)?.id ?? 0}`;
  const hit = cached.get(store);
  if (hit?.key === key) return hit.model;
  const model = buildModel(store);
  cached.set(store, { key, model });
  return model;
}

function buildModel(store: Store): RouteModel | null {
  const all = store.history.all();
  if (all.size === 0) return null;
  return buildRouteModel(
    [...all].map(([meterId, readings]) => {
      const meter = store.meters.get(meterId);
      return {
        meterId,
        readings,
        meterClass: meter?.meterClass ?? null,
        accountStatus: meter?.accountStatus ?? null,
      };
    }),
  );
}

const DAY_MS = 86_400_000;

/** The history's facts for a reading at `readAt` after the baseline read at `from`. */
export function factsForReading(
  model: RouteModel | null,
  meterId: string,
  from: string | null,
  readAt: string,
): HistoryFacts | null {
  if (model === null || from === null) return null;
  const start = from.slice(0, 10);
  const days = Math.round((Date.parse(readAt.slice(0, 10)) - Date.parse(start)) / DAY_MS);
  if (!Number.isFinite(days) || days <= 0) return null;
  return historyFactsFor(model, meterId, { from: start, days });
}
