// The office-wide photo index: before a desk uploads a photo it claims the photo's SHA-256 here,
// so that a photo is paid for once in the office. One short statement, no transaction held open:
// the claim is a lease with an end, and a desk that dies while holding it loses it by time alone.
import type { Queryable } from './office-db';

export interface ClaimRequest {
  sha256: string;
  desk: string;
  fileName: string;
  /** The desk's clock (the injected one). */
  now: Date;
  leaseMs: number;
}

/** What the office says about a photo a desk is about to send. */
export type PhotoClaim =
  /** This desk holds the claim until `leaseUntil`: upload it. */
  | { kind: 'ours'; leaseUntil: Date }
  /** Another desk is sending it: wait for that desk's reading rather than pay for it again. */
  | { kind: 'held'; desk: string; leaseUntil: Date }
  /** Already read in the office: its reading is published (or on its way) by `desk`. */
  | { kind: 'read'; desk: string; taskId: string | null; reading: OfficeReading | null };

export interface OfficeReading {
  status: string;
  reading: string | null;
  resultSource: string | null;
  toReview: boolean;
  taskId: string | null;
  desk: string;
}

interface PhotoRow {
  state: 'claimed' | 'read' | 'released';
  desk: string;
  lease_until: Date | null;
  task_id: string | null;
}

// Taken when nobody has it, when it was given back, when its lease ran out, or again by the desk
// that holds it (a restart renews its own claims). ON CONFLICT decides under the row's lock, so
// two desks claiming at once cannot both win. A lost claim reads who has it in the same statement
// (one round trip); only when that row committed after the statement began is it read again.
const CLAIM = `
WITH won AS (
  INSERT INTO photos AS p (sha256, state, desk, file_name, claimed_at, lease_until)
  VALUES ($1, 'claimed', $2, $3, $4, $5)
  ON CONFLICT (sha256) DO UPDATE
    SET state = 'claimed', desk = EXCLUDED.desk, file_name = EXCLUDED.file_name,
        claimed_at = EXCLUDED.claimed_at, lease_until = EXCLUDED.lease_until
    WHERE p.state = 'released'
       OR (p.state = 'claimed' AND (p.desk = EXCLUDED.desk OR p.lease_until <= EXCLUDED.claimed_at))
  RETURNING state, desk, lease_until, task_id
)
SELECT true AS won, state, desk, lease_until, task_id FROM won
UNION ALL
SELECT false, state, desk, lease_until, task_id FROM photos
 WHERE sha256 = $1 AND NOT EXISTS (SELECT 1 FROM won)`;

export async function claimPhoto(db: Queryable, req: ClaimRequest): Promise<PhotoClaim> {
  const until = new Date(req.now.getTime() + req.leaseMs);
  const answer = await db.query<PhotoRow & { won: boolean }>(CLAIM, [
    req.sha256,
    req.desk,
    req.fileName,
    req.now,
    until,
  ]);
  let row: PhotoRow | undefined = answer.rows[0];
  if (answer.rows[0]?.won && row?.lease_until) return { kind: 'ours', leaseUntil: row.lease_until };
  // Someone else has it. Rows are never deleted, so the photo is there to be read.
  row ??= (
    await db.query<PhotoRow>(
      'SELECT state, desk, lease_until, task_id FROM photos WHERE sha256 = $1',
      [req.sha256],
    )
  ).rows[0];
  if (!row) throw new Error('a claimed photo disappeared from the office index');
  if (row.state === 'claimed' && row.lease_until) {
    return { kind: 'held', desk: row.desk, leaseUntil: row.lease_until };
  }
  return {
    kind: 'read',
    desk: row.desk,
    taskId: row.task_id,
    reading: await latestReading(db, req.sha256),
  };
}

/** A reading the service failed to make (a desk's attempt, recorded): never one to take. */
export const FAILED_READING = 'failed';

/** The newest reading published for a photo, by whichever desk; failed attempts are passed over. */
export async function latestReading(db: Queryable, sha256: string): Promise<OfficeReading | null> {
  const { rows } = await db.query<{
    status: string;
    reading: string | null;
    result_source: string | null;
    to_review: boolean;
    task_id: string | null;
    desk: string;
  }>(
    `SELECT status, reading, result_source, to_review, task_id, desk
       FROM readings WHERE sha256 = $1 AND status <> $2 ORDER BY id DESC LIMIT 1`,
    [sha256, FAILED_READING],
  );
  const r = rows[0];
  return r
    ? {
        status: r.status,
        reading: r.reading,
        resultSource: r.result_source,
        toReview: r.to_review,
        taskId: r.task_id,
        desk: r.desk,
      }
    : null;
}

/** Gives a claim back (the desk will not send the photo after all): another desk may take it. */
export async function releasePhoto(db: Queryable, sha256: string, desk: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE photos SET state = 'released', lease_until = NULL
      WHERE sha256 = $1 AND desk = $2 AND state = 'claimed'`,
    [sha256, desk],
  );
  return (rowCount ?? 0) > 0;
}
