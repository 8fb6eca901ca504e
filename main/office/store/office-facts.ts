// What the office knows of the meters of some routes, in four statements: the meters as their
// sheets describe them, the readings desks published of this cycle's photos, the other readings of
// the same photos (a decision on a photo follows its newest reading, which may be another route's),
// and this cycle's decisions. common/billing/office-meter-row.ts turns them into billing rows.
// Whole office or a few routes, the facts of a meter are the same (office-rows.ts keeps the rows
// of routes derived a few at a time, and a test compares them with the whole office's).
import type { MeterRecord } from '../../../common/billing/meter-record';
import {
  meterCodeIndex,
  parsePhotoCodes,
  type MeterCodeIndex,
  type PhotoCode,
} from '../../../common/photo-codes';
import type {
  OfficeDecisionFact,
  OfficeMeterFacts,
  OfficeReadingFact,
} from '../../../common/billing/office-meter-row';
import { DECISION_KINDS } from './publish';
import { FAILED_READING } from './photo-claims';
import { meterRecord } from './office-routes';
import type { Queryable } from './office-db';

export interface OfficeMeterOfRoute extends OfficeMeterFacts {
  meterId: string;
  routeId: string;
  routeKey: string;
  /** The desk that published each reading and made each decision, in the facts' order. */
  readingDesks: string[];
  decisionDesks: string[];
}

export interface OfficeFacts {
  /** By route, each route's meters in the order of their ids. */
  meters: OfficeMeterOfRoute[];
  /** The server's clock: what a read date in the future is measured against. */
  now: Date;
  /**
   * Which meter of the office each code read on these meters' photos names (common/photo-codes.ts):
   * the office's meters whose number or serial a code may name, whatever their route.
   */
  codeIndex: MeterCodeIndex;
}

interface MeterRow {
  id: string;
  route_id: string;
  route_key: string;
  meter_number: string;
  sequence: number | null;
  whole_digits: number | null;
  decimals: number | null;
  previous_reading: string | null;
  previous_read_at: string | null;
  record: unknown;
}

/** The meter as its sheet describes it; a meter published before sheets were shared, from columns. */
function recordOf(m: MeterRow): MeterRecord {
  const parsed = meterRecord.safeParse(m.record);
  if (parsed.success) return parsed.data;
  const value = m.previous_reading === null ? NaN : Number(m.previous_reading);
  return {
    meterId: m.meter_number,
    account: null,
    address: null,
    route: m.route_key,
    sequence: m.sequence,
    registerDigits: m.whole_digits,
    registerDecimals: m.decimals,
    previousReading: m.previous_reading,
    previousReadingValue: Number.isFinite(value) ? value : null,
    previousReadAt: m.previous_read_at,
    avgDailyUse: null,
  };
}

/**
 * The meter a row names: its own, or, published before the office had it, the one meter of the
 * office with its number (a number on two meters names neither: publish.ts).
 */
const LINKED = (t: string): string => `COALESCE(${t}.meter_id,
  (SELECT CASE WHEN count(*) = 1 THEN min(y.id) END FROM meters y
    WHERE ${t}.meter_id IS NULL AND y.meter_number = ${t}.meter_number))::text`;

const READING_COLUMNS = `r.id::text AS id, ${LINKED('r')} AS linked, r.sha256, r.file_name,
  r.status, r.reading, r.result_source, r.task_id, r.read_at, r.published_at, r.desk, r.codes`;

/**
 * This cycle's readings of the meters of the routes $2, linked or, published before the office
 * had the meter, by its number ($1: from when, a day before the earliest previous read date: the
 * server's zone may put a stamp on the day before the desk's), on readings_by_meter and
 * readings_unlinked. Joined, not `= ANY` of the meters' ids: a filter on an array of thousands
 * compares each row with every element.
 */
export const FACTS_READINGS = `
  SELECT ${READING_COLUMNS}
    FROM meters m JOIN readings r ON r.meter_id = m.id
   WHERE m.route_id = ANY($2::bigint[]) AND (r.read_at >= $1::timestamptz OR r.read_at IS NULL)
  UNION ALL
  SELECT ${READING_COLUMNS}
    FROM meters m JOIN readings r ON r.meter_id IS NULL AND r.meter_number = m.meter_number
   WHERE m.route_id = ANY($2::bigint[]) AND (r.read_at >= $1::timestamptz OR r.read_at IS NULL)`;

/** This cycle's readings of the photos $2 ($1 as for FACTS_READINGS), on readings_by_photo. */
export const FACTS_PHOTO_READINGS = `
  SELECT ${READING_COLUMNS}
    FROM unnest($2::text[]) AS p (sha256) JOIN readings r ON r.sha256 = p.sha256
   WHERE r.read_at >= $1::timestamptz OR r.read_at IS NULL`;

const DECISION_COLUMNS = `d.id, ${LINKED('d')} AS linked, d.sha256, d.kind, d.reading,
  d.skip_code, d.note, d.decided_at, d.desk`;

/**
 * This cycle's decisions on the meters of the routes $2, by id or by number, or on the photos $3
 * ($1 as for FACTS_READINGS), on decisions_by_meter, meters' numbers and decisions_by_photo.
 */
export const FACTS_DECISIONS = `
  SELECT linked, sha256, kind, reading, skip_code, note, decided_at, desk
    FROM (SELECT ${DECISION_COLUMNS}
            FROM meters m JOIN decisions d ON d.meter_id = m.id
           WHERE m.route_id = ANY($2::bigint[]) AND d.decided_at >= $1::timestamptz
          UNION
          SELECT ${DECISION_COLUMNS}
            FROM meters m JOIN decisions d ON d.meter_id IS NULL AND d.meter_number = m.meter_number
           WHERE m.route_id = ANY($2::bigint[]) AND d.decided_at >= $1::timestamptz
          UNION
          SELECT ${DECISION_COLUMNS}
            FROM unnest($3::text[]) AS p (sha256) JOIN decisions d ON d.sha256 = p.sha256
           WHERE d.decided_at >= $1::timestamptz) AS d
   ORDER BY decided_at, id`;

/** $1 of the facts' statements: a day before `since` (yyyy-mm-dd), or every row without one. */
export function factsFrom(since: string | null): string {
  if (since === null) return '-infinity';
  return new Date(Date.parse(`${since}T00:00:00Z`) - 86_400_000).toISOString();
}

/** The server's clock and the earliest previous read date of every sheet (where cycles start). */
export async function factsHead(db: Queryable): Promise<{ now: Date; since: string | null }> {
  const head = await db.query<{ now: Date; since: string | null }>(
    `SELECT now() AS now, min(previous_read_at)::text AS since FROM meters`,
  );
  return { now: head.rows[0]?.now ?? new Date(), since: head.rows[0]?.since ?? null };
}

interface ReadingRow {
  id: string;
  linked: string | null;
  sha256: string;
  file_name: string;
  status: string;
  reading: string | null;
  result_source: string | null;
  task_id: string | null;
  read_at: Date | null;
  published_at: Date;
  desk: string;
  codes: unknown;
}

/** A reading's codes as the office keeps them (JSON), or null where they are not known. */
function codesOf(codes: unknown): PhotoCode[] | null {
  return codes === null || codes === undefined ? null : parsePhotoCodes(JSON.stringify(codes));
}

/**
 * The meters a code may name: by the digits of its text without leading zeros, on office
 * migration 014's indexes (every meter the desk's serialKey matches has them; a few more may,
 * which meterCodeIndex's own comparison then leaves out).
 */
const DIGITS = (text: string): string => `ltrim(regexp_replace(${text}, '[^0-9]', '', 'g'), '0')`;
export const CODE_CANDIDATES = `
  SELECT meter_number, record ->> 'barcode' AS barcode FROM meters
   WHERE ${DIGITS('meter_number')} = ANY($1::text[])
  UNION
  SELECT meter_number, record ->> 'barcode' FROM meters
   WHERE record ->> 'barcode' IS NOT NULL AND ${DIGITS("record ->> 'barcode'")} = ANY($1::text[])`;

/** The digits of a text without leading zeros, as CODE_CANDIDATES compares them. */
export function codeDigits(text: string): string {
  return text.replace(/[^0-9]/g, '').replace(/^0+/, '');
}

/**
 * The index the desk builds of every meter it has (main/billing/photo-code-check.ts), for the
 * codes given: a code's key names the same meter, or none, among the meters that share its
 * digits as among all, so reading those is enough. Empty, and no statement, without codes.
 */
export async function officeCodeIndex(
  db: Queryable,
  codes: readonly PhotoCode[],
): Promise<MeterCodeIndex> {
  if (codes.length === 0) return new Map();
  const digits = [...new Set(codes.map((c) => codeDigits(c.text)))];
  const { rows } = await db.query<{ meter_number: string; barcode: string | null }>(
    CODE_CANDIDATES,
    [digits],
  );
  return meterCodeIndex(rows.map((r) => ({ meterId: r.meter_number, barcode: r.barcode })));
}

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/**
 * The meters of the routes `routeIds` (null: every route) with this cycle's readings and decisions.
 * A cycle starts after the earliest previous read date of the office's sheets
 * (common/billing/office-meter-row.ts narrows it per meter), so the readings and decisions of
 * earlier cycles are passed over on their indexes, not read.
 */
export async function officeFacts(
  db: Queryable,
  routeIds: readonly string[] | null,
  head: { now: Date; since: string | null },
): Promise<OfficeFacts> {
  const routes =
    routeIds ??
    (await db.query<{ id: string }>('SELECT id::text AS id FROM routes')).rows.map((r) => r.id);
  const meters = await db.query<MeterRow>(
    `SELECT m.id::text AS id, m.route_id::text AS route_id, r.route_key, m.meter_number,
            m.sequence, m.whole_digits, m.decimals, m.previous_reading,
            m.previous_read_at::text AS previous_read_at, m.record
       FROM meters m JOIN routes r ON r.id = m.route_id
      WHERE m.route_id = ANY($1::bigint[])
      ORDER BY m.route_id, m.id`,
    [routes],
  );
  const from = factsFrom(head.since);
  const byId = new Map<string, OfficeMeterOfRoute>();
  for (const m of meters.rows) {
    byId.set(m.id, {
      meterId: m.id,
      routeId: m.route_id,
      routeKey: m.route_key,
      meter: recordOf(m),
      readings: [],
      decisions: [],
      readingDesks: [],
      decisionDesks: [],
    });
  }
  const own = await db.query<ReadingRow>(FACTS_READINGS, [from, routes]);
  const shas = [...new Set(own.rows.map((r) => r.sha256))];
  // A photo's decisions go to the meter of its newest reading, which may be another route's.
  const same = await db.query<ReadingRow>(FACTS_PHOTO_READINGS, [from, shas]);
  const all = new Map<string, ReadingRow>();
  for (const r of [...own.rows, ...same.rows]) all.set(r.id, r);
  const meterOfPhoto = new Map<string, string>();
  const codes: PhotoCode[] = [];
  // In the order they were published, sorted here: an ORDER BY id would walk the whole table's
  // primary key instead of the rows found on the meters' and photos' indexes.
  const published = [...all.values()].sort((a, b) => Number(a.id) - Number(b.id));
  for (const r of published) {
    if (r.linked === null) continue;
    meterOfPhoto.set(r.sha256, r.linked);
    const m = byId.get(r.linked);
    if (!m) continue;
    const read = codesOf(r.codes);
    if (read !== null) codes.push(...read);
    const fact: OfficeReadingFact = {
      sha256: r.sha256,
      fileName: r.file_name,
      failed: r.status === FAILED_READING,
      reading: r.reading,
      resultSource: r.result_source,
      taskId: r.task_id,
      readAt: iso(r.read_at),
      publishedAt: r.published_at.toISOString(),
      codes: read,
    };
    (m.readings as OfficeReadingFact[]).push(fact);
    m.readingDesks.push(r.desk);
  }
  const decisions = await db.query<{
    linked: string | null;
    sha256: string | null;
    kind: string;
    reading: string | null;
    skip_code: string | null;
    note: string | null;
    decided_at: Date;
    desk: string;
  }>(FACTS_DECISIONS, [from, routes, shas]);
  for (const d of decisions.rows) {
    const kind = DECISION_KINDS.find((k) => k === d.kind);
    // A decision names its meter, or its photo's meter is the one the photo was read for.
    const meterId = d.linked ?? (d.sha256 === null ? undefined : meterOfPhoto.get(d.sha256));
    const m = meterId === undefined ? undefined : byId.get(meterId);
    if (!m || kind === undefined) continue;
    const fact: OfficeDecisionFact = {
      kind,
      sha256: d.sha256,
      reading: d.reading,
      skipCode: d.skip_code,
      note: d.note,
      decidedAt: d.decided_at.toISOString(),
    };
    (m.decisions as OfficeDecisionFact[]).push(fact);
    m.decisionDesks.push(d.desk);
  }
  return {
    meters: [...byId.values()],
    now: head.now,
    codeIndex: await officeCodeIndex(db, codes),
  };
}
