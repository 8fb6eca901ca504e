// A meter row as SQLite returns it (with its current decision joined) and the StoredMeter the
// repo hands out: the column-to-field mapping, kept apart from the repo's statements.
import { parseDecision, type StoredDecision } from '../../common/billing/meter-decision';
import type { MeterRecord } from '../../common/billing/meter-record';
import type { SkipCode } from '../../common/billing/billing-row';
import { CURRENT_DECISION } from './meter-decisions-repo';

/**
 * A meter as the queue holds it: the sheet's fields and the clerk's decision
 * (meter-decisions-repo.ts); a skip's or a typed reading's fields are repeated beside it.
 */
export interface StoredMeter extends MeterRecord {
  sheetId: number;
  decision: StoredDecision | null;
  skipCode: SkipCode | null;
  skipNote: string | null;
  typedReading: string | null;
  typedAt: string | null;
}

export interface MeterRow {
  meter_id: string;
  sheet_id: number;
  account: string | null;
  address: string | null;
  route: string | null;
  sequence: number | null;
  register_digits: number | null;
  register_decimals: number | null;
  previous_reading: string | null;
  previous_read_at: string | null;
  avg_daily_use: number | null;
  barcode: string | null;
  sheet_cells: string | null;
  account_status: string | null;
  status_since: string | null;
  meter_class: string | null;
  decision_id: number | null;
  decision_kind: string | null;
  decision_params: string | null;
  decision_at: string | null;
  decision_desk: string | null;
}

/** Meters with their decision (the newest not undone). */
export const WITH_DECISION = `SELECT meters.*, d.id AS decision_id, d.kind AS decision_kind,
    d.params AS decision_params, d.made_at AS decision_at,
    d.desk AS decision_desk
  FROM meters LEFT JOIN meter_decisions d ON d.id = (${CURRENT_DECISION})`;

function decisionOf(r: MeterRow): StoredDecision | null {
  if (r.decision_id === null || r.decision_kind === null) return null;
  const decision = parseDecision(r.decision_kind, r.decision_params ?? '');
  if (decision === null) return null;
  const stored = { id: r.decision_id, madeAt: r.decision_at ?? '', decision };
  return r.decision_desk === null ? stored : { ...stored, desk: r.decision_desk };
}

/** Stored JSON of the sheet's other cells; {} for none, or for anything but an object of texts. */
function sheetCellsOf(json: string | null): Readonly<Record<string, string>> {
  if (json === null) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** A JSON array of texts, or [] for anything else. */
export function textsOf(json: string | null | undefined): string[] {
  if (json === null || json === undefined) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toMeter(r: MeterRow): StoredMeter {
  const previous = r.previous_reading === null ? NaN : Number(r.previous_reading.replace(',', '.'));
  const stored = decisionOf(r);
  const d = stored?.decision;
  return {
    meterId: r.meter_id,
    sheetId: r.sheet_id,
    account: r.account,
    address: r.address,
    route: r.route,
    sequence: r.sequence,
    registerDigits: r.register_digits,
    registerDecimals: r.register_decimals,
    previousReading: r.previous_reading,
    previousReadingValue: Number.isFinite(previous) ? previous : null,
    previousReadAt: r.previous_read_at,
    avgDailyUse: r.avg_daily_use,
    barcode: r.barcode,
    sheetCells: sheetCellsOf(r.sheet_cells),
    // Only meters whose sheet said so carry them (migration 023): the others read as before.
    ...(r.account_status === 'active' || r.account_status === 'vacant'
      ? { accountStatus: r.account_status }
      : {}),
    ...(r.status_since === null ? {} : { statusSince: r.status_since }),
    ...(r.meter_class === null ? {} : { meterClass: r.meter_class }),
    decision: stored,
    skipCode: d?.kind === 'skip' ? d.code : null,
    skipNote: d?.kind === 'skip' ? d.note : null,
    typedReading: d?.kind === 'typed' ? d.reading : null,
    typedAt: d?.kind === 'typed' ? (stored?.madeAt ?? null) : null,
  };
}
