// This desk's office outbox (migrations 018, 019): readings enter it by trigger as jobs finish,
// decisions from the action layer; the office publisher (main/office/) drains it to PostgreSQL.
// Every entry keeps the idempotency key it was written with, so publishing again after a lost
// answer or a restart changes nothing in the office. Writes are local and synchronous: nothing
// here waits for the office database.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { OfficeDecisionKind } from '../../common/ipc/office-review-views';
import type { DeskDecision } from '../../common/office-decision';
import { CODES_STATUS, type DeskPhotoCodes } from '../../common/office-reading';
import { parsePhotoCodes, type PhotoCode } from '../../common/photo-codes';
import type { Clock } from '../time/clock';
import { DAY_MS, notePruned, outboxKeepDays } from './outbox-retention';
import { SettingsRepo } from './settings-repo';

export type OutboxKind = 'reading' | 'decision';

export interface OutboxEntry {
  id: number;
  key: string;
  kind: OutboxKind;
  /** The entry's JSON as written: a reading's or a decision's fields. */
  payload: Record<string, unknown>;
  attempts: number;
}

export interface OfficeDesk {
  desk: string;
  clerk: string;
}

/**
 * A person's decision on a photo (confirm, correct, undo) or on a meter (skip, type, ...), as the
 * action layer names it: the outbox fills in the rest of what is published (DeskDecision).
 */
export interface OutboxDecision {
  kind: OfficeDecisionKind;
  jobId?: number;
  meterNumber?: string | null;
  reading?: string | null;
  skipCode?: string | null;
  note?: string | null;
  /** The key the office already has this decision under (made there first); else a new one. */
  key?: string;
}

export interface OutboxCounts {
  pending: number;
  published: number;
  /** Pending entries that failed at least once (kept, retried with a growing wait). */
  failing: number;
}

/**
 * The entries still to publish, counted on their partial index: as many rows as wait, never the
 * whole outbox (issue 30: a SUM over every entry ever kept ran after every drain). INDEXED BY
 * makes a change that loses the index an error here rather than a slow count.
 */
export const OUTBOX_PENDING_COUNT = `SELECT count(*) AS pending, COALESCE(SUM(attempts > 0), 0) AS failing
  FROM office_outbox INDEXED BY office_outbox_pending WHERE published_at IS NULL`;

/** Pruning looks at the outbox at most this often: a DELETE per drain would be waste. */
const PRUNE_EVERY_MS = 60 * 60_000;

export class OfficeOutbox {
  private readonly s;
  private readonly settings: SettingsRepo;
  private prunedAt: number | null = null;
  /**
   * How many entries are published: counted once, then followed as entries are marked (this is
   * the only writer of published_at, and the queue has one writer; new entries arrive unpublished,
   * from this class or the queue's triggers).
   */
  private published: number | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
  ) {
    this.settings = new SettingsRepo(db);
    this.s = {
      desk: db.prepare<[], OfficeDesk>('SELECT desk, clerk FROM office_desk'),
      setDesk: db.prepare(
        `INSERT INTO office_desk (one, desk, clerk, since) VALUES (1, ?, ?, ?)
         ON CONFLICT (one) DO UPDATE SET desk = excluded.desk, clerk = excluded.clerk`,
      ),
      stop: db.prepare('DELETE FROM office_desk'),
      job: db.prepare<
        [number],
        { sha256: string | null; rel_path: string; meter_id: string | null }
      >('SELECT sha256, rel_path, meter_id FROM jobs WHERE id = ?'),
      add: db.prepare(
        `INSERT INTO office_outbox (idem_key, kind, payload, created_at) VALUES (?, ?, ?, ?)`,
      ),
      codes: db.prepare<[number], { photo_codes: string | null; meter_id: string | null }>(
        'SELECT photo_codes, meter_id FROM jobs WHERE id = ?',
      ),
      // A photo read here (not taken from another desk), whose reading has gone out already.
      codesLate: db.prepare<[number], { sha256: string }>(
        `SELECT sha256 FROM jobs j
          WHERE id = ? AND state = 'done' AND sha256 IS NOT NULL AND office_desk IS NULL
            AND NOT EXISTS (SELECT 1 FROM office_outbox o INDEXED BY office_outbox_pending
                             WHERE o.published_at IS NULL AND o.kind = 'reading'
                               AND json_extract(o.payload, '$.jobId') = j.id)`,
      ),
      addOnce: db.prepare(
        `INSERT INTO office_outbox (idem_key, kind, payload, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (idem_key) DO NOTHING`,
      ),
      due: db.prepare<
        [number, number],
        { id: number; idem_key: string; kind: OutboxKind; payload: string; attempts: number }
      >(
        `SELECT id, idem_key, kind, payload, attempts FROM office_outbox
          WHERE published_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?`,
      ),
      // An entry published before keeps its first time, and the count of published ones is right.
      published: db.prepare(
        'UPDATE office_outbox SET published_at = ? WHERE id = ? AND published_at IS NULL',
      ),
      since: db.prepare<
        [number, number],
        {
          id: number;
          idem_key: string;
          kind: OutboxKind;
          payload: string;
          attempts: number;
          published_at: string | null;
        }
      >(
        `SELECT id, idem_key, kind, payload, attempts, published_at FROM office_outbox
          WHERE id > ? ORDER BY id LIMIT ?`,
      ),
      failed: db.prepare(
        `UPDATE office_outbox SET attempts = attempts + 1, last_failure = ?, next_attempt_at = ?
          WHERE id = ?`,
      ),
      pending: db.prepare<[], Omit<OutboxCounts, 'published'>>(OUTBOX_PENDING_COUNT),
      // On its partial index (migration 026): never a scan of what waits or what is kept.
      prune: db.prepare(
        `DELETE FROM office_outbox INDEXED BY office_outbox_published
          WHERE published_at IS NOT NULL AND published_at < ?`,
      ),
      publishedCount: db.prepare<[], { n: number }>(
        'SELECT count(*) AS n FROM office_outbox WHERE published_at IS NOT NULL',
      ),
    };
  }

  /** As which desk this queue publishes; null: office mode is off for it. */
  desk(): OfficeDesk | null {
    return this.s.desk.get() ?? null;
  }

  /** Turns publishing on (or renames the desk); from now on readings and decisions are kept. */
  publishAs(desk: OfficeDesk): void {
    this.s.setDesk.run(desk.desk, desk.clerk, this.stamp());
  }

  /** Turns publishing off; entries not yet published stay and go once it is on again. */
  stopPublishing(): void {
    this.s.stop.run();
  }

  /** Keeps a decision for the office; false (nothing kept) while this queue does not publish. */
  addDecision(d: OutboxDecision): boolean {
    const desk = this.desk();
    if (!desk) return false;
    const job = d.jobId === undefined ? undefined : this.s.job.get(d.jobId);
    const payload: DeskDecision = {
      kind: d.kind,
      clerk: desk.clerk,
      sha256: job?.sha256 ?? null,
      fileName: job?.rel_path ?? null,
      meterNumber: d.meterNumber ?? job?.meter_id ?? null,
      reading: d.reading ?? null,
      skipCode: d.skipCode ?? null,
      note: d.note ?? null,
      decidedAt: this.stamp(),
    };
    if (payload.sha256 === null && payload.meterNumber === null) return false;
    const key = d.key ?? `${desk.desk}:decision:${randomUUID()}`;
    this.s.add.run(key, 'decision', JSON.stringify(payload), payload.decidedAt);
    return true;
  }

  /**
   * The codes read on a photo of this queue, for its reading as it is published (the trigger that
   * keeps a reading knows nothing of codes); null while they are not read.
   */
  codesOf(jobId: number): PhotoCode[] | null {
    const row = this.s.codes.get(jobId);
    return row?.photo_codes == null ? null : parsePhotoCodes(row.photo_codes);
  }

  /**
   * The meter a photo of this queue is matched to now: a photo's codes are kept before they match
   * it (routes.ts codesRead), so their entry names its meter as it is when published.
   */
  meterOf(jobId: number): string | null {
    return this.s.codes.get(jobId)?.meter_id ?? null;
  }

  /**
   * Keeps a photo's codes read after its reading was published, for the office to set on that
   * reading (issue 30: the office's rows flag a serial naming another meter as this desk does).
   * Nothing while this queue does not publish, for a photo not read here or not read yet, or whose
   * reading still waits here (it goes out with its codes, codesOf), nor when none were found.
   */
  addCodes(jobId: number, codes: readonly PhotoCode[]): boolean {
    const desk = this.desk();
    if (!desk || codes.length === 0) return false;
    const job = this.s.codesLate.get(jobId);
    if (!job) return false;
    const payload: DeskPhotoCodes & { jobId: number } = {
      status: CODES_STATUS,
      jobId,
      sha256: job.sha256,
      codes: codes.map((c) => ({ format: c.format, text: c.text })),
    };
    const at = this.stamp();
    const key = `${desk.desk}:codes:${String(jobId)}`;
    return this.s.addOnce.run(key, 'reading', JSON.stringify(payload), at).changes === 1;
  }

  /** The oldest entries due to be published (a failed one waits out its backoff). */
  due(limit: number): OutboxEntry[] {
    return this.s.due.all(this.clock.now(), limit).map((row) => ({
      id: row.id,
      key: row.idem_key,
      kind: row.kind,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      attempts: row.attempts,
    }));
  }

  /**
   * Every entry after `afterId`, published or not, oldest first: what `office republish` sends
   * again after the office was restored from a backup older than some of them.
   */
  since(afterId: number, limit: number): (OutboxEntry & { published: boolean })[] {
    return this.s.since.all(afterId, limit).map((row) => ({
      id: row.id,
      key: row.idem_key,
      kind: row.kind,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      attempts: row.attempts,
      published: row.published_at !== null,
    }));
  }

  markPublished(id: number): void {
    const { changes } = this.s.published.run(this.stamp(), id);
    if (this.published !== null) this.published += changes;
  }

  /** A batch the office took in one transaction, marked in one here. */
  markPublishedAll(ids: readonly number[]): void {
    this.db.transaction(() => {
      for (const id of ids) this.markPublished(id);
    })();
  }

  /** A failed publish: `failure` is a class (never a message that could carry an address). */
  markFailed(id: number, failure: string, retryInMs: number): void {
    this.s.failed.run(failure, this.clock.now() + retryInMs, id);
  }

  /**
   * Deletes the entries the office took longer ago than this desk keeps them (the queue's
   * `officeOutboxKeepDays`, 30 days unless set); what waits is never touched. How many went.
   */
  prunePublished(): number {
    const now = this.clock.now();
    this.prunedAt = now;
    const before = new Date(now - outboxKeepDays(this.settings) * DAY_MS).toISOString();
    return this.db.transaction(() => {
      const { changes } = this.s.prune.run(before);
      if (changes > 0) notePruned(this.settings, before, changes);
      if (this.published !== null) this.published -= changes;
      return changes;
    })();
  }

  /** `prunePublished`, at most once an hour (the publisher asks after every drain). */
  prunePublishedIfDue(): number {
    const last = this.prunedAt;
    if (last !== null && this.clock.now() - last < PRUNE_EVERY_MS) return 0;
    return this.prunePublished();
  }

  counts(): OutboxCounts {
    const { pending, failing } = this.s.pending.get() ?? { pending: 0, failing: 0 };
    this.published ??= this.s.publishedCount.get()?.n ?? 0;
    return { pending, published: this.published, failing };
  }

  private stamp(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/**
 * A person's write to the queue and its decision's outbox entry, in ONE SQLite transaction
 * (issue 30): a desk killed at any point keeps both or neither, never a decision the office
 * would not hear of. `write` runs first (its own transactions nest as savepoints); `entryOf`
 * names the entry for what it returned, null when nothing was decided (refused, no such
 * row). A write that throws, or an entry that cannot be kept, rolls both back.
 */
export function writeWithOutboxEntry<T>(
  db: Database.Database,
  clock: Clock,
  write: () => T,
  entryOf: (made: T) => OutboxDecision | null,
): T {
  // IMMEDIATE: the write lock from the start, waited for on the busy timeout. A decision reads
  // before it writes (the rules look at the meter's rows), and skips and typed readings are made
  // beside a running owner: a transaction begun by reading fails with SQLITE_BUSY_SNAPSHOT when
  // the owner commits between its read and its write.
  return db
    .transaction(() => {
      const made = write();
      const entry = entryOf(made);
      if (entry !== null) officeOutboxOf(db, clock).addDecision(entry);
      return made;
    })
    .immediate();
}

const outboxes = new WeakMap<Database.Database, OfficeOutbox>();

/** The outbox of a queue connection, made once per connection (its statements prepared once). */
export function officeOutboxOf(db: Database.Database, clock: Clock): OfficeOutbox {
  let outbox = outboxes.get(db);
  if (!outbox) {
    outbox = new OfficeOutbox(db, clock);
    outboxes.set(db, outbox);
  }
  return outbox;
}
