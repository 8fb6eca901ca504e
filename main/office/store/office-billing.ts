// The office-wide billing rows (office migration 003): each desk publishes the row its own billing
// export would write for every meter of its route sheets; the office export takes, per meter, the
// row that says most. A row a desk publishes again unchanged changes nothing (no new version, no
// audit row, its time kept), so "the newest" means the desk whose view changed last.
import type { BillingRow } from '../../../common/billing/billing-row';
import type { MeterState } from '../../../common/billing/meter-outcome';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../../common/billing/plausibility-config';
import { officeRouteRows } from '../../../common/billing/office-meter-row';
import { inTransaction, type OfficePool, type Queryable } from './office-db';
import { officeFacts, type OfficeMeterOfRoute } from './office-facts';

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
  for (const m of meters) routes.set(m.routeKey, [...(routes.get(m.routeKey) ?? []), m]);
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
