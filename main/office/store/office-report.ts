// The supervisor's report over the office record (issue 23, item 7): per clerk, per reader (photo
// folder) and the quota the office used on one day. Each section is one read-only statement on
// the report's own connection, so no transaction is held open while the report is worded; the
// route section counts the office's kept billing rows (office-rows.ts), not a second derivation.
import { requireOfficeSchema } from './migrate-office';
import { keptRouteCounts, type OfficeRouteCount } from './office-rows';
import {
  classifyOfficeError,
  inTransaction,
  openOfficeDb,
  type OfficePool,
  type Queryable,
} from './office-db';

/** One day, as the caller's clock and time zone have it: from its first instant, to the next day's. */
export interface ReportDay {
  from: Date;
  to: Date;
}

export interface ClerkDay {
  clerk: string;
  decisions: number;
  first: Date;
  last: Date;
}

export interface ReaderDay {
  /** The photo folder: the first segment of the photo's path, or the desk where it has none. */
  reader: string;
  photos: number;
  skips: number;
  rereads: number;
}

export interface QuotaDay {
  /** Finished readings with a fresh (paid) result. */
  paid: number;
  failed: number;
}

export async function clerksOnDay(db: Queryable, day: ReportDay): Promise<ClerkDay[]> {
  const { rows } = await db.query<ClerkDay>(
    `SELECT clerk, count(*)::int AS decisions, min(decided_at) AS first, max(decided_at) AS last
       FROM decisions
      WHERE decided_at >= $1 AND decided_at < $2
      GROUP BY clerk
      ORDER BY clerk COLLATE "C"`,
    [day.from, day.to],
  );
  return rows;
}

/** Headers of a route sheet's column naming the meter's reader, as offices write them. */
export const READER_HEADERS = ['reader', 'Reader', 'READER', 'Ableser', 'Leser', 'Ableser/in'];

/**
 * A reading's reader: the reader the route sheet names for its meter (a reader column), else its
 * photo's folder (the path's first segment), else the desk.
 */
function readerOf(meterId: string): string {
  // The meter's reader by its primary key, one lookup a reading (a join let the planner walk the
  // whole primary key).
  const named = READER_HEADERS.map((h) => `NULLIF(x.record -> 'sheetCells' ->> '${h}', '')`);
  return `COALESCE(
    (SELECT COALESCE(${named.join(', ')}) FROM meters x WHERE x.id = ${meterId}),
    CASE WHEN strpos(r.file_name, '/') > 0 THEN split_part(r.file_name, '/', 1) END,
    r.desk)`;
}

/** A reading's meter: linked, or by the number its desk gave when the office had no such meter. */
const READING_METER = `COALESCE(r.meter_id,
  (SELECT CASE WHEN count(*) = 1 THEN min(y.id) END FROM meters y
    WHERE r.meter_id IS NULL AND y.meter_number = r.meter_number))`;

/**
 * Photos a reader brought in that day, and that day's skips and re-reads (from the decisions) of
 * meters (or photos) a photo of that reader belongs to: a meter photographed by two readers counts
 * for both.
 */
export async function readersOnDay(db: Queryable, day: ReportDay): Promise<ReaderDay[]> {
  // Each side starts from the day's rows by its index (readings by published_at, decisions by
  // decided_at); a decision finds its readers through the readings of its meter (linked, or
  // published before the office had the meter: by its number) and of its photo, each by its own
  // index. The join on "same meter OR same photo" over every reading ever kept compared each of
  // the day's decisions with all of them (issue 30: 75 million comparisons).
  const { rows } = await db.query<ReaderDay>(
    `WITH photos AS (
       SELECT ${readerOf(READING_METER)} AS reader, count(DISTINCT r.sha256)::int AS photos
         FROM readings r
        WHERE r.published_at >= $1 AND r.published_at < $2
        GROUP BY 1),
     decided AS (
       SELECT f.reader,
              count(DISTINCT d.id) FILTER (WHERE d.kind = 'skip')::int AS skips,
              count(DISTINCT d.id) FILTER (WHERE d.kind = 'reread')::int AS rereads
         FROM decisions d
        CROSS JOIN LATERAL (
          SELECT ${readerOf('r.meter_id')} AS reader FROM readings r WHERE r.meter_id = d.meter_id
          UNION
          SELECT ${readerOf('d.meter_id')} FROM readings r
           WHERE r.meter_id IS NULL AND r.meter_number = d.meter_number
          UNION
          SELECT ${readerOf('r.meter_id')} FROM readings r WHERE r.sha256 = d.sha256) f
        WHERE d.kind IN ('skip', 'reread') AND d.decided_at >= $1 AND d.decided_at < $2
        GROUP BY f.reader)
     SELECT COALESCE(p.reader, d.reader) AS reader, COALESCE(p.photos, 0) AS photos,
            COALESCE(d.skips, 0) AS skips, COALESCE(d.rereads, 0) AS rereads
       FROM photos p FULL JOIN decided d ON d.reader = p.reader
      ORDER BY COALESCE(p.reader, d.reader) COLLATE "C"`,
    [day.from, day.to],
  );
  return rows;
}

export async function quotaOnDay(db: Queryable, day: ReportDay): Promise<QuotaDay> {
  const { rows } = await db.query<QuotaDay>(
    `SELECT count(*) FILTER (WHERE status = 'finished' AND result_source = 'fresh')::int AS paid,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM readings
      WHERE published_at >= $1 AND published_at < $2`,
    [day.from, day.to],
  );
  return rows[0] ?? { paid: 0, failed: 0 };
}

export interface OfficeDayReport {
  routeCounts: OfficeRouteCount[];
  clerks: ClerkDay[];
  readers: ReaderDay[];
  quota: QuotaDay;
}

async function readReport(
  pool: OfficePool,
  day: ReportDay,
  desk: string,
): Promise<OfficeDayReport> {
  await requireOfficeSchema(pool);
  const routeCounts = await keptRouteCounts(pool, desk);
  // One read-only transaction, so the sections can run without JIT: the server compiled the
  // readers statement before running it (2.7 s of its 2.9 s on 100,000 meters, for 0.19 s of work).
  return inTransaction(pool, desk, async (c) => {
    await c.query('SET TRANSACTION READ ONLY');
    await c.query('SET LOCAL jit = off');
    return {
      routeCounts,
      clerks: await clerksOnDay(c, day),
      readers: await readersOnDay(c, day),
      quota: await quotaOnDay(c, day),
    };
  });
}

/** The day's report from the office at `url`; a failure comes back as an OfficeError. */
export async function officeDayReport(
  url: string,
  day: ReportDay,
  desk: string,
): Promise<OfficeDayReport> {
  const pool = openOfficeDb(url, { desk, max: 1 });
  try {
    return await readReport(pool, day, desk);
  } catch (error) {
    throw classifyOfficeError(error, url);
  } finally {
    await pool.end();
  }
}
