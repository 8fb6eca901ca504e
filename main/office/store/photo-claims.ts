// The office-wide photo index: before a desk uploads a photo it claims the photo's SHA-256 here,
// so that a photo is paid for once in the office. One short statement, no transaction held open:
// the claim is a lease with an end, and a desk that dies while holding it loses it by time alone.
// Every "when" is the server's: a lease ends at the server's now() plus its length, and whether it
// ran out is asked of the server. A desk's clock that runs fast or slow (issue 30: 16 minutes
// ahead paid photos twice) never takes another desk's claim nor keeps its own longer.
import type { Queryable } from './office-db';

export interface ClaimRequest {
  sha256: string;
  desk: string;
  fileName: string;
  /** The lease's length, counted on the server's clock from the server's now(). */
  leaseMs: number;
}

/** What the office says about a photo a desk is about to send. */
export type PhotoClaim =
  /** This desk holds the claim for `leftMs` more (the server's time): upload it. */
  | { kind: 'ours'; leftMs: number }
  /**
   * Another desk is sending it: wait for that desk's reading rather than pay for it again. Its
   * lease has `leftMs` left on the server's clock (a duration: the desk adds it to its own now).
   */
  | { kind: 'held'; desk: string; leftMs: number }
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
  /** The server's answer to "has its lease run out?" (null: no lease). */
  expired: boolean | null;
  /** What is left of the lease on the server's clock, in ms (null: no lease). */
  left_ms: number | null;
  task_id: string | null;
}

/** A photo row's lease as the server sees it now: ended or not, and how long it has left. */
const LEASE_NOW = `lease_until <= now() AS expired,
  (extract(epoch FROM lease_until - now()) * 1000)::float8 AS left_ms`;

// Taken when nobody has it, when it was given back, when its lease ran out, or again by the desk
// that holds it (a restart renews its own claims). A photo nobody has is inserted; one that exists
// is taken by an UPDATE whose WHERE is checked again under the row's lock on its newest version, so
// two desks claiming at once cannot both win. Most claims in a busy office are lost (the photo is
// another desk's): they read the row and write nothing, where ON CONFLICT DO UPDATE ... WHERE locked
// the row even to refuse it, so every loser queued behind the winner and wrote a lock to the page.
// A lost claim reads who has it in the same statement (one round trip). Named, so each connection
// parses and plans it once.
const CLAIM = {
  name: 'office-claim-photo',
  text: `
WITH inserted AS (
  INSERT INTO photos (sha256, state, desk, file_name, claimed_at, lease_until)
  VALUES ($1, 'claimed', $2, $3, now(), now() + $4::float8 * interval '1 millisecond')
  ON CONFLICT (sha256) DO NOTHING
  RETURNING state, desk, lease_until, task_id
), taken AS (
  UPDATE photos AS p
     SET state = 'claimed', desk = $2, file_name = $3, claimed_at = now(),
         lease_until = now() + $4::float8 * interval '1 millisecond'
   WHERE p.sha256 = $1 AND NOT EXISTS (SELECT 1 FROM inserted)
     AND (p.state = 'released' OR (p.state = 'claimed' AND (p.desk = $2 OR p.lease_until <= now())))
  RETURNING p.state, p.desk, p.lease_until, p.task_id
), answer AS (
  SELECT true AS won, state, desk, lease_until, task_id FROM inserted
  UNION ALL
  SELECT true, state, desk, lease_until, task_id FROM taken
  UNION ALL
  SELECT false, state, desk, lease_until, task_id FROM photos
   WHERE sha256 = $1 AND NOT EXISTS (SELECT 1 FROM inserted) AND NOT EXISTS (SELECT 1 FROM taken)
)
SELECT won, state, desk, task_id, ${LEASE_NOW} FROM answer`,
};

const PHOTO = {
  name: 'office-photo-row',
  text: `SELECT state, desk, task_id, ${LEASE_NOW} FROM photos WHERE sha256 = $1`,
};

/** A claim that keeps meeting other desks' fresh commits gives up and answers with the row. */
const CLAIM_ATTEMPTS = 3;

/** Whether this desk could have taken the photo as the row reads: then it changed under us. */
function claimable(row: PhotoRow, req: ClaimRequest): boolean {
  if (row.state === 'released') return true;
  if (row.state !== 'claimed') return false;
  return row.desk === req.desk || row.expired === true;
}

export async function claimPhoto(db: Queryable, req: ClaimRequest): Promise<PhotoClaim> {
  const values = [req.sha256, req.desk, req.fileName, req.leaseMs];
  let row: PhotoRow | undefined;
  // A lost claim whose row is missing or still looks takeable saw the photo as it was when the
  // statement began: another desk's insert or claim committed meanwhile. A new statement sees it.
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const answer = await db.query<PhotoRow & { won: boolean }>({ ...CLAIM, values });
    const first = answer.rows[0];
    if (first?.won && first.left_ms !== null) return { kind: 'ours', leftMs: first.left_ms };
    row = first;
    if (row && !claimable(row, req)) break;
  }
  // Rows are never deleted, so the photo is there to be read.
  row ??= (await db.query<PhotoRow>({ ...PHOTO, values: [req.sha256] })).rows[0];
  if (!row) throw new Error('a claimed photo disappeared from the office index');
  // Still takeable after every attempt (the office is that busy with this photo): neither held by
  // another desk nor read. Held with nothing left makes the gate ask again soon, never send
  // unclaimed.
  if (claimable(row, req)) return { kind: 'held', desk: row.desk, leftMs: 0 };
  if (row.state === 'claimed' && row.left_ms !== null) {
    return { kind: 'held', desk: row.desk, leftMs: Math.max(0, row.left_ms) };
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
  }>({
    name: 'office-latest-reading',
    text: `SELECT status, reading, result_source, to_review, task_id, desk
             FROM readings WHERE sha256 = $1 AND status <> $2 ORDER BY id DESC LIMIT 1`,
    values: [sha256, FAILED_READING],
  });
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
