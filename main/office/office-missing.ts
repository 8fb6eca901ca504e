// The office's field list (issue 30, item 8): the meters a reader goes back to, from the office's
// record rather than one desk's queue, so a reader is never sent to a meter another desk read.
// `meter-desk routes --missing OUT --office URL` writes it, and so does the window's "Export missing
// meters" at a desk in office mode: meters no desk read (nor any decision settled), meters sent
// for re-read whose new photo has not come, and meters skipped for a reason a visit can fix, in
// walking order, in the dialect the office's sheets came in (missing-export.ts).
import type { BillingRow } from '../../common/billing/billing-row';
import { storedDialect, type SheetDialect } from '../../common/billing/export-dialect';
import {
  REREAD_REASONS,
  VISIT_SKIPS,
  type RereadReason,
} from '../../common/billing/meter-decision';
import type { MeterState } from '../../common/billing/meter-outcome';
import { rereadReason, skipReason, type MissingMeter } from '../billing/field-list';
import { walkingOrder } from './store/walking-order';
import type { OfficeStore } from './store/office-store';

export interface OfficeFieldList {
  missing: MissingMeter[];
  /** The office's sheets' dialect; null: none published (the window then writes it in its desk's). */
  dialect: SheetDialect | null;
}

function isReread(reason: string): reason is RereadReason {
  return (REREAD_REASONS as readonly string[]).includes(reason);
}

/** The meter's line, or null when nobody needs to go (the desk's rule and words, field-list.ts). */
function visitOf(row: BillingRow, state: MeterState): MissingMeter | null {
  if (row.meterId === null || row.unmatched) return null;
  const base = {
    meterId: row.meterId,
    account: row.account,
    address: row.address,
    route: row.route,
    sequence: row.sequence,
    photo: null,
    previousReading: row.previousReading,
    previousReadAt: row.previousReadAt,
  };
  const waiting = row.reasonParts?.before.find((n) => n.code === 'reread_waiting');
  if (waiting && isReread(waiting.params.reason)) {
    // The office's rows carry the reason, not the clerk's note beside it.
    return { ...base, ...rereadReason(waiting.params.reason, null), photo: row.photo };
  }
  if (state === 'missing') {
    const said = row.reasonParts?.after[0] ?? null;
    return { ...base, why: 'no_reading', note: row.reasons, said: { code: 'missing', said } };
  }
  if (state === 'skipped' && row.skipCode !== null && VISIT_SKIPS.includes(row.skipCode))
    return { ...base, ...skipReason(row.skipCode, row.skipNote) };
  return null;
}

/** The office's field list now, from its kept rows (one read), in walking order. */
export async function officeMissingMeters(
  office: Pick<OfficeStore, 'billingRows'>,
): Promise<OfficeFieldList> {
  const { rows, dialect } = await office.billingRows();
  const missing = [...rows]
    .sort((a, b) => walkingOrder(a.row, b.row))
    .map((r) => visitOf(r.row, r.state))
    .filter((m): m is MissingMeter => m !== null);
  return { missing, dialect: storedDialect(dialect) };
}
