// The office-wide billing rows (issue 30, item 2): each meter's row derived from the office's own
// facts (office-facts.ts) by the desk's export code (common/billing/office-meter-row.ts), whichever
// desk read the photo or decided. Desks no longer publish rows of their own (the billing_rows
// table of office migration 003 is not written any more); only their sheets' dialect, so the
// office export writes in the dialect a desk's export would.
import type { BillingRow } from '../../../common/billing/billing-row';
import type { MeterState } from '../../../common/billing/meter-outcome';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../../common/billing/plausibility-config';
import { officeRouteRows } from '../../../common/billing/office-meter-row';
import { inTransaction, type OfficePool, type Queryable } from './office-db';
import { officeFacts, type OfficeMeterOfRoute } from './office-facts';

export interface DialectPublish {
  user: string;
  routeKeys: readonly string[];
  /** The route sheets' dialect at this desk (as its export uses it). */
  dialect: unknown;
  at: Date;
}

/**
 * The dialect a desk's sheets were loaded in goes with its routes, so the office export writes in
 * the dialect a desk's export would. How many routes changed.
 */
export function publishSheetDialect(pool: OfficePool, p: DialectPublish): Promise<number> {
  return inTransaction(pool, p.user, async (c) => {
    const changed = await c.query(
      `UPDATE routes SET sheet_dialect = $2::jsonb, updated_by = $3, updated_at = $4
        WHERE route_key = ANY($1::text[]) AND sheet_dialect IS DISTINCT FROM $2::jsonb`,
      [p.routeKeys, JSON.stringify(p.dialect), p.user, p.at],
    );
    return changed.rowCount ?? 0;
  });
}

export interface OfficeBillingRow {
  routeKey: string;
  /** The desk whose reading the row bills, else the one whose decision it follows; null: none. */
  desk: string | null;
  state: MeterState;
  /** Whether the meter has a reading to bill. */
  read: boolean;
  row: BillingRow;
}

/** The desk behind a meter's row: whose published reading it bills, else who decided it. */
function deskOf(m: OfficeMeterOfRoute, sha256: string | null): string | null {
  for (let i = m.readings.length - 1; i >= 0; i--) {
    const r = m.readings[i];
    if (r && !r.failed && r.sha256 === sha256) return m.readingDesks[i] ?? null;
  }
  return m.decisionDesks.at(-1) ?? null;
}

/**
 * Every meter of the office with its billing row, derived from the office's facts (its sheets'
 * meters, the readings desks published, the decisions clerks made) by the desk's own code,
 * whichever desk read the photo or decided. Meters in no particular order (the export sorts).
 */
export async function officeBillingRows(db: Queryable): Promise<OfficeBillingRow[]> {
  const { meters, now } = await officeFacts(db);
  const routes = new Map<string, OfficeMeterOfRoute[]>();
  for (const m of meters) {
    const route = routes.get(m.routeKey);
    if (route) route.push(m);
    else routes.set(m.routeKey, [m]);
  }
  const out: OfficeBillingRow[] = [];
  for (const route of routes.values()) {
    const rows = officeRouteRows(route, DEFAULT_PLAUSIBILITY_CONFIG, now);
    rows.forEach((r, i) => {
      const m = route[i];
      if (!m) return;
      out.push({
        routeKey: m.routeKey,
        desk: deskOf(m, r.outcome.chosen?.sha256 ?? null),
        state: r.state,
        read: r.read,
        row: r.row,
      });
    });
  }
  return out;
}

/** The sheet dialect the office's routes were last loaded with; null: none published. */
export async function officeSheetDialect(db: Queryable): Promise<unknown> {
  const { rows } = await db.query<{ sheet_dialect: unknown }>(
    `SELECT sheet_dialect FROM routes WHERE sheet_dialect IS NOT NULL
      ORDER BY updated_at DESC, id DESC LIMIT 1`,
  );
  return rows[0]?.sheet_dialect ?? null;
}

export interface OfficeRouteCount {
  routeKey: string;
  /** Where the meter stands in its best row; 'missing' where no desk published one. */
  state: MeterState;
  read: boolean;
  meters: number;
}

/** Meters per route and state over the whole office, from each meter's derived row. */
export function officeRouteCounts(rows: readonly OfficeBillingRow[]): OfficeRouteCount[] {
  const counts = new Map<string, OfficeRouteCount>();
  for (const r of rows) {
    const { routeKey } = r;
    const key = `${routeKey}\u0000${r.state}\u0000${String(r.read)}`;
    const c = counts.get(key) ?? { routeKey, state: r.state, read: r.read, meters: 0 };
    c.meters++;
    counts.set(key, c);
  }
  return [...counts.values()];
}
