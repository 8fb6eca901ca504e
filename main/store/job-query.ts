import type Database from 'better-sqlite3';
import { jobText } from '../../common/job-messages';
import type { JobRecord } from '../../common/job-record';
import type { JobFilter, JobQuery, JobSortKey } from '../../common/job-query';

export type { JobFilter, JobQuery, JobSortKey } from '../../common/job-query';
import { BILLED_READING_SQL } from './billed-reading-sql';
import { errorOf } from './job-events';
import { toJobRecord, type JobRow } from './job-row';

/** Rows read at a time by iterate(). */
const ITERATE_PAGE = 500;

export interface ReasonCount {
  readonly state: 'submitted' | 'failed';
  /** The service's status of the task (waiting_ai, queued, failed...). */
  readonly status: string | null;
  /** In English, from its template (job-messages.ts). */
  readonly reason: string;
  /** The service's failure_kind of a failed task. */
  readonly kind: string | null;
  readonly n: number;
}

const FILTER_SQL: Record<JobFilter, string> = {
  all: '1 = 1',
  // A held photo waits for a person, not for the run: its own filter, as in the counts (job-reads.ts).
  in_progress: `state IN ('queued', 'uploading', 'submitted') AND photo_check IS NOT 'held'`,
  to_review: 'to_review = 1',
  failed: `state = 'failed'`,
  done: `state = 'done'`,
  rejected: `state = 'rejected'`,
  held: `state = 'queued' AND photo_check = 'held'`,
};

const SORT_SQL: Record<JobSortKey, string> = {
  id: 'id',
  file: 'rel_path COLLATE NOCASE',
  state: 'state',
  reading: BILLED_READING_SQL,
  updated: 'updated_at',
};

/**
 * Read-side queries for the UI, the CLI and exports. Only whitelisted SQL fragments are
 * composed; every value is a bound parameter.
 */
export class JobQueries {
  private readonly reasonsStmt;

  constructor(private readonly db: Database.Database) {
    this.reasonsStmt = db.prepare<
      [number],
      Omit<ReasonCount, 'reason'> & { code: string | null; params: string | null }
    >(
      `SELECT state, remote_status AS status, error_code AS code, error_params AS params,
              service_failure_kind AS kind, COUNT(*) AS n
         FROM jobs
        WHERE (state = 'submitted' AND error_code IS NOT NULL) OR state = 'failed'
        GROUP BY state, remote_status, error_code, error_params, service_failure_kind
        ORDER BY n DESC
        LIMIT ?`,
    );
  }

  /**
   * What tasks wait for at the service and why photos failed, in the service's own words, most
   * common first: `meter-desk status` shows them.
   */
  reasons(limit = 10): ReasonCount[] {
    return this.reasonsStmt.all(limit).map(({ code, params, ...r }) => {
      const error = errorOf(code, params);
      return { ...r, reason: error === null ? '' : jobText(error) };
    });
  }

  private where(q: JobQuery): { sql: string; params: (string | number)[] } {
    const params: (string | number)[] = [];
    const keep = q.keepIds ?? [];
    const filter = FILTER_SQL[q.filter ?? 'all'];
    const parts = [
      keep.length === 0 ? filter : `(${filter} OR id IN (${keep.map(() => '?').join(', ')}))`,
    ];
    params.push(...keep);
    if (q.rootId !== undefined) {
      parts.push('root_id = ?');
      params.push(q.rootId);
    }
    if (q.search) {
      parts.push(`instr(lower(rel_path), lower(?)) > 0`);
      params.push(q.search);
    }
    return { sql: parts.join(' AND '), params };
  }

  page(q: JobQuery): { rows: JobRecord[]; total: number } {
    const { sql, params } = this.where(q);
    const order = `${SORT_SQL[q.sort ?? 'id']} ${q.descending ? 'DESC' : 'ASC'}, id`;
    const limit = Math.max(0, Math.min(q.limit ?? 200, 5000));
    const offset = Math.max(0, q.offset ?? 0);
    const rows = this.db
      .prepare<(string | number)[], JobRow>(
        `SELECT * FROM jobs WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    const total = this.db
      .prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM jobs WHERE ${sql}`)
      .get(...params)?.n;
    return { rows: rows.map(toJobRecord), total: total ?? 0 };
  }

  /**
   * Streams matching jobs in id order without holding them all in memory. Read a page at a time
   * (by id, not by an open cursor): a consumer that awaits between rows, such as a CSV export
   * during a run, must not keep the connection busy, or the engine's writes and the queue's
   * heartbeat would be refused until it ends.
   */
  *iterate(q: JobQuery): Generator<JobRecord> {
    const { sql, params } = this.where(q);
    const stmt = this.db.prepare<(string | number)[], JobRow>(
      `SELECT * FROM jobs WHERE ${sql} AND id > ? ORDER BY id LIMIT ${String(ITERATE_PAGE)}`,
    );
    let after = 0;
    for (;;) {
      const rows = stmt.all(...params, after);
      for (const row of rows) yield toJobRecord(row);
      const last = rows.at(-1);
      if (!last || rows.length < ITERATE_PAGE) return;
      after = last.id;
    }
  }
}
