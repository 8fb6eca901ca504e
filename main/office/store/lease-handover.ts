// Asking a lease holder to hand a meter over (issue 30, item 4): clerk B, refused because clerk A
// reviews the meter, asks; A's desk hears it as a live note on the office's channel and A may hand
// the lease over, which makes it B's at once (on the server's clock). The ask is a note only, kept
// nowhere: a holder who is not listening is not at the screen, and the lease runs out by itself.
// Nothing is taken without the holder: only the holder's desk can hand its lease over.
import type { Queryable } from './office-db';
import { OFFICE_LIVE_CHANNEL } from './live-channel';
import type { LeaseHolder, LeaseRequest, LeaseTaken } from './review-leases';

/** Who asks for a meter's lease, as the holder's desk hears it. */
export interface HandoverAsk {
  meterId: number;
  meterNumber: string;
  /** The desk whose lease is asked for. */
  holder: string;
  desk: string;
  clerk: string;
}

/** The note's marker: a hand-over ask, not a row's change (office-live.ts tells them apart). */
export const HANDOVER_NOTE = 'handover';

/**
 * Asks the desk holding the meter's lease to hand it over: the note is sent when (and only when)
 * another desk holds a live lease, in the same statement that finds it. The holder, or null when
 * the meter is free or this desk holds it (then there is nobody to ask).
 */
export async function askHandover(
  db: Queryable,
  meterId: number,
  asker: { desk: string; clerk: string },
): Promise<LeaseHolder | null> {
  const { rows } = await db.query<{ desk: string; clerk: string; left_ms: number }>(
    `SELECT l.desk, l.clerk, (extract(epoch FROM l.lease_until - now()) * 1000)::float8 AS left_ms,
            pg_notify($4, json_build_object('note', $5::text, 'meterId', l.meter_id,
              'meterNumber', left(m.meter_number, 200), 'holder', l.desk,
              'desk', left($2::text, 200), 'clerk', left($3::text, 200))::text)
       FROM review_leases l JOIN meters m ON m.id = l.meter_id
      WHERE l.meter_id = $1 AND l.lease_until > now() AND l.desk <> $2`,
    [meterId, asker.desk, asker.clerk, OFFICE_LIVE_CHANNEL, HANDOVER_NOTE],
  );
  const row = rows[0];
  return row ? { desk: row.desk, clerk: row.clerk, leftMs: row.left_ms } : null;
}

/**
 * The holder hands its live lease over: the meter's lease is `to`'s from now, for `to.leaseMs`.
 * Refused (with the holder now) when `holderDesk` no longer holds it.
 */
export async function handOverLease(
  db: Queryable,
  meterId: number,
  holderDesk: string,
  to: LeaseRequest,
): Promise<LeaseTaken | { ok: false; holder: null }> {
  const { rows } = await db.query<{ left_ms: number }>(
    `UPDATE review_leases
        SET desk = $3, clerk = $4, taken_at = now(),
            lease_until = now() + $5::float8 * interval '1 millisecond'
      WHERE meter_id = $1 AND desk = $2 AND lease_until > now()
      RETURNING (extract(epoch FROM lease_until - now()) * 1000)::float8 AS left_ms`,
    [meterId, holderDesk, to.desk, to.clerk, to.leaseMs],
  );
  const row = rows[0];
  if (row) return { ok: true, leftMs: row.left_ms };
  const now = await db.query<{ desk: string; clerk: string; left_ms: number }>(
    `SELECT desk, clerk, (extract(epoch FROM lease_until - now()) * 1000)::float8 AS left_ms
       FROM review_leases WHERE meter_id = $1 AND lease_until > now()`,
    [meterId],
  );
  const holder = now.rows[0];
  return holder
    ? { ok: false, holder: { desk: holder.desk, clerk: holder.clerk, leftMs: holder.left_ms } }
    : { ok: false, holder: null };
}

/** A note from the channel as a hand-over ask; null when it is not one. */
export function parseHandoverAsk(note: Record<string, unknown>): HandoverAsk | null {
  if (note.note !== HANDOVER_NOTE) return null;
  const { meterId, meterNumber, holder, desk, clerk } = note;
  if (
    typeof meterId !== 'number' ||
    typeof meterNumber !== 'string' ||
    typeof holder !== 'string' ||
    typeof desk !== 'string' ||
    typeof clerk !== 'string'
  )
    return null;
  return { meterId, meterNumber, holder, desk, clerk };
}
