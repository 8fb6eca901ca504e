// A billing export's readings as history (issue 33): every row billing takes (a reading on a
// meter, dated, fit for the bill) becomes the meter's reading of that day, so the next cycle's
// checks know it without an import. Estimates are kept as estimates (never a baseline); a row
// without a reading or a date says nothing.
import type { BillingRow } from '../../../common/billing/billing-row';
import type { HistoryReading, ReadType } from '../../../common/billing/history-types';
import { bookedRows } from '../../../common/billing/exchange-rows';
import type { HistoryRow } from '../../store/history-repo';

const TYPES: Readonly<Record<BillingRow['readType'], ReadType | null>> = {
  actual: 'actual',
  // Read again by the reader to verify it: a reading of the utility's own.
  verified: 'actual',
  customer: 'customer',
  estimated: 'estimated',
  no_read: null,
  // An exchange's two rows: the bridge history-periods.ts draws from one meter to the next.
  removal: 'removal',
  install: 'install',
};

export function exportedHistoryRows(rows: Iterable<BillingRow>): HistoryRow[] {
  const out: HistoryRow[] = [];
  for (const row of bookedRows(rows)) {
    const readType = TYPES[row.readType];
    const day = row.readAt?.slice(0, 10) ?? '';
    if (row.meterId === null || row.reading === null || readType === null) continue;
    if (!row.useOnBill || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    out.push({ meterId: row.meterId, readAt: day, reading: row.reading, readType });
  }
  return out;
}

/**
 * The point of supply's past carried to the new meter of each exchange in `exported` (a removal
 * row followed by the installation row of the same day): the old meter's readings up to and with
 * its removal, under the new number, so the new meter's seasonal expectation keeps last year's
 * periods while its own use counts from the installation reading (history-periods.ts).
 */
export function exchangeBridges(
  exported: readonly HistoryRow[],
  pastOf: (meterId: string) => readonly HistoryReading[],
): HistoryRow[] {
  const out: HistoryRow[] = [];
  exported.forEach((install, i) => {
    const removal = exported[i - 1];
    if (install.readType !== 'install' || removal?.readType !== 'removal') return;
    if (removal.readAt !== install.readAt || removal.meterId === install.meterId) return;
    for (const r of pastOf(removal.meterId))
      if (r.readAt <= install.readAt) out.push({ ...r, meterId: install.meterId });
  });
  return out;
}
