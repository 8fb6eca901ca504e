// What a live change note leaves out and a line about it needs (main/cli/commands/office-live-
// lines.ts): a decision's kind, the meter's number, the photo's file name, a reading's status.
// Read by the row's id (or the lease's meter), one short statement; null when the row is gone.
import type { OfficeChange } from './office-live';
import type { Queryable } from './office-db';

export interface LiveDetail {
  /** A decision's kind (confirm, correct, skip, ...); null for other tables. */
  readonly kind: string | null;
  readonly meterNumber: string | null;
  readonly fileName: string | null;
  /** A reading's status ('done', 'failed', ...); null for other tables. */
  readonly status: string | null;
}

const BY_TABLE: Partial<Record<OfficeChange['table'], string>> = {
  decisions: `SELECT d.kind, d.meter_number AS "meterNumber", p.file_name AS "fileName",
                     NULL AS status
                FROM decisions d LEFT JOIN photos p USING (sha256) WHERE d.id = $1`,
  readings: `SELECT NULL AS kind, m.meter_number AS "meterNumber", r.file_name AS "fileName",
                    r.status
               FROM readings r LEFT JOIN meters m ON m.id = r.meter_id WHERE r.id = $1`,
  review_leases: `SELECT NULL AS kind, meter_number AS "meterNumber", NULL AS "fileName",
                         NULL AS status
                    FROM meters WHERE id = $1`,
};

export async function liveDetail(db: Queryable, change: OfficeChange): Promise<LiveDetail | null> {
  const sql = BY_TABLE[change.table];
  const id = change.table === 'review_leases' ? change.meterId : change.id;
  if (sql === undefined || id === null) return null;
  const { rows } = await db.query<LiveDetail>(sql, [id]);
  return rows[0] ?? null;
}
