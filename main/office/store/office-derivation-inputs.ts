// What the office derives its billing rows with besides the facts (issue 30, item 2; issue 33):
// the office's plausibility profile and a route model from the office's meter history, each
// meter's class and account status from its sheet, as a desk's checks use its own
// (billing/assess.ts, billing/history/route-history.ts). Without a profile the office uses the
// default limits, without history today's rules, as a desk without either does.
import { buildRouteModel, type RouteModel } from '../../../common/billing/history-model';
import type { MeterHistoryFacts } from '../../../common/billing/photo-check';
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  type PlausibilityConfig,
} from '../../../common/billing/plausibility-config';
import { PROFILE_CONFIGS } from '../../../common/billing/plausibility-profiles';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../common/billing/history-types';
import { factsForReading } from '../../billing/history/route-history';
import type { Queryable } from './office-db';
import { officeHistory } from './office-history';
import { officeProfile } from './office-limits';

export interface DerivationInputs {
  /** Which profile and history these are: when it changes, every route is derived again. */
  key: string;
  config: PlausibilityConfig;
  /** Null while the office has no history. */
  model: RouteModel | null;
}

/**
 * The inputs' key, in one short statement: the profile and its version, the history's version
 * (office_history_state, raised only by rows the derivation reads) and the span of the sheets'
 * previous read dates (a new cycle's sheet moves where each meter's history ends).
 */
export async function derivationInputsKey(db: Queryable): Promise<string> {
  const { rows } = await db.query<{
    profile: string | null;
    version: number | null;
    history: string | null;
    first: string | null;
    last: string | null;
  }>(
    `SELECT (SELECT profile FROM office_plausibility) AS profile,
            (SELECT version FROM office_plausibility) AS version,
            (SELECT version::text FROM office_history_state) AS history,
            (SELECT min(previous_read_at)::text FROM meters) AS first,
            (SELECT max(previous_read_at)::text FROM meters) AS last`,
  );
  const r = rows[0];
  return [
    `${r?.profile ?? 'default'}@${String(r?.version ?? 0)}`,
    `history@${r?.history ?? '0'}`,
    `sheets@${r?.first ?? ''}..${r?.last ?? ''}`,
  ].join('|');
}

const statusOf = (v: unknown): AccountStatus | null =>
  ACCOUNT_STATUSES.find((s) => s === v) ?? null;

async function routeModel(db: Queryable): Promise<RouteModel | null> {
  const history = await officeHistory(db);
  if (history.size === 0) return null;
  // A number on two routes: the meter of the newest sheet, as a desk's newest sheet wins.
  const { rows } = await db.query<{
    meter_number: string;
    class: string | null;
    status: string | null;
  }>(
    `SELECT DISTINCT ON (meter_number) meter_number, record ->> 'meterClass' AS class,
            record ->> 'accountStatus' AS status
       FROM meters WHERE meter_number = ANY($1::text[])
      ORDER BY meter_number, id DESC`,
    [[...history.keys()]],
  );
  const meters = new Map(rows.map((r) => [r.meter_number, r]));
  return buildRouteModel(
    [...history].map(([meterId, readings]) => ({
      meterId,
      readings,
      meterClass: meters.get(meterId)?.class ?? null,
      accountStatus: statusOf(meters.get(meterId)?.status),
    })),
  );
}

export async function derivationInputs(db: Queryable, key: string): Promise<DerivationInputs> {
  const profile = await officeProfile(db);
  return {
    key,
    config: profile ? PROFILE_CONFIGS[profile.profile] : DEFAULT_PLAUSIBILITY_CONFIG,
    model: await routeModel(db),
  };
}

/** A meter's history facts for a reading: the desk's own function (route-history.ts). */
export function meterHistoryFacts(model: RouteModel | null, meterId: string): MeterHistoryFacts {
  return (from, readAt) => factsForReading(model, meterId, from, readAt);
}
