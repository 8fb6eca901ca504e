// Each meter's billing row kept in the office (office migration 010). Triggers list the routes a
// published reading, decision or meter may have changed (office_rows_dirty); before the export or
// the report reads the rows, the routes listed are derived again from the office's facts by the
// desk's own code, a batch of routes a transaction, so a stored row is always the one a fresh
// derivation gives. Routes whose rows depend on the clock (a photo dated after they were derived)
// are derived again at every read, as is every route when the cycle's start or this code's
// derivation changes, or the office's plausibility profile or meter history (office-derivation-
// inputs.ts).
import type { BillingRow } from '../../../common/billing/billing-row';
import { officeRouteRows } from '../../../common/billing/office-meter-row';
import type { MeterState } from '../../../common/billing/meter-outcome';
import { inTransaction, type OfficePool, type Queryable } from './office-db';
import {
  derivationInputs,
  derivationInputsKey,
  meterHistoryFacts,
  type DerivationInputs,
} from './office-derivation-inputs';
import { factsHead, officeFacts, type OfficeFacts, type OfficeMeterOfRoute } from './office-facts';

/**
 * The derivation's version: raise it when the rows common/billing derives from the same facts
 * change (a new check, a reworded reason), so an office's kept rows are derived again by the
 * first desk of the new version that reads them.
 */
export const ROWS_DERIVATION = 1;

/** pg_advisory_xact_lock key: "MeterDesk office rows" hashed once, a constant forever. */
const ROWS_LOCK = 7_402_913_610;

/** How long a publisher's refresh waits for a row lock before it leaves the work to a later one. */
const BUSY_LOCK_MS = 100;

/** Routes derived in one transaction (10,000 meters at 400 a route): short enough that a desk
 * waiting for the lock meanwhile stays well within its statement timeout. */
const ROUTES_A_BATCH = 25;

export interface OfficeBillingRow {
  routeKey: string;
  /** The desk whose reading the row bills, else the one whose decision it follows; null: none. */
  desk: string | null;
  state: MeterState;
  /** Whether the meter has a reading to bill. */
  read: boolean;
  row: BillingRow;
}

export interface RouteStateCount {
  /** Where the meter stands in its best row; 'missing' where no desk published one. */
  state: MeterState;
  read: boolean;
  meters: number;
}

export interface OfficeRouteCount extends RouteStateCount {
  routeKey: string;
}

export interface DerivedRow extends OfficeBillingRow {
  meterId: string;
  routeId: string;
}

/** The desk behind a meter's row: whose published reading it bills, else who decided it. */
function deskOf(m: OfficeMeterOfRoute, sha256: string | null): string | null {
  for (let i = m.readings.length - 1; i >= 0; i--) {
    const r = m.readings[i];
    if (r && !r.failed && r.sha256 === sha256) return m.readingDesks[i] ?? null;
  }
  return m.decisionDesks.at(-1) ?? null;
}

/** The rows of the meters given (whole routes, grouped by route), derived at the server's `now`. */
function deriveRows(
  { meters, now, codeIndex }: OfficeFacts,
  inputs: DerivationInputs,
): DerivedRow[] {
  const routes = new Map<string, OfficeMeterOfRoute[]>();
  for (const m of meters) {
    const route = routes.get(m.routeId);
    if (route) route.push(m);
    else routes.set(m.routeId, [m]);
  }
  const out: DerivedRow[] = [];
  for (const route of routes.values()) {
    const history = (meterId: string) => meterHistoryFacts(inputs.model, meterId);
    officeRouteRows(route, inputs.config, now, history, codeIndex).forEach((r, i) => {
      const m = route[i];
      if (!m) return;
      out.push({
        meterId: m.meterId,
        routeId: m.routeId,
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

/**
 * Every meter's row derived now from the office's facts, none read from the kept rows: what the
 * kept rows must equal (tests, and a check an office can run by hand).
 */
export async function deriveOfficeRows(db: Queryable): Promise<DerivedRow[]> {
  const head = await factsHead(db);
  const facts = await officeFacts(db, null, head);
  return deriveRows(facts, await derivationInputs(db, await derivationInputsKey(db)));
}

/** A route's meters per state and whether read, by route id: what the report counts. */
function countsByRoute(rows: readonly DerivedRow[]): Record<string, RouteStateCount[]> {
  const out: Record<string, RouteStateCount[]> = {};
  for (const r of rows) {
    const route = (out[r.routeId] ??= []);
    const c = route.find((x) => x.state === r.state && x.read === r.read);
    if (c) c.meters++;
    else route.push({ state: r.state, read: r.read, meters: 1 });
  }
  return out;
}

/** Routes a photo dated after `now` keeps bound to the clock (its future date's flag lapses). */
function clockBound(meters: readonly OfficeMeterOfRoute[], now: Date): Set<string> {
  const bound = new Set<string>();
  for (const m of meters) {
    if (m.readings.some((r) => r.readAt !== null && Date.parse(r.readAt) > now.getTime()))
      bound.add(m.routeId);
  }
  return bound;
}

/**
 * Lists every route again when the cycle's start, the derivation or its inputs (the office's
 * profile and history) changed since the rows were kept, and the routes bound to the clock;
 * records what the rows now follow.
 */
async function markStale(c: Queryable, since: string | null, inputs: string): Promise<void> {
  const state = await c.query<{ cycle_from: string | null; derivation: number; inputs: string }>(
    'SELECT cycle_from, derivation, inputs FROM office_rows_state',
  );
  const kept = state.rows[0];
  if (
    !kept ||
    kept.cycle_from !== since ||
    kept.derivation !== ROWS_DERIVATION ||
    kept.inputs !== inputs
  ) {
    await c.query('INSERT INTO office_rows_dirty (route_id) SELECT id FROM routes');
    await c.query(
      `INSERT INTO office_rows_state (only_row, cycle_from, derivation, inputs)
       VALUES (true, $1, $2, $3)
       ON CONFLICT (only_row) DO UPDATE SET cycle_from = $1, derivation = $2, inputs = $3`,
      [since, ROWS_DERIVATION, inputs],
    );
    return;
  }
  await c.query(
    'INSERT INTO office_rows_dirty (route_id) SELECT route_id FROM office_route_rows WHERE clock_bound',
  );
}

/**
 * The office's inputs as of this transaction, built again only when their key changed: a
 * history of 100,000 meters is read and modelled once, not at every batch or export.
 */
const keptInputs = new WeakMap<OfficePool, DerivationInputs>();

async function inputsNow(pool: OfficePool, c: Queryable): Promise<DerivationInputs> {
  const key = await derivationInputsKey(c);
  const kept = keptInputs.get(pool);
  if (kept?.key === key) return kept;
  const inputs = await derivationInputs(c, key);
  keptInputs.set(pool, inputs);
  return inputs;
}

/** Derives one batch of the listed routes again; false when none was listed. */
async function deriveBatch(
  c: Queryable,
  first: boolean,
  inputs: DerivationInputs,
): Promise<boolean> {
  const head = await factsHead(c);
  if (first) await markStale(c, head.since, inputs.key);
  const listed = await c.query<{ id: string; route_id: string }>(
    `SELECT id::text AS id, route_id::text AS route_id FROM office_rows_dirty
      WHERE route_id IN (SELECT DISTINCT route_id FROM office_rows_dirty
                          ORDER BY route_id LIMIT ${ROUTES_A_BATCH})`,
  );
  if (listed.rows.length === 0) return false;
  const routeIds = [...new Set(listed.rows.map((r) => r.route_id))];
  const facts = await officeFacts(c, routeIds, head);
  const { meters, now } = facts;
  const rows = deriveRows(facts, inputs);
  const bound = clockBound(meters, now);
  await c.query('DELETE FROM office_meter_rows WHERE route_id = ANY($1::bigint[])', [routeIds]);
  await c.query(
    `INSERT INTO office_meter_rows (meter_id, route_id, desk, state, read, row)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::boolean[],
                          $6::jsonb[])`,
    [
      rows.map((r) => r.meterId),
      rows.map((r) => r.routeId),
      rows.map((r) => r.desk),
      rows.map((r) => r.state),
      rows.map((r) => r.read),
      rows.map((r) => JSON.stringify(r.row)),
    ],
  );
  // A route listed but gone (its sheet deleted by hand) has nothing to keep.
  await c.query(
    `INSERT INTO office_route_rows (route_id, derived_at, clock_bound, counts)
     SELECT x.id, $2, x.id::text = ANY($3::text[]), COALESCE(($4::jsonb) -> (x.id::text), '[]')
       FROM routes x WHERE x.id = ANY($1::bigint[])
     ON CONFLICT (route_id) DO UPDATE
       SET derived_at = EXCLUDED.derived_at, clock_bound = EXCLUDED.clock_bound,
           counts = EXCLUDED.counts`,
    [routeIds, now, [...bound], JSON.stringify(countsByRoute(rows))],
  );
  await c.query('DELETE FROM office_rows_dirty WHERE id = ANY($1::bigint[])', [
    listed.rows.map((r) => r.id),
  ]);
  return true;
}

export interface RefreshLimits {
  /** Batches of routes at most; the rest stays listed for the next refresh. */
  batches?: number;
  /** Leave it to the desk deriving now rather than wait for it (a publisher's refresh). */
  unlessBusy?: boolean;
}

/**
 * Derives again the routes whose facts changed since their rows were kept. One desk at a time
 * (an advisory lock): two desks deriving the same route from facts read at different moments
 * could otherwise keep the older rows last. Whether no route is left listed.
 */
export async function refreshOfficeRows(
  pool: OfficePool,
  user: string,
  limits: RefreshLimits = {},
): Promise<boolean> {
  let first = true;
  // Read once a refresh: the key is a few lookups, the model a read of the whole history.
  let inputs: DerivationInputs | null = null;
  for (let batch = 0; batch < (limits.batches ?? Infinity); batch++) {
    const more = await inTransaction(pool, user, async (c) => {
      if (limits.unlessBusy) {
        const got = await c.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [
          ROWS_LOCK,
        ]);
        if (got.rows[0]?.got !== true) return 'busy';
        // Nor for a row another desk holds (a meter locked by a decision: keeping a row locks its
        // meter for the foreign key): the refresh holds one of the desk's few connections, which
        // its window's review waits for meanwhile. It fails at once and is tried again later.
        await c.query(`SET LOCAL lock_timeout = '${String(BUSY_LOCK_MS)}ms'`);
      } else await c.query('SELECT pg_advisory_xact_lock($1)', [ROWS_LOCK]);
      // A batch's statements are estimated high enough for the server to compile them first
      // (JIT), which costs more than their work (the report's readers: 1.4 s of 1.7 s).
      await c.query('SET LOCAL jit = off');
      const used = inputs ?? (await inputsNow(pool, c));
      inputs = used;
      const derived = await deriveBatch(c, first, used);
      first = false;
      return derived;
    });
    if (more === 'busy') return false;
    if (!more) return true;
  }
  return false;
}

/** The kept rows of every meter of the office, brought up to date first. */
export async function keptOfficeRows(pool: OfficePool, user: string): Promise<OfficeBillingRow[]> {
  await refreshOfficeRows(pool, user);
  const { rows } = await pool.query<{
    route_key: string;
    desk: string | null;
    state: MeterState;
    read: boolean;
    row: BillingRow;
  }>(
    `SELECT r.route_key, x.desk, x.state, x.read, x.row
       FROM office_meter_rows x JOIN routes r ON r.id = x.route_id`,
  );
  return rows.map((r) => ({
    routeKey: r.route_key,
    desk: r.desk,
    state: r.state,
    read: r.read,
    row: r.row,
  }));
}

/**
 * Meters per route and state over the whole office, as each route's derivation counted them
 * (office_route_rows.counts): 250 short rows for 100,000 meters, not the rows' 130 MB.
 */
export async function keptRouteCounts(pool: OfficePool, user: string): Promise<OfficeRouteCount[]> {
  await refreshOfficeRows(pool, user);
  const { rows } = await pool.query<{ route_key: string; counts: RouteStateCount[] }>(
    `SELECT r.route_key, x.counts FROM office_route_rows x JOIN routes r ON r.id = x.route_id`,
  );
  return rows.flatMap((r) => r.counts.map((c) => ({ routeKey: r.route_key, ...c })));
}
