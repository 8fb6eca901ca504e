// What a clerk's window shows of a meter in the office (issue 23, review between clerks): who
// holds its review lease, the version an edit must name, whether another desk decided it, and its
// history of decisions, undo included. Meters are found by number, as publish.ts links them: a
// number on two routes is not guessed. Each read is one or two short statements; nothing is held.
import type { Queryable } from './office-db';
import { METER_BY_NUMBER, type DecisionKind } from './publish';
import { leaseHolder, type LeaseHolder } from './review-leases';

export interface OfficeMeterState {
  id: number;
  version: number;
  reviewState: 'open' | 'flagged' | 'decided';
}

export interface OfficeDecisionEntry {
  kind: DecisionKind;
  clerk: string;
  desk: string;
  reading: string | null;
  skipCode: string | null;
  decidedAt: Date;
}

/** A photo of the meter as a desk read it and published its reading (its first reading). */
export interface OfficeReadingEntry {
  desk: string;
  fileName: string;
  reading: string;
  /** The photo's own date (ISO, as published); null when the desk had none. */
  readAt: string | null;
}

export interface OfficeMeterReview {
  meter: OfficeMeterState;
  /** Who holds its review lease, for how long more on the server's clock. */
  holder: LeaseHolder | null;
  /** The decision that stands in the office (the newest, unless it was undone); null: none. */
  standing: OfficeDecisionEntry | null;
  /** Oldest first; at most HISTORY_LIMIT, the newest ones. */
  history: OfficeDecisionEntry[];
  /** The meter's photos read at any desk, newest published first; at most READINGS_LIMIT. */
  readings: OfficeReadingEntry[];
}

export const HISTORY_LIMIT = 50;

/** The detail names the newest photos only: one is the meter's, a few show a re-read. */
export const READINGS_LIMIT = 5;

/** Each photo's first reading (a copy published again later keeps the first), newest first. */
async function meterReadings(db: Queryable, meterId: number): Promise<OfficeReadingEntry[]> {
  const { rows } = await db.query<Omit<OfficeReadingEntry, 'readAt'> & { readAt: Date | null }>(
    `SELECT desk, "fileName", reading, "readAt" FROM (
       SELECT DISTINCT ON (sha256) desk, file_name AS "fileName", reading,
              read_at AS "readAt", published_at
         FROM readings WHERE meter_id = $1 AND reading IS NOT NULL
        ORDER BY sha256, published_at, id) first
      ORDER BY published_at DESC LIMIT $2`,
    [meterId, READINGS_LIMIT],
  );
  return rows.map((r) => ({ ...r, readAt: r.readAt?.toISOString() ?? null }));
}

/**
 * The meter with this number on the route the desk has it on (`routeKey`, the office's key), else
 * when exactly one route has it; null otherwise.
 */
export async function meterByNumber(
  db: Queryable,
  meterNumber: string,
  routeKey: string | null = null,
): Promise<OfficeMeterState | null> {
  const { rows } = await db.query<{ id: string; version: number; review_state: string }>(
    `SELECT id, version, review_state FROM meters WHERE id = ${METER_BY_NUMBER}`,
    [meterNumber, routeKey],
  );
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        version: row.version,
        reviewState: row.review_state as OfficeMeterState['reviewState'],
      }
    : null;
}

interface DecisionRow {
  kind: DecisionKind;
  clerk: string;
  desk: string;
  reading: string | null;
  skip_code: string | null;
  decided_at: Date;
}

const entryOf = (r: DecisionRow): OfficeDecisionEntry => ({
  kind: r.kind,
  clerk: r.clerk,
  desk: r.desk,
  reading: r.reading,
  skipCode: r.skip_code,
  decidedAt: r.decided_at,
});

/** The meter's lease, version and decisions; null for a number the office cannot link. */
export async function meterReview(
  db: Queryable,
  meterNumber: string,
  routeKey: string | null = null,
): Promise<OfficeMeterReview | null> {
  const meter = await meterByNumber(db, meterNumber, routeKey);
  if (!meter) return null;
  const { rows } = await db.query<DecisionRow>(
    `SELECT * FROM (
       SELECT id, kind, clerk, desk, reading, skip_code, decided_at FROM decisions
        WHERE meter_id = $1 ORDER BY decided_at DESC, id DESC LIMIT $2) newest
      ORDER BY decided_at, id`,
    [meter.id, HISTORY_LIMIT],
  );
  const history = rows.map(entryOf);
  const last = history.at(-1) ?? null;
  return {
    meter,
    holder: await leaseHolder(db, meter.id),
    standing: last && last.kind !== 'undo' ? last : null,
    history,
    readings: await meterReadings(db, meter.id),
  };
}

/**
 * Of these meter numbers, those another desk is reviewing now or whose standing decision is
 * another desk's: walking review passes over them. "Now" is the server's.
 */
export async function takenElsewhere(
  db: Queryable,
  meterNumbers: readonly string[],
  desk: string,
): Promise<string[]> {
  if (meterNumbers.length === 0) return [];
  const { rows } = await db.query<{ meter_number: string }>(
    `SELECT m.meter_number FROM meters m
      LEFT JOIN LATERAL (SELECT kind, desk FROM decisions d WHERE d.meter_id = m.id
                          ORDER BY decided_at DESC, id DESC LIMIT 1) last ON true
      WHERE m.meter_number = ANY($1::text[])
        AND (EXISTS (SELECT 1 FROM review_leases l
                      WHERE l.meter_id = m.id AND l.desk <> $2 AND l.lease_until > now())
             OR (last.kind IS NOT NULL AND last.kind <> 'undo' AND last.desk <> $2))`,
    [meterNumbers, desk],
  );
  return rows.map((r) => r.meter_number);
}
