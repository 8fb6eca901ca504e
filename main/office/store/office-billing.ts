// The office-wide billing rows (office migration 003): each desk publishes the row its own billing
// export would write for every meter of its route sheets; the office export takes, per meter, the
// row that says most. A row a desk publishes again unchanged changes nothing (no new version, no
// audit row, its time kept), so "the newest" means the desk whose view changed last.
import type { BillingRow } from '../../../common/billing/billing-row';
import type { MeterState } from '../../../common/billing/meter-outcome';
import { inTransaction, type OfficePool, type Queryable } from './office-db';

export interface DeskBillingRow {
  routeKey: string;
  meterNumber: string;
  state: MeterState;
  billable: boolean;
  row: BillingRow;
}

export interface BillingPublish {
  desk: string;
  user: string;
  rows: readonly DeskBillingRow[];
  /** The route sheets' dialect at this desk (as its export uses it); null: the default. */
  dialect: unknown;
  at: Date;
}

/** Meters of the office unknown to it (a route not yet published) are left out; how many went. */
export function publishBillingRows(pool: OfficePool, p: BillingPublish): Promise<number> {
  return inTransaction(pool, p.user, async (c) => {
    const routeKeys = [...new Set(p.rows.map((r) => r.routeKey))];
    if (p.dialect !== null) {
      await c.query(
        `UPDATE routes SET sheet_dialect = $2::jsonb, updated_by = $3, updated_at = $4
          WHERE route_key = ANY($1::text[]) AND sheet_dialect IS DISTINCT FROM $2::jsonb`,
        [routeKeys, JSON.stringify(p.dialect), p.user, p.at],
      );
    }
    const written = await c.query(
      `INSERT INTO billing_rows AS b (meter_id, desk, state, billable, billing_row, decided_at, published_at)
       SELECT m.id, $5, t.state, t.billable, t.billing_row, $6, $6
         FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $7::jsonb[])
           AS t (route_key, meter_number, state, billable, billing_row)
         JOIN routes r ON r.route_key = t.route_key
         JOIN meters m ON m.route_id = r.id AND m.meter_number = t.meter_number
       ON CONFLICT (meter_id, desk) DO UPDATE
         SET state = EXCLUDED.state, billable = EXCLUDED.billable, billing_row = EXCLUDED.billing_row,
             decided_at = EXCLUDED.decided_at, published_at = EXCLUDED.published_at
         WHERE (b.state, b.billable, b.billing_row) IS DISTINCT FROM
               (EXCLUDED.state, EXCLUDED.billable, EXCLUDED.billing_row)`,
      [
        p.rows.map((r) => r.routeKey),
        p.rows.map((r) => r.meterNumber),
        p.rows.map((r) => r.state),
        p.rows.map((r) => r.billable),
        p.desk,
        p.at,
        p.rows.map((r) => JSON.stringify(r.row)),
      ],
    );
    return written.rowCount ?? 0;
  });
}

/**
 * Per meter of the office, the published row that says most: a billable reading over one billing
 * may not use yet, a reading over none, a person's skip over a meter still waiting or missing;
 * among equals the newest. Meters no desk published a row for are left out.
 */
const BEST_ROWS = `
  SELECT DISTINCT ON (b.meter_id) b.meter_id, b.desk, b.state, b.billing_row
    FROM billing_rows b
   ORDER BY b.meter_id,
            CASE WHEN b.billable THEN 4
                 WHEN b.billing_row ->> 'reading' IS NOT NULL THEN 3
                 WHEN b.state = 'skipped' THEN 2
                 WHEN b.state = 'pending' THEN 1
                 ELSE 0 END DESC,
            b.decided_at DESC, b.id DESC`;

export interface OfficeBillingRow {
  desk: string;
  state: MeterState;
  row: BillingRow;
}

export async function bestBillingRows(db: Queryable): Promise<OfficeBillingRow[]> {
  const { rows } = await db.query<OfficeBillingRow>(
    `SELECT desk, state, billing_row AS row FROM (${BEST_ROWS}) x`,
  );
  return rows;
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

/** Meters per route and state over the whole office, from the best row of each meter. */
export async function officeRouteCounts(db: Queryable): Promise<OfficeRouteCount[]> {
  const { rows } = await db.query<OfficeRouteCount>(
    `SELECT r.route_key AS "routeKey", COALESCE(best.state, 'missing') AS state,
            COALESCE(best.billing_row ->> 'reading' IS NOT NULL, false) AS read,
            count(*)::int AS meters
       FROM meters m
       JOIN routes r ON r.id = m.route_id
       LEFT JOIN (${BEST_ROWS}) best ON best.meter_id = m.id
      GROUP BY 1, 2, 3
      ORDER BY 1`,
  );
  return rows;
}
