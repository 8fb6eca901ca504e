// The office's meter history (issue 33, "in office mode history is the office's"; office migration
// 012): readings imported at any desk and the readings every office export bills. The same rules
// as a desk's queue (store/history-repo.ts): a row is keyed by meter, day and read type; a second
// row for a key with another reading is refused and named, never written over, except that a
// later export replaces what an earlier export wrote. Each replacement takes a new `rev`, so the
// newest `rev` tells the office's derivation whether the history changed.
import { READ_TYPES, type HistoryReading } from '../../../common/billing/history-types';
import type { AddOutcome, HistoryRow, HistorySource } from '../../store/history-repo';
import { OFFICE_LIVE_CHANNEL } from './live-channel';
import { inTransaction, type OfficePool, type Queryable } from './office-db';

/** The note's marker: the office's history grew (office-live.ts tells it from a row's change). */
export const HISTORY_NOTE = 'office_history';

/** Rows sent in one statement (each a handful of short texts). */
const ROWS_A_STATEMENT = 5_000;

const keyOf = (r: { meterId: string; readAt: string; readType: string }): string =>
  `${r.meterId}\u0000${r.readAt}\u0000${r.readType}`;

/** Adds the rows in one transaction as `desk`; per row what became of it, in order. */
export async function addOfficeHistory(
  pool: OfficePool,
  desk: string,
  rows: readonly HistoryRow[],
  source: HistorySource,
): Promise<AddOutcome[]> {
  return inTransaction(pool, desk, async (c) => {
    const out: AddOutcome[] = [];
    for (let at = 0; at < rows.length; at += ROWS_A_STATEMENT) {
      out.push(...(await addChunk(c, desk, rows.slice(at, at + ROWS_A_STATEMENT), source)));
    }
    const changed = rows.filter((_, i) => out[i]?.kind === 'added');
    // Rows the derivation reads changed (officeHistory below): it derives every route again.
    if (changed.length > 0)
      await c.query(
        `UPDATE office_history_state SET version = version + 1
          WHERE EXISTS (
            SELECT 1 FROM unnest($1::text[], $2::date[]) AS k (n, day)
              CROSS JOIN LATERAL (SELECT max(previous_read_at) AS last FROM meters m
                                   WHERE m.meter_number = k.n) AS m
             WHERE m.last IS NULL OR k.day <= m.last)`,
        [changed.map((r) => r.meterId), changed.map((r) => r.readAt)],
      );
    // The other desks take what was added (history-sync.ts), when it commits.
    if (changed.length > 0)
      await c.query('SELECT pg_notify($1, $2)', [
        OFFICE_LIVE_CHANNEL,
        JSON.stringify({ note: HISTORY_NOTE, desk }),
      ]);
    return out;
  });
}

async function addChunk(
  c: Queryable,
  desk: string,
  rows: readonly HistoryRow[],
  source: HistorySource,
): Promise<AddOutcome[]> {
  const stored = await c.query<{
    meter_number: string;
    read_at: string;
    read_type: string;
    reading: string;
    source: string;
  }>(
    `SELECT h.meter_number, h.read_at::text AS read_at, h.read_type, h.reading, h.source
       FROM unnest($1::text[], $2::date[], $3::text[]) AS k (meter_number, read_at, read_type)
       JOIN meter_history h USING (meter_number, read_at, read_type)`,
    [rows.map((r) => r.meterId), rows.map((r) => r.readAt), rows.map((r) => r.readType)],
  );
  const known = new Map(
    stored.rows.map((s) => [
      keyOf({ meterId: s.meter_number, readAt: s.read_at, readType: s.read_type }),
      { reading: s.reading, source: s.source },
    ]),
  );
  const added: HistoryRow[] = [];
  const replaced: HistoryRow[] = [];
  const outcomes = rows.map((row): AddOutcome => {
    const key = keyOf(row);
    const s = known.get(key);
    if (s === undefined) {
      added.push(row);
      // A file naming the same key twice: the second line meets the first, as in the queue.
      known.set(key, { reading: row.reading, source });
      return { kind: 'added' };
    }
    if (s.reading !== row.reading && s.source === 'export' && source === 'export') {
      replaced.push(row);
      known.set(key, { reading: row.reading, source });
      return { kind: 'added' };
    }
    return s.reading === row.reading ? { kind: 'same' } : { kind: 'conflict', stored: s.reading };
  });
  const columns = (list: readonly HistoryRow[]) => [
    list.map((r) => r.meterId),
    list.map((r) => r.readAt),
    list.map((r) => r.readType),
    list.map((r) => r.reading),
  ];
  if (added.length > 0)
    await c.query(
      `INSERT INTO meter_history (meter_number, read_at, read_type, reading, source, desk)
       SELECT k.*, $5, $6 FROM unnest($1::text[], $2::date[], $3::text[], $4::text[]) AS k
       ON CONFLICT DO NOTHING`,
      [...columns(added), source, desk],
    );
  if (replaced.length > 0)
    await c.query(
      `UPDATE meter_history h
          SET reading = k.reading, desk = $5, added_at = now(), rev = nextval('meter_history_rev')
         FROM unnest($1::text[], $2::date[], $3::text[], $4::text[])
              AS k (meter_number, read_at, read_type, reading)
        WHERE h.meter_number = k.meter_number AND h.read_at = k.read_at
          AND h.read_type = k.read_type AND h.source = 'export'`,
      [...columns(replaced), desk],
    );
  return outcomes;
}

const isReadType = (t: string): t is HistoryReading['readType'] =>
  (READ_TYPES as readonly string[]).includes(t);

/**
 * Every meter's readings up to its sheet's previous reading (a meter in no sheet: all), oldest
 * first, in the order a desk's queue reads them (binary keys). A meter's facts look only at the
 * periods before its reading; the readings an export of this cycle added are the next cycle's
 * history, as a desk's export adds them after its checks were made.
 */
export async function officeHistory(db: Queryable): Promise<Map<string, HistoryReading[]>> {
  const { rows } = await db.query<{
    meter_number: string;
    read_at: string;
    read_type: string;
    reading: string;
  }>(
    `SELECT h.meter_number, h.read_at::text AS read_at, h.read_type, h.reading
       FROM meter_history h
       LEFT JOIN (SELECT meter_number, max(previous_read_at) AS last FROM meters
                   GROUP BY meter_number) m USING (meter_number)
      WHERE m.last IS NULL OR h.read_at <= m.last
      ORDER BY h.meter_number COLLATE "C", h.read_at, h.read_type COLLATE "C"`,
  );
  const out = new Map<string, HistoryReading[]>();
  for (const r of rows) {
    if (!isReadType(r.read_type)) continue;
    const reading: HistoryReading = {
      readAt: r.read_at,
      reading: r.reading,
      readType: r.read_type,
    };
    const list = out.get(r.meter_number);
    if (list) list.push(reading);
    else out.set(r.meter_number, [reading]);
  }
  return out;
}

/** A history row as a desk takes it: where it came from, and its place in the office's order. */
export interface OfficeHistoryEntry extends HistoryRow {
  source: HistorySource;
  rev: string;
}

/** Rows added or replaced after `rev` (oldest first), at most `limit`. */
export async function officeHistorySince(
  db: Queryable,
  rev: string,
  limit: number,
): Promise<OfficeHistoryEntry[]> {
  const { rows } = await db.query<{
    meter_number: string;
    read_at: string;
    read_type: string;
    reading: string;
    source: string;
    rev: string;
  }>(
    `SELECT meter_number, read_at::text AS read_at, read_type, reading, source, rev::text AS rev
       FROM meter_history WHERE rev > $1::bigint ORDER BY rev LIMIT $2`,
    [rev, limit],
  );
  return rows.flatMap((r) =>
    isReadType(r.read_type)
      ? [
          {
            meterId: r.meter_number,
            readAt: r.read_at,
            readType: r.read_type,
            reading: r.reading,
            source: r.source === 'export' ? 'export' : 'import',
            rev: r.rev,
          },
        ]
      : [],
  );
}

/** The office's history readings and meters, as `history import` reports the queue's. */
export async function officeHistoryCounts(
  db: Queryable,
): Promise<{ readings: number; meters: number }> {
  const { rows } = await db.query<{ n: string; meters: string }>(
    'SELECT count(*) AS n, count(DISTINCT meter_number) AS meters FROM meter_history',
  );
  return { readings: Number(rows[0]?.n ?? 0), meters: Number(rows[0]?.meters ?? 0) };
}
