// Every filter publishing and the supervisor's report use is served by an index (issue 30: a
// published reading scanned all meters; the report scanned every reading and decision kept). On a
// populated office, each statement is EXPLAINed as the store sends it, with sequential scans
// switched off for the planner: a table still read whole means no index serves that filter.
// The report's route counts and the office export read every meter by design; they are not here.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../main/office/store/migrate-office';
import { openOfficeDb, type Queryable } from '../../main/office/store/office-db';
import { clerksOnDay, quotaOnDay, readersOnDay } from '../../main/office/store/office-report';
import { meterByNumber, takenElsewhere } from '../../main/office/store/meter-review';
import { latestReading } from '../../main/office/store/photo-claims';
import { METER_BY_NUMBER } from '../../main/office/store/publish';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
/** The tables that grow with every cycle. */
const GROWING = new Set(['meters', 'readings', 'decisions', 'photos', 'audit']);
const METERS = 3_000;
const DAY = { from: new Date('2026-03-05T00:00:00Z'), to: new Date('2026-03-06T00:00:00Z') };

/** Ten routes of meters, two photos and readings a meter over ten days, a decision a meter. */
async function populate(owner: pg.Pool): Promise<void> {
  await owner.query(`INSERT INTO routes (route_key, updated_by, updated_at)
    SELECT 'R-' || r, 'anna', now() FROM generate_series(1, 10) r`);
  await owner.query(
    `INSERT INTO meters (route_id, meter_number, sequence, review_state, updated_by, updated_at)
     SELECT 1 + i % 10, lpad(i::text, 6, '0'), i, CASE WHEN i % 7 = 0 THEN 'flagged' ELSE 'open' END,
            'anna', now() FROM generate_series(1, $1::int) i`,
    [METERS],
  );
  await owner.query(
    `INSERT INTO photos (sha256, state, desk, file_name, claimed_at)
     SELECT encode(sha256(('p' || i)::bytea), 'hex'), 'read', 'desk-' || i % 3,
            'folder-' || i % 5 || '/' || i || '.jpg', now()
       FROM generate_series(1, 2 * $1::int) i`,
    [METERS],
  );
  await owner.query(
    `INSERT INTO readings (idempotency_key, sha256, meter_id, desk, file_name, status, reading,
       result_source, published_at)
     SELECT 'k' || i, encode(sha256(('p' || i)::bytea), 'hex'), 1 + i % $1::int, 'desk-' || i % 3,
            'folder-' || i % 5 || '/' || i || '.jpg', 'finished', '00100', 'fresh',
            timestamptz '2026-03-01T08:00:00Z' + (i % 10) * interval '1 day'
       FROM generate_series(1, 2 * $1::int) i`,
    [METERS],
  );
  await owner.query(
    `INSERT INTO decisions (idempotency_key, kind, sha256, meter_id, meter_number, desk, clerk,
       decided_at)
     SELECT 'd' || i, (ARRAY['confirm', 'skip', 'reread', 'correct'])[1 + i % 4],
            encode(sha256(('p' || i)::bytea), 'hex'), i, lpad(i::text, 6, '0'), 'desk-' || i % 3,
            'clerk ' || i % 4, timestamptz '2026-03-01T09:00:00Z' + (i % 10) * interval '1 day'
       FROM generate_series(1, $1::int) i`,
    [METERS],
  );
  await owner.query('ANALYZE');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Each index of a growing table by name, with the column it is sorted by first. */
async function leadingColumns(db: pg.PoolClient): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; lead: string }>(
    `SELECT c.relname AS name, a.attname AS lead
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      WHERE t.relname = ANY($1::text[])`,
    [[...GROWING]],
  );
  return new Map(rows.map((r) => [r.name, r.lead]));
}

/**
 * The growing tables a plan reads whole: a Seq Scan, or an index walked end to end because its
 * leading column is not in the condition (what the planner does with sequential scans off when no
 * index fits the filter: a condition on a later column only checks every entry).
 */
function wholeScans(node: PlanNode, leads: Map<string, string>): string[] {
  const table = node['Relation Name'] ?? '';
  const index = node['Index Name'] ?? '';
  const lead = leads.get(index);
  const cond = node['Index Cond'] ?? '';
  const whole =
    (node['Node Type'] === 'Seq Scan' && GROWING.has(table)) ||
    (lead !== undefined && !new RegExp(`\\b${lead}\\b`).test(cond));
  const here = whole ? [`${node['Node Type']} ${index || table} (${cond})`] : [];
  return [...here, ...(node.Plans ?? []).flatMap((n) => wholeScans(n, leads))];
}

/** Runs the store's statements as EXPLAIN on one connection; they get no rows back. */
function explaining(
  client: pg.PoolClient,
  leads: Map<string, string>,
  plans: { text: string; scans: string[] }[],
): Queryable {
  const query = async (
    textOrConfig: string | { text: string; values?: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: never[]; rowCount: number }> => {
    const { text, values: given } =
      typeof textOrConfig === 'string' ? { text: textOrConfig, values } : textOrConfig;
    const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) ${text}`,
      given ?? values,
    );
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error(`no plan for ${text}`);
    plans.push({ text, scans: wholeScans(plan, leads) });
    return { rows: [], rowCount: 0 };
  };
  return { query } as unknown as Queryable;
}

describe.skipIf(officeSkip !== null)('indexes for every filter', () => {
  it('publishes and reports on a populated office without scanning a growing table', async () => {
    const cluster = office();
    const o = await cluster.newOffice();
    const owner = openOfficeDb(o.ownerUrl);
    const client = await cluster.adminOn(o.database).connect();
    try {
      await migrateOffice(owner);
      await populate(owner);
      await client.query('SET enable_seqscan = off');
      const plans: { text: string; scans: string[] }[] = [];
      const db = explaining(client, await leadingColumns(client), plans);
      // Publishing: a reading or decision linked by meter number; a claim's reading by photo.
      // (With the route the desk has the meter on, and without: a number on two routes.)
      await db.query(`SELECT ${METER_BY_NUMBER} AS id`, ['000042', null]);
      await meterByNumber(db, '000042', 'R-1');
      await latestReading(db, 'a'.repeat(64));
      // Walking review: the meters another desk has.
      await takenElsewhere(db, ['000042', '000043'], 'desk-1');
      // The report's day.
      await clerksOnDay(db, DAY);
      await readersOnDay(db, DAY);
      await quotaOnDay(db, DAY);
      expect(plans).toHaveLength(7);
      expect(plans[1]?.text).toContain('route_key');
      for (const p of plans) expect(p.scans, p.text).toEqual([]);
    } finally {
      client.release();
      await owner.end();
    }
  });
});
