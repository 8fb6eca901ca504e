// The office-wide billing rows (issue 30, item 2): each meter's row derived from the office's own
// facts (office-facts.ts) by the desk's export code (common/billing/office-meter-row.ts), whichever
// desk read the photo or decided, kept in the office and derived again when its facts change
// (office-rows.ts). Desks no longer publish rows of their own (the billing_rows
// table of office migration 003 is not written any more); only their sheets' dialect, so the
// office export writes in the dialect a desk's export would.
import { inTransaction, type OfficePool, type Queryable } from './office-db';
import { keptOfficeRows, type OfficeBillingRow, type OfficeRouteCount } from './office-rows';

export type { OfficeBillingRow, OfficeRouteCount } from './office-rows';

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

/**
 * Every meter of the office with its billing row, derived from the office's facts (its sheets'
 * meters, the readings desks published, the decisions clerks made) by the desk's own code,
 * whichever desk read the photo or decided, and kept in the office (office-rows.ts): the routes
 * whose facts changed since are derived again first. Meters in no particular order (the export
 * sorts). `user`: who asks (`app.user` of the transactions that derive, as every writer sets it).
 */
export function officeBillingRows(
  pool: OfficePool,
  user = 'office rows',
): Promise<OfficeBillingRow[]> {
  return keptOfficeRows(pool, user);
}

/** The sheet dialect the office's routes were last loaded with; null: none published. */
export async function officeSheetDialect(db: Queryable): Promise<unknown> {
  const { rows } = await db.query<{ sheet_dialect: unknown }>(
    `SELECT sheet_dialect FROM routes WHERE sheet_dialect IS NOT NULL
      ORDER BY updated_at DESC, id DESC LIMIT 1`,
  );
  return rows[0]?.sheet_dialect ?? null;
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
