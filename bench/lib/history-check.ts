// The history-aware check of issue 33 over a generated route, as the queue runs it: the route
// model from every meter's history (its class from the sheet), then each reading checked with
// its meter's history facts and its account's status; and the inspection list from the same model.
import { buildRouteModel } from '../../common/billing/history-model';
import { historyFactsFor } from '../../common/billing/history-facts';
import { inspectionList } from '../../common/billing/history-inspection';
import { checkReading } from '../../common/billing/plausibility';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../common/billing/plausibility-config';
import type { RouteCheck } from '../history';
import type { RouteMeter } from './history-route';

const DAY_MS = 86_400_000;

export function historyCheck(): RouteCheck {
  return {
    name: 'after: history',
    run(route: readonly RouteMeter[]) {
      const model = buildRouteModel(
        route.map((m) => ({
          meterId: m.meterId,
          readings: m.history,
          meterClass: m.meterClass,
          accountStatus: m.status,
        })),
      );
      const flagged = new Set<string>();
      for (const m of route) {
        const days = (Date.parse(m.current.readAt) - Date.parse(m.sheet.previousReadAt)) / DAY_MS;
        const outcome = checkReading(
          {
            reading: m.current.reading,
            readAt: m.current.readAt,
            registerDigits: m.sheet.registerDigits,
            registerDecimals: m.sheet.registerDecimals,
            previous: { reading: m.sheet.previousReading, readAt: m.sheet.previousReadAt },
            avgDailyUse: m.sheet.avgDailyUse,
            accountStatus: m.status,
            statusSince: m.statusSince,
            meterHistory: historyFactsFor(model, m.meterId, {
              from: m.sheet.previousReadAt,
              days,
            }),
          },
          DEFAULT_PLAUSIBILITY_CONFIG,
        );
        if (outcome.checkLevel !== 'ok') flagged.add(m.meterId);
      }
      const statuses = new Map(route.map((m) => [m.meterId, m.status] as const));
      const ranked = inspectionList(model, statuses).map((row) => row.meterId);
      return { flagged, ranked };
    },
  };
}
