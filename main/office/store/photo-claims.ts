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
  /**
   * The photo's read date in the office: the earliest any desk published for it (a copy's file
   * time is later than the first sighting's; copies share their EXIF date), ISO in UTC.
   */
  readAt: string | null;
}

interface PhotoRow {
  sha256: string;
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

/**
 * The claim rule both claim statements share: a photo given back, or claimed by this desk, or
 * whose lease ran out on the server's clock, may be taken ($3: the desk).
 */
const TAKEABLE = `(p.state = 'released' OR (p.state = 'claimed' AND (p.desk = $3 OR p.lease_until <= now())))`;

/** The claims won: the photos inserted and those taken (both claim statements). */
const WON = `  SELECT true AS won, sha256, state, desk, lease_until, task_id FROM inserted
  UNION ALL
  SELECT true, sha256, state, desk, lease_until, task_id FROM taken`;

/** Photos one desk claims at once (an upload unit's), each with its lease's length. */
export interface ClaimBatch {
  desk: string;
  /** The lease's length, counted on the server's clock from the server's now(). */
  leaseMs: number;
  photos: readonly { sha256: string; fileName: string }[];
}

// Taken when nobody has it, when it was given back, when its lease ran out, or again by the desk
// that holds it (a restart renews its own claims). A photo nobody has is inserted; one that exists
// is taken by an UPDATE whose WHERE is checked again under the row's lock on its newest version, so
// two desks claiming at once cannot both win. Most claims in a busy office are lost (the photo is
// another desk's): they read the row and write nothing, where ON CONFLICT DO UPDATE ... WHERE locked
// the row even to refuse it, so every loser queued behind the winner and wrote a lock to the page.
// A lost claim reads who has it in the same statement. A photo the index has already is not
// offered to the INSERT at all: its BEFORE INSERT trigger (office migration 008's own-rows check)
// ran for every claim asked, won or lost, a third of a lost claim's time on the server (0.19 of
// 0.6 ms; bench/README.md); ON CONFLICT still settles a photo inserted meanwhile. The whole upload unit is one statement over
// the `unnest` of its photos (issue 30: one statement per photo queued on the desk's two
// connections, and the last ones ran out of time). Named, so each connection plans it once.
const CLAIM = {
  name: 'office-claim-photos',
  text: `
WITH asked AS (
  SELECT DISTINCT ON (sha256) sha256, file_name
    FROM unnest($1::text[], $2::text[]) AS a (sha256, file_name)
), inserted AS (
  INSERT INTO photos (sha256, state, desk, file_name, claimed_at, lease_until)
  SELECT sha256, 'claimed', $3, file_name, now(), now() + $4::float8 * interval '1 millisecond'
    FROM asked
   WHERE NOT EXISTS (SELECT 1 FROM photos AS x WHERE x.sha256 = asked.sha256)
  ON CONFLICT (sha256) DO NOTHING
  RETURNING sha256, state, desk, lease_until, task_id
), taken AS (
  UPDATE photos AS p
     SET state = 'claimed', desk = $3, file_name = a.file_name, claimed_at = now(),
         lease_until = now() + $4::float8 * interval '1 millisecond'
    FROM asked AS a
   WHERE p.sha256 = a.sha256 AND NOT EXISTS (SELECT 1 FROM inserted i WHERE i.sha256 = a.sha256)
     AND ${TAKEABLE}
  RETURNING p.sha256, p.state, p.desk, p.lease_until, p.task_id
), answer AS (
${WON}
  UNION ALL
  SELECT false, p.sha256, p.state, p.desk, p.lease_until, p.task_id
    FROM photos AS p JOIN asked AS a ON a.sha256 = p.sha256
   WHERE NOT EXISTS (SELECT 1 FROM inserted i WHERE i.sha256 = p.sha256)
     AND NOT EXISTS (SELECT 1 FROM taken t WHERE t.sha256 = p.sha256)
)
SELECT won, sha256, state, desk, task_id, ${LEASE_NOW} FROM answer`,
};

/**
 * CLAIM for one photo (a single claim, most of a desk's in a quiet office): the same three steps
 * on the photo's key alone, without the batch's `unnest` and `DISTINCT ON`, which a lost claim
 * spent most of its server time planning and running (bench/README.md, "Office: claims").
 */
const CLAIM_ONE = {
  name: 'office-claim-photo',
  text: `
WITH inserted AS (
  INSERT INTO photos (sha256, state, desk, file_name, claimed_at, lease_until)
  SELECT $1, 'claimed', $3, $2, now(), now() + $4::float8 * interval '1 millisecond'
   WHERE NOT EXISTS (SELECT 1 FROM photos AS x WHERE x.sha256 = $1)
  ON CONFLICT (sha256) DO NOTHING
  RETURNING sha256, state, desk, lease_until, task_id
), taken AS (
  UPDATE photos AS p
     SET state = 'claimed', desk = $3, file_name = $2, claimed_at = now(),
         lease_until = now() + $4::float8 * interval '1 millisecond'
   WHERE p.sha256 = $1 AND NOT EXISTS (SELECT 1 FROM inserted)
     AND ${TAKEABLE}
  RETURNING p.sha256, p.state, p.desk, p.lease_until, p.task_id
), answer AS (
${WON}
  UNION ALL
  SELECT false, p.sha256, p.state, p.desk, p.lease_until, p.task_id
    FROM photos AS p
   WHERE p.sha256 = $1 AND NOT EXISTS (SELECT 1 FROM inserted) AND NOT EXISTS (SELECT 1 FROM taken)
)
SELECT won, sha256, state, desk, task_id, ${LEASE_NOW} FROM answer`,
};

const PHOTOS = {
  name: 'office-photo-rows',
  text: `SELECT sha256, state, desk, task_id, ${LEASE_NOW} FROM photos WHERE sha256 = ANY($1::text[])`,
};

/** A claim that keeps meeting other desks' fresh commits gives up and answers with the row. */
const CLAIM_ATTEMPTS = 3;

/** Whether this desk could have taken the photo as the row reads: then it changed under us. */
function claimable(row: PhotoRow, desk: string): boolean {
  if (row.state === 'released') return true;
  if (row.state !== 'claimed') return false;
  return row.desk === desk || row.expired === true;
}

export async function claimPhoto(db: Queryable, req: ClaimRequest): Promise<PhotoClaim> {
  const { sha256, fileName, desk, leaseMs } = req;
  const [claim] = await claimPhotos(db, { desk, leaseMs, photos: [{ sha256, fileName }] });
  if (!claim) throw new Error('a claimed photo disappeared from the office index');
  return claim;
}

/** One claim per photo asked, in the order asked; a few statements for the whole batch. */
export async function claimPhotos(db: Queryable, batch: ClaimBatch): Promise<PhotoClaim[]> {
  const won = new Map<string, PhotoClaim>();
  const rows = new Map<string, PhotoRow>();
  let open = [...new Map(batch.photos.map((p) => [p.sha256, p])).values()];
  // A lost claim whose row is missing or still looks takeable saw the photo as it was when the
  // statement began: another desk's insert or claim committed meanwhile. A new statement sees it.
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS && open.length > 0; attempt++) {
    const [one] = open;
    const answer = await db.query<PhotoRow & { won: boolean }>(
      open.length === 1 && one
        ? { ...CLAIM_ONE, values: [one.sha256, one.fileName, batch.desk, batch.leaseMs] }
        : {
            ...CLAIM,
            values: [
              open.map((p) => p.sha256),
              open.map((p) => p.fileName),
              batch.desk,
              batch.leaseMs,
            ],
          },
    );
    for (const row of answer.rows) {
      if (row.won && row.left_ms !== null)
        won.set(row.sha256, { kind: 'ours', leftMs: row.left_ms });
      else rows.set(row.sha256, row);
    }
    open = open.filter((p) => {
      if (won.has(p.sha256)) return false;
      const row = rows.get(p.sha256);
      return !row || claimable(row, batch.desk);
    });
  }
  // Rows are never deleted, so the photos are there to be read.
  const missing = open.filter((p) => !rows.has(p.sha256)).map((p) => p.sha256);
  if (missing.length > 0) {
    const more = await db.query<PhotoRow>({ ...PHOTOS, values: [missing] });
    for (const row of more.rows) rows.set(row.sha256, row);
  }
  const read = [...rows.values()].filter((r) => !won.has(r.sha256) && !isHeld(r, batch.desk));
  const readings = await latestReadings(
    db,
    read.map((r) => r.sha256),
  );
  return batch.photos.map(({ sha256 }) => {
    const ours = won.get(sha256);
    if (ours) return ours;
    const row = rows.get(sha256);
    if (!row) throw new Error('a claimed photo disappeared from the office index');
    // Still takeable after every attempt (the office is that busy with this photo): neither held
    // by another desk nor read. Held with nothing left makes the gate ask again soon, never send
    // unclaimed.
    if (claimable(row, batch.desk)) return { kind: 'held', desk: row.desk, leftMs: 0 };
    if (row.state === 'claimed' && row.left_ms !== null) {
      return { kind: 'held', desk: row.desk, leftMs: Math.max(0, row.left_ms) };
    }
    return {
      kind: 'read',
      desk: row.desk,
      taskId: row.task_id,
      reading: readings.get(sha256) ?? null,
    };
  });
}

/** Whether the row answers "held" (takeable-looking or another desk's lease), not "read". */
function isHeld(row: PhotoRow, desk: string): boolean {
  return claimable(row, desk) || (row.state === 'claimed' && row.left_ms !== null);
}

/** A reading the service failed to make (a desk's attempt, recorded): never one to take. */
export const FAILED_READING = 'failed';

/** The newest reading published for a photo, by whichever desk; failed attempts are passed over. */
export async function latestReading(db: Queryable, sha256: string): Promise<OfficeReading | null> {
  return (await latestReadings(db, [sha256])).get(sha256) ?? null;
}

/** The newest reading of each photo, in one statement (readings_by_photo). */
async function latestReadings(
  db: Queryable,
  shas: readonly string[],
): Promise<Map<string, OfficeReading>> {
  const found = new Map<string, OfficeReading>();
  if (shas.length === 0) return found;
  const { rows } = await db.query<{
    sha256: string;
    status: string;
    reading: string | null;
    result_source: string | null;
    to_review: boolean;
    task_id: string | null;
    desk: string;
    first_read_at: Date | null;
  }>({
    name: 'office-latest-readings',
    text: `SELECT DISTINCT ON (sha256) sha256, status, reading, result_source, to_review, task_id,
                  desk, min(read_at) OVER (PARTITION BY sha256) AS first_read_at
             FROM readings WHERE sha256 = ANY($1::text[]) AND status <> $2
            ORDER BY sha256, id DESC`,
    values: [shas, FAILED_READING],
  });
  for (const r of rows) {
    found.set(r.sha256, {
      status: r.status,
      reading: r.reading,
      resultSource: r.result_source,
      toReview: r.to_review,
      taskId: r.task_id,
      desk: r.desk,
      readAt: r.first_read_at?.toISOString() ?? null,
    });
  }
  return found;
}
