// A large sample office for the benchmarks (bench/office-billing.ts): routes of 400 meters, each
// meter read in several billing cycles by several desks and readers, with skips and confirmations,
// written in a few set-based statements (generate_series) rather than desk by desk, so 100,000
// meters with three cycles take seconds. Needs a superuser's URL: the audit and live triggers are
// skipped for the fill (session_replication_role), which only a superuser may do.
import { FACTS_DECISIONS, FACTS_PHOTO_READINGS, FACTS_READINGS, factsFrom } from './office-facts';
import { openOfficeDb, type Queryable } from './office-db';

export interface SampleOffice {
  meters: number;
  /** Billing cycles of readings and decisions; the last is the current one. */
  cycles: number;
}

const METERS_A_ROUTE = 400;
/** Each cycle's read day, the current cycle's last; the sheets' previous reading is the one before. */
const CYCLE_DAY = ['2025-12-01', '2026-03-02', '2026-06-01', '2026-10-01'];
const PREVIOUS_READ_AT = '2026-06-06';

/** Fills an empty, migrated office database with `s.meters` meters and `s.cycles` cycles. */
export async function fillSampleOffice(superuserUrl: string, s: SampleOffice): Promise<void> {
  const pool = openOfficeDb(superuserUrl, { max: 1 });
  const c = await pool.connect();
  try {
    await c.query(`SET session_replication_role = replica`);
    await c.query(
      `INSERT INTO routes (route_key, sheet, sheet_loaded_at, updated_by, updated_at)
       SELECT 'R' || lpad(r::text, 4, '0'),
              jsonb_build_object('name', 'sample.csv', 'mapping',
                jsonb_build_object('version', 1, 'fields', jsonb_build_object('meterId', 'meter_id')),
                'encoding', 'utf-8', 'delimiter', ';', 'otherHeaders', '[]'::jsonb),
              now(), 'bench', now()
         FROM generate_series(1, ceil($1::int / ${METERS_A_ROUTE}.0)::int) r`,
      [s.meters],
    );
    await c.query(
      `INSERT INTO meters (route_id, meter_number, sequence, whole_digits, decimals,
         previous_reading, previous_read_at, record, updated_by, updated_at)
       SELECT r.id, lpad(i::text, 7, '0'), 1 + (i - 1) % ${METERS_A_ROUTE}, 5, 0,
              lpad((100 + i % 50)::text, 5, '0'), $2::date,
              jsonb_build_object('meterId', lpad(i::text, 7, '0'), 'account', 'K-' || i,
                'address', NULL, 'route', r.route_key, 'sequence', 1 + (i - 1) % ${METERS_A_ROUTE},
                'registerDigits', 5, 'registerDecimals', 0,
                'previousReading', lpad((100 + i % 50)::text, 5, '0'),
                'previousReadingValue', 100 + i % 50, 'previousReadAt', $2::text,
                'avgDailyUse', 0.3, 'sheetCells', jsonb_build_object('Ableser', 'reader ' || i % 12)),
              'bench', now()
         FROM generate_series(1, $1::int) i
         JOIN routes r ON r.route_key = 'R' || lpad((1 + (i - 1) / ${METERS_A_ROUTE})::text, 4, '0')`,
      [s.meters, PREVIOUS_READ_AT],
    );
    const firstCycle = CYCLE_DAY.length - s.cycles;
    for (let cycle = firstCycle; cycle < CYCLE_DAY.length; cycle++) {
      const day = CYCLE_DAY[cycle] ?? '';
      // Every 20th meter has no photo this cycle; a reading a cycle on, 30 units a cycle more.
      const photo = `encode(sha256(('c${cycle}m' || i)::bytea), 'hex')`;
      await c.query(
        `INSERT INTO photos (sha256, state, desk, file_name, claimed_at)
         SELECT ${photo}, 'read', 'desk-' || i % 8, 'folder-' || i % 20 || '/' || i || '.jpg', now()
           FROM generate_series(1, $1::int) i WHERE i % 20 <> 0`,
        [s.meters],
      );
      await c.query(
        `INSERT INTO readings (idempotency_key, sha256, meter_id, meter_number, desk, file_name,
           status, reading, result_source, read_at, published_at)
         SELECT 'k${cycle}-' || i, ${photo}, i, lpad(i::text, 7, '0'), 'desk-' || i % 8,
                'folder-' || i % 20 || '/' || i || '.jpg', 'finished',
                lpad((100 + i % 50 + ${String(30 * (cycle - firstCycle + 1))})::text, 5, '0'), 'fresh',
                $2::date + (i % 5) * interval '1 day' + interval '8 hours',
                $2::date + (i % 5) * interval '1 day' + interval '9 hours'
           FROM generate_series(1, $1::int) i WHERE i % 20 <> 0`,
        [s.meters, day],
      );
      // A skip for every 33rd meter, a confirmed photo for every 17th, a re-read every 101st.
      await c.query(
        `INSERT INTO decisions (idempotency_key, kind, sha256, meter_id, meter_number, skip_code,
           note, desk, clerk, decided_at)
         SELECT 'd${cycle}-' || i, k.kind, CASE WHEN k.kind = 'confirm' THEN ${photo} END, i,
                lpad(i::text, 7, '0'), CASE WHEN k.kind = 'skip' THEN 'no_access' END,
                CASE WHEN k.kind = 'reread' THEN '{"reason":"implausible","note":null}' END,
                'desk-' || i % 8, 'clerk ' || i % 6,
                $2::date + (i % 5) * interval '1 day' + interval '10 hours'
           FROM generate_series(1, $1::int) i
           CROSS JOIN LATERAL (SELECT CASE WHEN i % 33 = 0 THEN 'skip'
                                           WHEN i % 101 = 0 THEN 'reread'
                                           WHEN i % 17 = 0 AND i % 20 <> 0 THEN 'confirm' END AS kind) k
          WHERE k.kind IS NOT NULL`,
        [s.meters, day],
      );
    }
    await c.query('ANALYZE');
  } finally {
    c.release();
    await pool.end();
  }
}

export interface SampleWork {
  /** Routes worked on (the office's first ones). */
  routes: number;
  /** Which round of work this is: each round reads its own photos. */
  round: number;
}

/**
 * A round of work between two exports, published as desks publish (the triggers on): a photo of
 * every meter of `w.routes` routes read again in the current cycle, and every 10th of them
 * confirmed. How many readings and decisions.
 */
export async function publishSampleWork(
  url: string,
  w: SampleWork,
): Promise<{ readings: number; decisions: number }> {
  const pool = openOfficeDb(url, { max: 1 });
  const photo = `encode(sha256(('w${String(w.round)}m' || m.id)::bytea), 'hex')`;
  const worked = `FROM meters m WHERE m.route_id IN (SELECT id FROM routes ORDER BY id LIMIT $1)`;
  try {
    await pool.query(
      `INSERT INTO photos (sha256, state, desk, file_name, claimed_at)
       SELECT ${photo}, 'read', 'desk-1', 'work/' || m.id || '.jpg', now() ${worked}`,
      [w.routes],
    );
    const readings = await pool.query(
      `INSERT INTO readings (idempotency_key, sha256, meter_id, meter_number, desk, file_name,
         status, reading, result_source, read_at, published_at)
       SELECT 'w${String(w.round)}-' || m.id, ${photo}, m.id, m.meter_number, 'desk-1',
              'work/' || m.id || '.jpg', 'finished', lpad((200 + m.id % 50)::text, 5, '0'),
              'fresh', $2::date + interval '8 hours', now() ${worked}`,
      [w.routes, CYCLE_DAY.at(-1)],
    );
    const decisions = await pool.query(
      `INSERT INTO decisions (idempotency_key, kind, sha256, meter_id, meter_number, desk, clerk,
         decided_at)
       SELECT 'wd${String(w.round)}-' || m.id, 'confirm', ${photo}, m.id, m.meter_number,
              'desk-1', 'clerk 1', now() ${worked} AND m.id % 10 = 0`,
      [w.routes],
    );
    return { readings: readings.rowCount ?? 0, decisions: decisions.rowCount ?? 0 };
  } finally {
    await pool.end();
  }
}

/** The plan of a statement: each node that reads a table, as "Node Type table (index)". */
export async function scansOf(db: Queryable, text: string, values: unknown[]): Promise<string[]> {
  const { rows } = await db.query<{ 'QUERY PLAN': PlanNode[] }>(
    `EXPLAIN (FORMAT JSON) ${text}`,
    values,
  );
  const walk = (n: PlanNode): string[] => [
    ...(n['Relation Name']
      ? [`${n['Node Type']} ${n['Relation Name']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`]
      : []),
    ...(n.Plans ?? []).flatMap(walk),
  ];
  const top = rows[0]?.['QUERY PLAN'][0];
  return top ? walk(top.Plan) : [];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
  Plan: PlanNode;
}

/**
 * What the statements deriving one route's rows read, per statement, on the sample's first route
 * (the office derives a route again when one of its facts changes: office-rows.ts).
 */
export async function factsPlans(url: string): Promise<Record<string, string[]>> {
  const pool = openOfficeDb(url, { max: 1 });
  try {
    const since = await pool.query<{ since: string | null }>(
      'SELECT min(previous_read_at)::text AS since FROM meters',
    );
    const from = factsFrom(since.rows[0]?.since ?? null);
    const route = await pool.query<{ id: string; shas: string[] | null }>(
      `SELECT x.id::text AS id,
              (SELECT array_agg(r.sha256) FROM meters m JOIN readings r ON r.meter_id = m.id
                WHERE m.route_id = x.id) AS shas
         FROM routes x ORDER BY x.id LIMIT 1`,
    );
    const routes = [route.rows[0]?.id ?? '0'];
    const shas = route.rows[0]?.shas ?? [];
    return {
      readings: await scansOf(pool, FACTS_READINGS, [from, routes]),
      'readings of the same photos': await scansOf(pool, FACTS_PHOTO_READINGS, [from, shas]),
      decisions: await scansOf(pool, FACTS_DECISIONS, [from, routes, shas]),
    };
  } finally {
    await pool.end();
  }
}
