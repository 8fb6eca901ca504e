// Route sheets in the office: loading a sheet a second time (from this desk or another) updates
// its route and meters in place, never duplicates them; a meter whose sheet values did not change
// keeps its version, so a reload does not look like an edit to a clerk holding it open.
import { inTransaction, type OfficePool } from './office-db';

export interface OfficeMeterRow {
  meterNumber: string;
  sequence: number | null;
  wholeDigits: number | null;
  decimals: number | null;
  previousReading: string | null;
  previousReadAt: string | null;
}

export interface RouteLoad {
  routeKey: string;
  sheetSha256: string | null;
  meters: readonly OfficeMeterRow[];
  user: string;
  at: Date;
}

export function loadOfficeRoute(pool: OfficePool, load: RouteLoad): Promise<{ routeId: number }> {
  return inTransaction(pool, load.user, async (c) => {
    const route = await c.query<{ id: string }>(
      `INSERT INTO routes AS r (route_key, sheet_sha256, updated_by, updated_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (route_key) DO UPDATE
         SET sheet_sha256 = EXCLUDED.sheet_sha256, updated_by = EXCLUDED.updated_by,
             updated_at = EXCLUDED.updated_at
         WHERE r.sheet_sha256 IS DISTINCT FROM EXCLUDED.sheet_sha256
       RETURNING id`,
      [load.routeKey, load.sheetSha256, load.user, load.at],
    );
    // The same sheet again changes nothing on the route (no new version, no audit row).
    const id =
      route.rows[0]?.id ??
      (await c.query<{ id: string }>('SELECT id FROM routes WHERE route_key = $1', [load.routeKey]))
        .rows[0]?.id;
    const routeId = Number(id);
    const m = load.meters;
    await c.query(
      `INSERT INTO meters AS m (route_id, meter_number, sequence, whole_digits, decimals,
         previous_reading, previous_read_at, updated_by, updated_at)
       SELECT $1, n, s, w, d, p, pa::date, $8, $9
         FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[])
           AS t (n, s, w, d, p, pa)
       ON CONFLICT (route_id, meter_number) DO UPDATE
         SET sequence = EXCLUDED.sequence, whole_digits = EXCLUDED.whole_digits,
             decimals = EXCLUDED.decimals, previous_reading = EXCLUDED.previous_reading,
             previous_read_at = EXCLUDED.previous_read_at, updated_by = EXCLUDED.updated_by,
             updated_at = EXCLUDED.updated_at
         WHERE (m.sequence, m.whole_digits, m.decimals, m.previous_reading, m.previous_read_at)
           IS DISTINCT FROM (EXCLUDED.sequence, EXCLUDED.whole_digits, EXCLUDED.decimals,
                             EXCLUDED.previous_reading, EXCLUDED.previous_read_at)`,
      [
        routeId,
        m.map((x) => x.meterNumber),
        m.map((x) => x.sequence),
        m.map((x) => x.wholeDigits),
        m.map((x) => x.decimals),
        m.map((x) => x.previousReading),
        m.map((x) => x.previousReadAt),
        load.user,
        load.at,
      ],
    );
    return { routeId };
  });
}
