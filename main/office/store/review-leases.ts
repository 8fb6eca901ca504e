// Review split between clerks: "the next flagged meter" as a lease of 15-30 minutes that the
// window renews while the clerk works on it. Taken with FOR UPDATE SKIP LOCKED in one statement,
// so clerks asking at once get different meters and nobody waits; a crashed desk's lease runs out
// and the meter is free again. No transaction is held open while a person looks at a photo.
// Leases run on the server's clock (now() in the statement): a desk whose clock is 15 minutes
// fast must not see another clerk's lease as run out and take the meter.
import type { Queryable } from './office-db';

export interface ReviewLease {
  meterId: number;
  routeKey: string;
  meterNumber: string;
  /** What is left of the lease on the server's clock: the desk adds it to its own now. */
  leftMs: number;
}

export interface LeaseRequest {
  desk: string;
  clerk: string;
  /** The lease's length, from the server's now(). */
  leaseMs: number;
}

/** Who reviews a meter, and for how long more on the server's clock. */
export interface LeaseHolder {
  desk: string;
  clerk: string;
  leftMs: number;
}

/** The lease's time left as the server counts it, in ms. */
const LEFT_MS = `(extract(epoch FROM lease_until - now()) * 1000)::float8 AS left_ms`;
const UNTIL = `now() + $3::float8 * interval '1 millisecond'`;

// The meter row is locked (SKIP LOCKED: one another clerk is taking is passed over); a lease
// taken by a statement that committed in between is only replaced once it has run out.
const NEXT_FLAGGED = `
WITH next AS (
  SELECT m.id FROM meters m
   WHERE m.review_state = 'flagged'
     AND NOT EXISTS (SELECT 1 FROM review_leases l WHERE l.meter_id = m.id AND l.lease_until > now())
   ORDER BY m.route_id, m.sequence NULLS LAST, m.id
   LIMIT 1
   FOR UPDATE OF m SKIP LOCKED
), taken AS (
  INSERT INTO review_leases AS l (meter_id, desk, clerk, taken_at, lease_until)
  SELECT id, $1, $2, now(), ${UNTIL} FROM next
  ON CONFLICT (meter_id) DO UPDATE
    SET desk = EXCLUDED.desk, clerk = EXCLUDED.clerk, taken_at = EXCLUDED.taken_at,
        lease_until = EXCLUDED.lease_until
    WHERE l.lease_until <= now()
  RETURNING meter_id, lease_until
)
SELECT t.meter_id, ${LEFT_MS}, m.meter_number, r.route_key
  FROM taken t JOIN meters m ON m.id = t.meter_id JOIN routes r ON r.id = m.route_id`;

/** Leases the next flagged meter nobody is reviewing; null when none is left. */
export async function leaseNextFlagged(
  db: Queryable,
  req: LeaseRequest,
): Promise<ReviewLease | null> {
  // A lost race (the meter's lease committed between our snapshot and our insert) takes nothing:
  // ask again, a few times, rather than wait on anyone.
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows } = await db.query<{
      meter_id: string;
      left_ms: number;
      meter_number: string;
      route_key: string;
    }>(NEXT_FLAGGED, [req.desk, req.clerk, req.leaseMs]);
    const row = rows[0];
    if (row) {
      return {
        meterId: Number(row.meter_id),
        routeKey: row.route_key,
        meterNumber: row.meter_number,
        leftMs: row.left_ms,
      };
    }
    const left = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM meters m WHERE m.review_state = 'flagged'
          AND NOT EXISTS (SELECT 1 FROM review_leases l WHERE l.meter_id = m.id AND l.lease_until > now())`,
    );
    if ((left.rows[0]?.n ?? 0) === 0) return null;
  }
  return null;
}

/** Who is reviewing a meter now, for "being reviewed by Anna, 12 min left"; null when nobody. */
export async function leaseHolder(db: Queryable, meterId: number): Promise<LeaseHolder | null> {
  const { rows } = await db.query<{ desk: string; clerk: string; left_ms: number }>(
    `SELECT desk, clerk, ${LEFT_MS} FROM review_leases WHERE meter_id = $1 AND lease_until > now()`,
    [meterId],
  );
  const row = rows[0];
  return row ? { desk: row.desk, clerk: row.clerk, leftMs: row.left_ms } : null;
}

export type LeaseTaken = { ok: true; leftMs: number } | { ok: false; holder: LeaseHolder };

/**
 * "Take this meter": a lease on one meter for this desk, taken when nobody holds it (or the lease
 * ran out), renewed when this desk already holds it; refused with the holder otherwise. One
 * statement: two desks taking at once cannot both win.
 */
export async function takeLease(
  db: Queryable,
  meterId: number,
  req: LeaseRequest,
): Promise<LeaseTaken> {
  // A lease released or ended by a decision between the two statements: free now, ask again.
  for (let attempt = 0; ; attempt++) {
    const { rows } = await db.query<{ left_ms: number }>(
      `INSERT INTO review_leases AS l (meter_id, desk, clerk, taken_at, lease_until)
     VALUES ($1, $2, $4, now(), ${UNTIL})
     ON CONFLICT (meter_id) DO UPDATE
       SET desk = EXCLUDED.desk, clerk = EXCLUDED.clerk, lease_until = EXCLUDED.lease_until,
           taken_at = CASE WHEN l.desk = EXCLUDED.desk AND l.lease_until > now()
                           THEN l.taken_at ELSE EXCLUDED.taken_at END
       WHERE l.desk = EXCLUDED.desk OR l.lease_until <= now()
     RETURNING ${LEFT_MS}`,
      [meterId, req.desk, req.leaseMs, req.clerk],
    );
    const row = rows[0];
    if (row) return { ok: true, leftMs: row.left_ms };
    const holder = await leaseHolder(db, meterId);
    if (holder) return { ok: false, holder };
    // Never a made-up holder for the window to show: a fault of this call (classified 'other').
    if (attempt >= 3) throw new Error(`meter ${meterId}'s review lease kept changing hands`);
  }
}

/** The clerk moved on: this desk's lease on the meter ends now; false when it held none. */
export async function releaseLease(db: Queryable, meterId: number, desk: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM review_leases WHERE meter_id = $1 AND desk = $2',
    [meterId, desk],
  );
  return (rowCount ?? 0) > 0;
}
