// Each meter's history (migration 023): readings imported from billing or written by a confirmed
// billing export. A row is keyed by meter, day and read type; a second row for the same key with
// another reading is refused and named, never written over (an import loses nothing); only a
// later export replaces what an earlier export wrote (the clerk corrected it and exported again).
import type Database from 'better-sqlite3';
import { READ_TYPES, type HistoryReading, type ReadType } from '../../common/billing/history-types';
import { systemClock, type Clock } from '../time/clock';

export type HistorySource = 'import' | 'export';

export interface HistoryRow extends HistoryReading {
  meterId: string;
}

/** What adding rows did with each: added, already there (same reading), or a conflict. */
export type AddOutcome =
  { kind: 'added' } | { kind: 'same' } | { kind: 'conflict'; stored: string };

interface Row {
  meter_id: string;
  read_at: string;
  read_type: string;
  reading: string;
}

const isReadType = (t: string): t is ReadType => (READ_TYPES as readonly string[]).includes(t);

function toReading(r: Row): HistoryReading | null {
  return isReadType(r.read_type)
    ? { readAt: r.read_at, reading: r.reading, readType: r.read_type }
    : null;
}

export class HistoryRepo {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.s = {
      get: db.prepare<[string, string, string], { reading: string; source: string }>(
        `SELECT reading, source FROM meter_history
         WHERE meter_id = ? AND read_at = ? AND read_type = ?`,
      ),
      replace: db.prepare(
        `UPDATE meter_history SET reading = @reading, added_at = @now
         WHERE meter_id = @meterId AND read_at = @readAt AND read_type = @readType`,
      ),
      add: db.prepare(
        `INSERT INTO meter_history (meter_id, read_at, read_type, reading, source, added_at)
         VALUES (@meterId, @readAt, @readType, @reading, @source, @now)`,
      ),
      of: db.prepare<[string], Row>(
        `SELECT meter_id, read_at, read_type, reading FROM meter_history WHERE meter_id = ?
         ORDER BY read_at`,
      ),
      all: db.prepare<[], Row>(
        'SELECT meter_id, read_at, read_type, reading FROM meter_history ORDER BY meter_id, read_at',
      ),
      // The sum of the readings too: a replaced reading on a manual clock keeps count and time.
      version: db.prepare<[], { n: number; last: string | null; sum: number }>(
        `SELECT COUNT(*) AS n, MAX(added_at) AS last, TOTAL(CAST(reading AS REAL)) AS sum
         FROM meter_history`,
      ),
      count: db.prepare<[], { n: number; meters: number }>(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT meter_id) AS meters FROM meter_history',
      ),
    };
  }

  /** Adds the rows in one transaction; per row what became of it, in order. */
  add(rows: readonly HistoryRow[], source: HistorySource): AddOutcome[] {
    const now = new Date(this.clock.now()).toISOString();
    return this.db.transaction(() =>
      rows.map((row): AddOutcome => {
        const stored = this.s.get.get(row.meterId, row.readAt, row.readType);
        if (
          stored !== undefined &&
          stored.reading !== row.reading &&
          stored.source === 'export' &&
          source === 'export'
        ) {
          this.s.replace.run({ ...row, now });
          return { kind: 'added' };
        }
        if (stored !== undefined)
          return stored.reading === row.reading
            ? { kind: 'same' }
            : { kind: 'conflict', stored: stored.reading };
        this.s.add.run({ ...row, source, now });
        return { kind: 'added' };
      }),
    )();
  }

  /** One meter's readings, oldest first. */
  of(meterId: string): HistoryReading[] {
    return this.s.of.all(meterId).flatMap((r) => toReading(r) ?? []);
  }

  /** Every meter's readings, oldest first. */
  all(): Map<string, HistoryReading[]> {
    const out = new Map<string, HistoryReading[]>();
    for (const r of this.s.all.iterate()) {
      const reading = toReading(r);
      if (reading === null) continue;
      const list = out.get(r.meter_id);
      if (list) list.push(reading);
      else out.set(r.meter_id, [reading]);
    }
    return out;
  }

  /** Changes whenever a row is added or replaced: what a cached model is keyed by. */
  version(): string {
    const v = this.s.version.get();
    return `${String(v?.n ?? 0)}:${v?.last ?? ''}:${String(v?.sum ?? 0)}`;
  }

  counts(): { readings: number; meters: number } {
    const c = this.s.count.get();
    return { readings: c?.n ?? 0, meters: c?.meters ?? 0 };
  }
}
