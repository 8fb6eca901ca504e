// Route sheets in the office, which every desk of it reads back (issue 30, item 1): loading a sheet
// a second time (from this desk or another) updates its route and meters in place, never
// duplicates them; a meter whose sheet values did not change keeps its version, so a reload does
// not look like an edit to a clerk holding it open. A route's hash says what it holds, so a desk
// asks for a route's meters only when the route changed since it last had it.
import { z } from 'zod';
import type { OfficeRouteSheet, OfficeSheet } from '../../../common/billing/office-route-sheet';
import { ACCOUNT_STATUSES } from '../../../common/billing/history-types';
import { METER_FIELDS, type MeterRecord } from '../../../common/billing/meter-record';
import { inTransaction, type OfficePool } from './office-db';

export interface OfficeMeterRow {
  meterNumber: string;
  sequence: number | null;
  wholeDigits: number | null;
  decimals: number | null;
  previousReading: string | null;
  previousReadAt: string | null;
  /** The meter as its sheet describes it, for the desks that did not load the sheet. */
  record?: MeterRecord | null;
}

export interface RouteLoad {
  routeKey: string;
  /** The hash of what the route holds (sheet and meters); the same hash again changes nothing. */
  sheetSha256: string | null;
  sheet?: OfficeSheet | null;
  /** When the sheet was loaded at its desk: an older load never replaces a newer one. */
  loadedAt?: Date | null;
  meters: readonly OfficeMeterRow[];
  /**
   * The desk's meters without a route (a sheet without a route column): a meter the office has on
   * a route already is that route's, not made a second meter of the same number.
   */
  withoutRoute?: boolean;
  user: string;
  at: Date;
}

/** 'taken': the office holds this load now; 'same': it held it already; 'older': a newer one. */
export type RouteLoadResult = { routeId: number; taken: 'taken' | 'same' | 'older' };

export function loadOfficeRoute(pool: OfficePool, load: RouteLoad): Promise<RouteLoadResult> {
  return inTransaction(pool, load.user, async (c) => {
    const route = await c.query<{ id: string }>(
      `INSERT INTO routes AS r (route_key, sheet_sha256, sheet, sheet_loaded_at, updated_by,
         updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6)
       ON CONFLICT (route_key) DO UPDATE
         SET sheet_sha256 = EXCLUDED.sheet_sha256, sheet = EXCLUDED.sheet,
             sheet_loaded_at = EXCLUDED.sheet_loaded_at, updated_by = EXCLUDED.updated_by,
             updated_at = EXCLUDED.updated_at
         WHERE r.sheet_sha256 IS DISTINCT FROM EXCLUDED.sheet_sha256
           AND (r.sheet_loaded_at IS NULL OR EXCLUDED.sheet_loaded_at IS NULL
                OR EXCLUDED.sheet_loaded_at >= r.sheet_loaded_at)
       RETURNING id`,
      [
        load.routeKey,
        load.sheetSha256,
        load.sheet ? JSON.stringify(load.sheet) : null,
        load.loadedAt ?? null,
        load.user,
        load.at,
      ],
    );
    const taken = route.rows[0]?.id;
    if (taken === undefined) {
      const held = await c.query<{ id: string; sheet_sha256: string | null }>(
        'SELECT id, sheet_sha256 FROM routes WHERE route_key = $1',
        [load.routeKey],
      );
      const row = held.rows[0];
      // Without a hash (an older desk's publish) the meters are upserted as they always were.
      if (row && load.sheetSha256 !== null) {
        return {
          routeId: Number(row.id),
          taken: row.sheet_sha256 === load.sheetSha256 ? 'same' : 'older',
        };
      }
    }
    const routeId = Number(
      taken ??
        (
          await c.query<{ id: string }>('SELECT id FROM routes WHERE route_key = $1', [
            load.routeKey,
          ])
        ).rows[0]?.id,
    );
    const m = load.meters;
    await c.query(
      `INSERT INTO meters AS m (route_id, meter_number, sequence, whole_digits, decimals,
         previous_reading, previous_read_at, record, updated_by, updated_at)
       SELECT $1, n, s, w, d, p, pa::date, rec::jsonb, $9, $10
         FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[],
                     $8::text[]) AS t (n, s, w, d, p, pa, rec)
        WHERE NOT ($11::boolean AND EXISTS (SELECT 1 FROM meters o
                                             WHERE o.meter_number = t.n AND o.route_id <> $1))
       ON CONFLICT (route_id, meter_number) DO UPDATE
         SET sequence = EXCLUDED.sequence, whole_digits = EXCLUDED.whole_digits,
             decimals = EXCLUDED.decimals, previous_reading = EXCLUDED.previous_reading,
             previous_read_at = EXCLUDED.previous_read_at,
             record = COALESCE(EXCLUDED.record, m.record), updated_by = EXCLUDED.updated_by,
             updated_at = EXCLUDED.updated_at
         WHERE (m.sequence, m.whole_digits, m.decimals, m.previous_reading, m.previous_read_at)
           IS DISTINCT FROM (EXCLUDED.sequence, EXCLUDED.whole_digits, EXCLUDED.decimals,
                             EXCLUDED.previous_reading, EXCLUDED.previous_read_at)
            OR (EXCLUDED.record IS NOT NULL AND m.record IS DISTINCT FROM EXCLUDED.record)`,
      [
        routeId,
        m.map((x) => x.meterNumber),
        m.map((x) => x.sequence),
        m.map((x) => x.wholeDigits),
        m.map((x) => x.decimals),
        m.map((x) => x.previousReading),
        m.map((x) => x.previousReadAt),
        m.map((x) => (x.record ? JSON.stringify(x.record) : null)),
        load.user,
        load.at,
        load.withoutRoute ?? false,
      ],
    );
    return { routeId, taken: 'taken' };
  });
}

const nullableText = z.string().nullable();
const nullableNumber = z.number().nullable();
/** A meter as another desk published it: checked, since a desk takes it into its own queue. */
export const meterRecord = z.object({
  meterId: z.string().min(1),
  account: nullableText,
  address: nullableText,
  route: nullableText,
  sequence: nullableNumber,
  registerDigits: z.number().int().nullable(),
  registerDecimals: z.number().int().nullable(),
  previousReading: nullableText,
  previousReadingValue: nullableNumber,
  previousReadAt: nullableText,
  avgDailyUse: nullableNumber,
  barcode: nullableText.optional(),
  sheetCells: z.record(z.string(), z.string()).optional(),
  accountStatus: z.enum(ACCOUNT_STATUSES).nullable().optional(),
  statusSince: nullableText.optional(),
  meterClass: nullableText.optional(),
});
const officeSheet = z.object({
  name: z.string(),
  mapping: z.object({
    version: z.literal(1),
    fields: z.partialRecord(z.enum(METER_FIELDS), z.string()),
    dateOrder: z.enum(['day_first', 'month_first']).optional(),
  }),
  encoding: z.string(),
  delimiter: z.string(),
  otherHeaders: z.array(z.string()),
});

/**
 * The office's routes whose hash differs from the one this desk has (`known`, by route key), with
 * their sheet and meters, read in one statement so a route's hash and meters agree. A meter whose
 * record does not read as one is left out (a desk never takes what it cannot check).
 */
export async function changedOfficeRoutes(
  pool: OfficePool,
  known: ReadonlyMap<string, string>,
): Promise<OfficeRouteSheet[]> {
  const heads = await pool.query<{ route_key: string; sheet_sha256: string }>(
    `SELECT route_key, sheet_sha256 FROM routes
      WHERE sheet IS NOT NULL AND sheet_sha256 IS NOT NULL`,
  );
  const wanted = heads.rows
    .filter((r) => known.get(r.route_key) !== r.sheet_sha256)
    .map((r) => r.route_key);
  if (wanted.length === 0) return [];
  const { rows } = await pool.query<{
    route_key: string;
    sheet_sha256: string;
    sheet: unknown;
    record: unknown;
  }>(
    `SELECT r.route_key, r.sheet_sha256, r.sheet, m.record
       FROM routes r JOIN meters m ON m.route_id = r.id
      WHERE r.route_key = ANY($1::text[]) AND m.record IS NOT NULL
      ORDER BY r.route_key, m.sequence NULLS LAST, m.meter_number`,
    [wanted],
  );
  const routes = new Map<string, OfficeRouteSheet>();
  for (const row of rows) {
    const sheet = officeSheet.safeParse(row.sheet);
    const meter = meterRecord.safeParse(row.record);
    if (!sheet.success) continue;
    let route = routes.get(row.route_key);
    if (!route) {
      route = {
        routeKey: row.route_key,
        sheetSha256: row.sheet_sha256,
        sheet: sheet.data,
        meters: [],
      };
      routes.set(row.route_key, route);
    }
    if (meter.success) route.meters.push(meter.data);
  }
  return [...routes.values()];
}
