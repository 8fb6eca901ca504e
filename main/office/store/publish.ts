// What a desk publishes to the office through its outbox: each photo's reading and each decision,
// every one with an idempotency key, so that publishing again (after a lost answer, a restart, a
// database back from an outage) changes nothing. One short transaction each, or a backlog's
// entries in one (publishBatch), with `app.user` set for the audit trail.
import {
  OFFICE_DECISION_KINDS,
  type OfficeDecisionKind,
} from '../../../common/ipc/office-review-views';
import type { DeskDecision } from '../../../common/office-decision';
import type { PhotoCode } from '../../../common/photo-codes';
import { meterStateAfter } from './meter-state';
import { inTransaction, type OfficeClient, type OfficePool } from './office-db';
import { FAILED_READING } from './photo-claims';

export interface PublishedReading {
  /** Unique per desk and event (the outbox's key): publishing twice writes one row. */
  key: string;
  sha256: string;
  desk: string;
  /** The person at the desk, for the audit trail. */
  user: string;
  fileName: string;
  status: string;
  reading: string | null;
  resultSource: string | null;
  toReview: boolean;
  taskId: string | null;
  aiVersion: string | null;
  readAt: string | null;
  /** The meter, when the desk matched the photo to one of a loaded route's meters. */
  meterNumber: string | null;
  /** The office's key of the route the desk has that meter on (absent: not known). */
  routeKey?: string | null;
  /** The codes read on the photo ([] none found); absent or null: not known (office migration 014). */
  codes?: readonly PhotoCode[] | null;
  publishedAt: Date;
}

/** A photo's codes read after the desk published its reading: set on that desk's readings of it. */
export interface PublishedCodes {
  sha256: string;
  desk: string;
  /** The person at the desk, for the audit trail. */
  user: string;
  codes: readonly PhotoCode[];
  /** The meter the desk has the photo on now (matched by these codes, perhaps); null: none. */
  meterNumber: string | null;
  /** The office's key of the route the desk has that meter on (absent: not known). */
  routeKey?: string | null;
}

/** What the office records a decision as: one list with the window, which words each kind. */
export const DECISION_KINDS = OFFICE_DECISION_KINDS;
export type DecisionKind = OfficeDecisionKind;

/**
 * A decision as the office takes it: what the desk published (one definition, DeskDecision) under
 * its key, named by its desk, at its time.
 */
export type PublishedDecision = Omit<DeskDecision, 'decidedAt'> & {
  key: string;
  desk: string;
  /**
   * The queue it was made in (claimant.ts queueIdOf): two queues under one desk name take each
   * other's decisions (decision-news.ts). Absent: not known (an older desk, a republish).
   */
  queue?: string | null;
  /** The office's key of the route the desk has that meter on (absent: not known). */
  routeKey?: string | null;
  decidedAt: Date;
};

/** Whether the row was new; false when this key was published before (nothing changed). */
export type Published = { written: boolean };

// The meter a desk names by number ($1), on the route the desk has it on ($2, the office's route
// key; null when the desk does not know): a number on two routes (a meter that moved, issue 30)
// is the one on the desk's route; without one that has it, the number's only meter; otherwise
// left unlinked rather than guessed.
export const METER_BY_NUMBER = `COALESCE(
  (SELECT m.id FROM meters m JOIN routes r ON r.id = m.route_id
    WHERE m.meter_number = $1 AND r.route_key = $2::text),
  (SELECT CASE WHEN count(*) = 1 THEN min(id) END FROM meters WHERE meter_number = $1))`;

async function ensurePhoto(
  c: OfficeClient,
  sha256: string,
  desk: string,
  fileName: string,
  at: Date,
  taskId: string | null,
): Promise<void> {
  // A photo read before the office knew it (or read while the office was unreachable) enters the
  // index as read; a claim this desk held ends.
  await c.query(
    `INSERT INTO photos AS p (sha256, state, desk, file_name, claimed_at, lease_until, task_id)
     VALUES ($1, 'read', $2, $3, $4, NULL, $5)
     ON CONFLICT (sha256) DO UPDATE
       SET state = 'read', desk = EXCLUDED.desk, lease_until = NULL,
           task_id = COALESCE(EXCLUDED.task_id, p.task_id)
       WHERE p.state <> 'read'`,
    [sha256, desk, fileName, at, taskId],
  );
}

/**
 * A photo this desk failed to read: the claim it holds is given back, so a desk waiting for its
 * reading sends the photo itself now rather than when the lease runs out. A photo another desk
 * holds or has read stays as it is. A claim names the desk's queue too (main/office/claimant.ts):
 * any queue of the desk that failed gives it back.
 */
async function photoFailed(
  c: OfficeClient,
  sha256: string,
  desk: string,
  fileName: string,
  at: Date,
): Promise<void> {
  await c.query(
    `INSERT INTO photos AS p (sha256, state, desk, file_name, claimed_at, lease_until)
     VALUES ($1, 'released', $2, $3, $4, NULL)
     ON CONFLICT (sha256) DO UPDATE SET state = 'released', lease_until = NULL
       WHERE p.state = 'claimed'
         AND (p.desk = EXCLUDED.desk
              OR left(p.desk, length(EXCLUDED.desk) + 2) = EXCLUDED.desk || '#q')`,
    [sha256, desk, fileName, at],
  );
}

export function publishReading(pool: OfficePool, r: PublishedReading): Promise<Published> {
  return inTransaction(pool, r.user, (c) => readingOn(c, r));
}

async function readingOn(c: OfficeClient, r: PublishedReading): Promise<Published> {
  const seen = await c.query('SELECT 1 FROM readings WHERE idempotency_key = $1', [r.key]);
  if ((seen.rowCount ?? 0) > 0) return { written: false };
  if (r.status === FAILED_READING) {
    await photoFailed(c, r.sha256, r.desk, r.fileName, r.publishedAt);
  } else await ensurePhoto(c, r.sha256, r.desk, r.fileName, r.publishedAt, r.taskId);
  const meter = await c.query<{ id: string | null }>(`SELECT ${METER_BY_NUMBER} AS id`, [
    r.meterNumber,
    r.routeKey ?? null,
  ]);
  const meterId = meter.rows[0]?.id ?? null;
  const inserted = await c.query(
    `INSERT INTO readings (idempotency_key, sha256, meter_id, desk, file_name, status, reading,
       result_source, to_review, task_id, ai_version, read_at, published_at, meter_number, codes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [
      r.key,
      r.sha256,
      meterId,
      r.desk,
      r.fileName,
      r.status,
      r.reading,
      r.resultSource,
      r.toReview,
      r.taskId,
      r.aiVersion,
      r.readAt,
      r.publishedAt,
      // The meter as the desk named it: the office links it later if it does not have it yet.
      r.meterNumber,
      r.codes == null ? null : JSON.stringify(r.codes),
    ],
  );
  if (meterId !== null && r.toReview) {
    await c.query(
      `UPDATE meters SET review_state = 'flagged', updated_by = $2, updated_at = $3
        WHERE id = $1 AND review_state = 'open'`,
      [meterId, r.user, r.publishedAt],
    );
  }
  return { written: (inserted.rowCount ?? 0) > 0 };
}

/**
 * A photo's codes, on the desk's own readings of it that have none; and readings of it that name no
 * meter are linked to the one the desk has it on now (matched by its code there), flagging it as a
 * reading published for it would. A repeat finds nothing left to set: it changes nothing. The
 * readings' trigger lists their routes to derive again (office migration 010).
 */
async function codesOn(c: OfficeClient, x: PublishedCodes): Promise<Published> {
  const meter =
    x.meterNumber === null
      ? null
      : ((
          await c.query<{ id: string | null }>(`SELECT ${METER_BY_NUMBER} AS id`, [
            x.meterNumber,
            x.routeKey ?? null,
          ])
        ).rows[0]?.id ?? null);
  // Read before 009 a reading may name its meter by id alone: such a one is linked already.
  const unlinked = 'meter_number IS NULL AND meter_id IS NULL';
  const set = await c.query<{ linked: string | null; to_review: boolean }>(
    `UPDATE readings
        SET codes = COALESCE(codes, $3::jsonb),
            meter_number = CASE WHEN ${unlinked} THEN $4::text ELSE meter_number END,
            meter_id = CASE WHEN ${unlinked} THEN $5::bigint ELSE meter_id END
      WHERE sha256 = $1 AND desk = $2
        AND (codes IS NULL OR (${unlinked} AND $4::text IS NOT NULL))
      RETURNING CASE WHEN meter_id = $5::bigint THEN meter_id::text END AS linked, to_review`,
    [x.sha256, x.desk, JSON.stringify(x.codes), x.meterNumber, meter],
  );
  if (meter !== null && set.rows.some((r) => r.linked !== null && r.to_review)) {
    await c.query(
      `UPDATE meters SET review_state = 'flagged', updated_by = $2, updated_at = now()
        WHERE id = $1 AND review_state = 'open'`,
      [meter, x.user],
    );
  }
  return { written: (set.rowCount ?? 0) > 0 };
}

export function publishDecision(pool: OfficePool, d: PublishedDecision): Promise<Published> {
  return inTransaction(pool, d.clerk, (c) => decisionOn(c, d));
}

async function decisionOn(c: OfficeClient, d: PublishedDecision): Promise<Published> {
  const seen = await c.query('SELECT 1 FROM decisions WHERE idempotency_key = $1', [d.key]);
  if ((seen.rowCount ?? 0) > 0) return { written: false };
  if (d.sha256 !== null) {
    await ensurePhoto(c, d.sha256, d.desk, d.fileName ?? d.sha256, d.decidedAt, null);
  }
  const meter = await c.query<{ id: string | null }>(`SELECT ${METER_BY_NUMBER} AS id`, [
    d.meterNumber,
    d.routeKey ?? null,
  ]);
  const meterId = meter.rows[0]?.id ?? null;
  const inserted = await c.query(
    `INSERT INTO decisions (idempotency_key, kind, sha256, meter_id, meter_number, reading,
       skip_code, note, desk, clerk, decided_at, queue)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [
      d.key,
      d.kind,
      d.sha256,
      meterId,
      d.meterNumber,
      d.reading,
      d.skipCode,
      d.note,
      d.desk,
      d.clerk,
      d.decidedAt,
      d.queue ?? null,
    ],
  );
  // A repeat changes nothing; a new decision moves the meter as one made office-first does.
  if (meterId !== null && (inserted.rowCount ?? 0) > 0) {
    await meterStateAfter(c, Number(meterId), d);
  }
  return { written: (inserted.rowCount ?? 0) > 0 };
}

/** An outbox entry as the office takes it. */
export type PublishedEntry =
  | { kind: 'reading'; reading: PublishedReading }
  | { kind: 'decision'; decision: PublishedDecision }
  | { kind: 'codes'; codes: PublishedCodes };

/** The person an entry names, for the audit trail. */
function userOf(e: PublishedEntry): string {
  if (e.kind === 'reading') return e.reading.user;
  return e.kind === 'decision' ? e.decision.clerk : e.codes.user;
}

function entryOn(c: OfficeClient, e: PublishedEntry): Promise<Published> {
  if (e.kind === 'reading') return readingOn(c, e.reading);
  return e.kind === 'decision' ? decisionOn(c, e.decision) : codesOn(c, e.codes);
}

/**
 * A backlog's entries in one transaction, in order (issue 30: one transaction per entry drained a
 * 5,000-entry backlog in about 35,000 round trips and as many commits). `app.user` is set for each
 * entry whose person differs from the last, so the audit trail names each entry's own. All or
 * nothing: an entry the office refuses rolls the batch back, and the caller publishes its entries
 * one by one to find it.
 */
export function publishBatch(
  pool: OfficePool,
  entries: readonly PublishedEntry[],
): Promise<Published[]> {
  const first = entries[0];
  if (!first) return Promise.resolve([]);
  return inTransaction(pool, userOf(first), async (c) => {
    const done: Published[] = [];
    let user = userOf(first);
    for (const e of entries) {
      if (userOf(e) !== user) {
        user = userOf(e);
        await c.query(`SELECT set_config('app.user', $1, true)`, [user]);
      }
      done.push(await entryOn(c, e));
    }
    return done;
  });
}
