// A clerk's decision on a meter of the office, checked against the version the clerk saw: a second
// clerk's change to the same meter is refused with who changed it and what, never written over;
// and while another desk holds the meter's review lease (on the server's clock), with who reviews
// it and for how long: the lease holder's work is never overridden (issue 30, item 4).
import { inTransaction, type OfficePool } from './office-db';
import { meterStateAfter } from './meter-state';
import type { DecisionKind, PublishedDecision } from './publish';
import type { LeaseHolder } from './review-leases';

/** A decision made in the office first: what is published (PublishedDecision), on the version seen. */
export type MeterDecision = PublishedDecision & {
  meterId: number;
  /** The meter's version when the clerk opened it. */
  version: number;
};

export interface LastChange {
  clerk: string;
  desk: string;
  kind: DecisionKind | null;
  reading: string | null;
  at: Date;
  version: number;
}

export type MeterEdit =
  | { ok: true; version: number }
  | { ok: false; changedBy: LastChange }
  | { ok: false; heldBy: LeaseHolder };

export function decideMeter(pool: OfficePool, d: MeterDecision): Promise<MeterEdit> {
  return inTransaction(pool, d.clerk, async (c) => {
    // The lease row is locked with the check: a lease taken meanwhile waits for this decision.
    const held = await c.query<{ desk: string; clerk: string; left_ms: number }>(
      `SELECT desk, clerk, (extract(epoch FROM lease_until - now()) * 1000)::float8 AS left_ms
         FROM review_leases WHERE meter_id = $1 AND lease_until > now() AND desk <> $2
          FOR SHARE`,
      [d.meterId, d.desk],
    );
    const holder = held.rows[0];
    if (holder) {
      return {
        ok: false,
        heldBy: { desk: holder.desk, clerk: holder.clerk, leftMs: holder.left_ms },
      };
    }
    // The meter row locked on the version seen: a second clerk's decision waits, then is refused.
    const seen = await c.query(`SELECT 1 FROM meters WHERE id = $1 AND version = $2 FOR UPDATE`, [
      d.meterId,
      d.version,
    ]);
    if ((seen.rowCount ?? 0) === 0) {
      const last = await c.query<{
        updated_by: string;
        updated_at: Date;
        version: number;
        kind: DecisionKind | null;
        reading: string | null;
        desk: string | null;
      }>(
        `SELECT m.updated_by, m.updated_at, m.version, d.kind, d.reading, d.desk
           FROM meters m
           LEFT JOIN LATERAL (SELECT kind, reading, desk FROM decisions
                               WHERE meter_id = m.id ORDER BY id DESC LIMIT 1) d ON true
          WHERE m.id = $1`,
        [d.meterId],
      );
      const l = last.rows[0];
      if (!l) throw new Error(`no meter ${d.meterId} in the office`);
      return {
        ok: false,
        changedBy: {
          clerk: l.updated_by,
          desk: l.desk ?? '',
          kind: l.kind,
          reading: l.reading,
          at: l.updated_at,
          version: l.version,
        },
      };
    }
    await c.query(
      `INSERT INTO decisions (idempotency_key, kind, meter_id, reading, skip_code, note, desk,
         clerk, decided_at, meter_number, sha256, queue)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
               (SELECT sha256 FROM photos WHERE sha256 = $11), $12)`,
      [
        d.key,
        d.kind,
        d.meterId,
        d.reading,
        d.skipCode,
        d.note,
        d.desk,
        d.clerk,
        d.decidedAt,
        d.meterNumber,
        d.sha256,
        d.queue ?? null,
      ],
    );
    const after = await meterStateAfter(c, d.meterId, d);
    return { ok: true, version: after.version };
  });
}
