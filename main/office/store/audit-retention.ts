// The audit trail's retention (office migration 007): the owner's `office init` prunes the rows
// older than the office keeps (ten years unless set), in one transaction with a row in the audit
// table itself that says how many went and from before when, so a pruning is as traceable as the
// changes it removed. A desk's role can neither change the retention nor delete audit rows.
import { inTransaction, type OfficePool } from './office-db';

export interface AuditPruned {
  keepDays: number;
  /** Rows written before this (on the server's clock) were pruned. */
  olderThan: Date;
  pruned: number;
}

/**
 * Sets the retention (when `keepDays` is given: at least 365 days, the table's check) and prunes
 * the audit rows older than it. `user` names the person in the audit rows this writes.
 */
export function pruneAudit(
  pool: OfficePool,
  user: string,
  keepDays?: number,
): Promise<AuditPruned> {
  return inTransaction(pool, user, async (c) => {
    if (keepDays !== undefined) {
      const before = await c.query<{ keep_days: number }>(
        'SELECT keep_days FROM audit_retention FOR UPDATE',
      );
      const was = before.rows[0]?.keep_days;
      if (was !== keepDays) {
        await c.query('UPDATE audit_retention SET keep_days = $1, updated_at = now()', [keepDays]);
        await c.query(
          `INSERT INTO audit (table_name, op, row_key, before, after, desk_user, db_user)
           VALUES ('audit_retention', 'UPDATE', 'keep_days', jsonb_build_object('keep_days', $1::int),
                   jsonb_build_object('keep_days', $2::int), $3, session_user)`,
          [was ?? null, keepDays, user],
        );
      }
    }
    const { rows } = await c.query<{ keep_days: number; older_than: Date; pruned: number }>(
      `WITH cut AS (SELECT keep_days, now() - make_interval(days => keep_days) AS older_than
                      FROM audit_retention),
            gone AS (DELETE FROM audit a USING cut WHERE a.at < cut.older_than RETURNING a.id)
       SELECT keep_days, older_than, (SELECT count(*) FROM gone)::int AS pruned FROM cut`,
    );
    const row = rows[0];
    if (!row) throw new Error('the office has no audit retention (office migration 007)');
    if (row.pruned > 0) {
      await c.query(
        `INSERT INTO audit (table_name, op, row_key, before, after, desk_user, db_user)
         VALUES ('audit', 'DELETE', 'older than ' || $1::timestamptz::text,
                 jsonb_build_object('rows', $2::int, 'olderThan', $1::timestamptz), NULL, $3,
                 session_user)`,
        [row.older_than, row.pruned, user],
      );
    }
    return { keepDays: row.keep_days, olderThan: row.older_than, pruned: row.pruned };
  });
}
