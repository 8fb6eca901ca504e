// What the office knows of each meter of its routes, read in three statements for the whole office:
// the meters as their sheets describe them, the readings desks published of this cycle's photos,
// and this cycle's decisions. common/billing/office-meter-row.ts turns them into billing rows.
import type { MeterRecord } from '../../../common/billing/meter-record';
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
  routeKey: string;
  /** The desk that published each reading and made each decision, in the facts' order. */
  readingDesks: string[];
  decisionDesks: string[];
}

export interface OfficeFacts {
  meters: OfficeMeterOfRoute[];
  /** The server's clock: what a read date in the future is measured against. */
  now: Date;
}

interface MeterRow {
  id: string;
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
 * This cycle's readings that name a meter ($1: from when, a day before the earliest previous read
 * date: the server's zone may put a stamp on the day before the desk's), on readings_by_read_at.
 */
export const FACTS_READINGS = `
  SELECT id::text AS id, meter_id::text AS meter_id, meter_number, sha256, file_name, status,
         reading, result_source, task_id, read_at, published_at, desk
    FROM readings
   WHERE (read_at >= $1::timestamptz OR read_at IS NULL)
     AND (meter_id IS NOT NULL OR meter_number IS NOT NULL)`;

/** This cycle's decisions ($1 as for FACTS_READINGS), on decisions_by_day. */
export const FACTS_DECISIONS = `
  SELECT meter_id::text AS meter_id, meter_number, kind, sha256, reading, skip_code, note,
         decided_at, desk
    FROM decisions
   WHERE decided_at >= $1::timestamptz
   ORDER BY decided_at, id`;

/** $1 of the facts' statements: a day before `since` (yyyy-mm-dd), or every row without one. */
export function factsFrom(since: string | null): string {
  if (since === null) return '-infinity';
  return new Date(Date.parse(`${since}T00:00:00Z`) - 86_400_000).toISOString();
}

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/**
 * Every meter with this cycle's readings and decisions. A cycle starts after the earliest previous
 * read date of the office's sheets (common/billing/office-meter-row.ts narrows it per meter), so
 * the readings and decisions of earlier cycles are passed over on their indexes, not read.
 */
export async function officeFacts(db: Queryable): Promise<OfficeFacts> {
  const meters = await db.query<MeterRow>(
    `SELECT m.id::text AS id, r.route_key, m.meter_number, m.sequence, m.whole_digits, m.decimals,
            m.previous_reading, m.previous_read_at::text AS previous_read_at, m.record
       FROM meters m JOIN routes r ON r.id = m.route_id`,
  );
  const head = await db.query<{ now: Date; since: string | null }>(
    `SELECT now() AS now, min(previous_read_at)::text AS since FROM meters`,
  );
  const now = head.rows[0]?.now ?? new Date();
  const since = head.rows[0]?.since ?? null;
  const byId = new Map<string, OfficeMeterOfRoute>();
  // A number on one meter of the office names it; on two it names neither (publish.ts).
  const byNumber = new Map<string, string | null>();
  for (const m of meters.rows) {
    byNumber.set(m.meter_number, byNumber.has(m.meter_number) ? null : m.id);
    byId.set(m.id, {
      routeKey: m.route_key,
      meter: recordOf(m),
      readings: [],
      decisions: [],
      readingDesks: [],
      decisionDesks: [],
    });
  }
  const linked = (id: string | null, number: string | null): string | undefined =>
    id ?? (number === null ? undefined : (byNumber.get(number) ?? undefined));
  const readings = await db.query<{
    id: string;
    meter_id: string | null;
    meter_number: string | null;
    sha256: string;
    file_name: string;
    status: string;
    reading: string | null;
    result_source: string | null;
    task_id: string | null;
    read_at: Date | null;
    published_at: Date;
    desk: string;
  }>(FACTS_READINGS, [factsFrom(since)]);
  const meterOfPhoto = new Map<string, string>();
  // In the order they were published, sorted here: an ORDER BY id would walk the whole table's
  // primary key instead of the cycle's rows on readings_by_read_at.
  const published = readings.rows.sort((a, b) => Number(a.id) - Number(b.id));
  for (const r of published) {
    // Published before the office had its meter: linked by the number the desk matched it to.
    const meterId = linked(r.meter_id, r.meter_number);
    const m = meterId === undefined ? undefined : byId.get(meterId);
    if (!m || meterId === undefined) continue;
    meterOfPhoto.set(r.sha256, meterId);
    const fact: OfficeReadingFact = {
      sha256: r.sha256,
      fileName: r.file_name,
      failed: r.status === FAILED_READING,
      reading: r.reading,
      resultSource: r.result_source,
      taskId: r.task_id,
      readAt: iso(r.read_at),
      publishedAt: r.published_at.toISOString(),
    };
    (m.readings as OfficeReadingFact[]).push(fact);
    m.readingDesks.push(r.desk);
  }
  const decisions = await db.query<{
    meter_id: string | null;
    meter_number: string | null;
    kind: string;
    sha256: string | null;
    reading: string | null;
    skip_code: string | null;
    note: string | null;
    decided_at: Date;
    desk: string;
  }>(FACTS_DECISIONS, [factsFrom(since)]);
  for (const d of decisions.rows) {
    const kind = DECISION_KINDS.find((k) => k === d.kind);
    // A decision names its meter, or its photo's meter is the one the photo was read for.
    const meterId =
      linked(d.meter_id, d.meter_number) ??
      (d.sha256 === null ? undefined : meterOfPhoto.get(d.sha256));
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
  return { meters: [...byId.values()], now };
}
