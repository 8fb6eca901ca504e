// A billing export's readings as history (issue 33): every row billing takes (a reading on a
// meter, dated, fit for the bill) becomes the meter's reading of that day, so the next cycle's
// checks know it without an import. Estimates are kept as estimates (never a baseline); a row
// without a reading or a date says nothing.
import type { BillingRow } from '../../../common/billing/billing-row';
import type { ReadType } from '../../../common/billing/history-types';
import type { HistoryRow } from '../../store/history-repo';

const TYPES: Readonly<Record<BillingRow['readType'], ReadType | null>> = {
  actual: 'actual',
  // Read again by the reader to verify it: a reading of the utility's own.
  verified: 'actual',
  customer: 'customer',
  estimated: 'estimated',
  no_read: null,
};

export function exportedHistoryRows(rows: Iterable<BillingRow>): HistoryRow[] {
  const out: HistoryRow[] = [];
  for (const row of rows) {
    const readType = TYPES[row.readType];
    const day = row.readAt?.slice(0, 10) ?? '';
    if (row.meterId === null || row.reading === null || readType === null) continue;
    if (!row.useOnBill || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    out.push({ meterId: row.meterId, readAt: day, reading: row.reading, readType });
  }
  return out;
}
