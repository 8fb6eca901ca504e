// Review split between clerks: "the next flagged meter" as a lease of 15-30 minutes that the
// window renews while the clerk works on it. Taken with FOR UPDATE SKIP LOCKED in one statement,
// so clerks asking at once get different meters and nobody waits; a crashed desk's lease runs out
// and the meter is free again. No transaction is held open while a person looks at a photo.
import type { Queryable } from './office-db';

export interface ReviewLease {
  meterId: number;
  routeKey: string;
  meterNumber: string;
  leaseUntil: Date;
}

export interface LeaseRequest {
  desk: string;
  clerk: string;
  now: Date;
  leaseMs: number;
}

// The meter row is locked (SKIP LOCKED: one another clerk is taking is passed over); a lease
// taken by a statement that committed in between is only replaced once it has run out.
const NEXT_FLAGGED = `
WITH next AS (
  SELECT m.id FROM meters m
   WHERE m.review_state = 'flagged'
     AND NOT EXISTS (SELECT 1 FROM review_leases l WHERE l.meter_id = m.id AND l.lease_until > $3)
   ORDER BY m.route_id, m.sequence NULLS LAST, m.id
   LIMIT 1
   FOR UPDATE OF m SKIP LOCKED
), taken AS (
  INSERT INTO review_leases AS l (meter_id, desk, clerk, taken_at, lease_until)
  SELECT id, $1, $2, $3, $4 FROM next
  ON CONFLICT (meter_id) DO UPDATE
    SET desk = EXCLUDED.desk, clerk = EXCLUDED.clerk, taken_at = EXCLUDED.taken_at,
        lease_until = EXCLUDED.lease_until
    WHERE l.lease_until <= EXCLUDED.taken_at
  RETURNING meter_id, lease_until
)
SELECT t.meter_id, t.lease_until, m.meter_number, r.route_key
  FROM taken t JOIN meters m ON m.id = t.meter_id JOIN routes r ON r.id = m.route_id`;

/** Leases the next flagged meter nobody is reviewing; null when none is left. */
export async function leaseNextFlagged(
  db: Queryable,
  req: LeaseRequest,
): Promise<ReviewLease | null> {
  const until = new Date(req.now.getTime() + req.leaseMs);
  // A lost race (the meter's lease committed between our snapshot and our insert) takes nothing:
  // ask again, a few times, rather than wait on anyone.
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows } = await db.query<{
      meter_id: string;
      lease_until: Date;
      meter_number: string;
      route_key: string;
    }>(NEXT_FLAGGED, [req.desk, req.clerk, req.now, until]);
    const row = rows[0];
    if (row) {
      return {
        meterId: Number(row.meter_id),
        routeKey: row.route_key,
        meterNumber: row.meter_number,
        leaseUntil: row.lease_until,
      };
    }
    const left = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM meters m WHERE m.review_state = 'flagged'
          AND NOT EXISTS (SELECT 1 FROM review_leases l WHERE l.meter_id = m.id AND l.lease_until > $1)`,
      [req.now],
    );
    if ((left.rows[0]?.n ?? 0) === 0) return null;
  }
  return null;
}

/** Renews a lease this desk holds (the window still shows the meter); false when it is lost. */
export async function renewLease(
  db: Queryable,
  meterId: number,
  req: LeaseRequest,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE review_leases SET lease_until = $4
      WHERE meter_id = $1 AND desk = $2 AND lease_until > $3`,
    [meterId, req.desk, req.now, new Date(req.now.getTime() + req.leaseMs)],
  );
  return (rowCount ?? 0) > 0;
}

/** Who is reviewing a meter now, for "being reviewed by Anna, 12 min left"; null when nobody. */
export async function leaseHolder(
  db: Queryable,
  meterId: number,
  now: Date,
): Promise<{ desk: string; clerk: string; leaseUntil: Date } | null> {
  const { rows } = await db.query<{ desk: string; clerk: string; lease_until: Date }>(
    'SELECT desk, clerk, lease_until FROM review_leases WHERE meter_id = $1 AND lease_until > $2',
    [meterId, now],
  );
  const row = rows[0];
  return row ? { desk: row.desk, clerk: row.clerk, leaseUntil: row.lease_until } : null;
}

export type LeaseTaken =
  | { ok: true; leaseUntil: Date }
  | { ok: false; holder: { desk: string; clerk: string; leaseUntil: Date } };

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
  const until = new Date(req.now.getTime() + req.leaseMs);
  // A lease released or ended by a decision between the two statements: free now, ask again.
  for (let attempt = 0; ; attempt++) {
    const { rows } = await db.query<{ lease_until: Date }>(
      `INSERT INTO review_leases AS l (meter_id, desk, clerk, taken_at, lease_until)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (meter_id) DO UPDATE
       SET desk = EXCLUDED.desk, clerk = EXCLUDED.clerk, lease_until = EXCLUDED.lease_until,
           taken_at = CASE WHEN l.desk = EXCLUDED.desk AND l.lease_until > EXCLUDED.taken_at
                           THEN l.taken_at ELSE EXCLUDED.taken_at END
       WHERE l.desk = EXCLUDED.desk OR l.lease_until <= EXCLUDED.taken_at
     RETURNING lease_until`,
      [meterId, req.desk, req.clerk, req.now, until],
    );
    const row = rows[0];
    if (row) return { ok: true, leaseUntil: row.lease_until };
    const holder = await leaseHolder(db, meterId, req.now);
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
