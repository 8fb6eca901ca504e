// `meter-desk export OUT --return-file --office URL` (issue 31, item 6): the office-wide return
// file. The office's copy of the order file (byte for byte, as the loading desk gave it), filled
// from the office's own rows, whichever desk read the photo or decided, by the same writer as a
// desk's return: the same guarantees (0 bytes changed outside the filled fields, a temporary file
// and a rename, nothing written on a refusal).
import type { BillingRow } from '../../common/billing/billing-row';
import { bookedExchange } from '../../common/billing/exchange-rows';
import type { MeterResult } from '../../common/billing/order-files/return-fill';
import {
  WHY,
  writeReturnOf,
  type ReturnFileWrite,
  type Stamps,
} from '../billing/order-files/write-return-file';
import type { OfficeBillingRow } from './store/office-billing';
import type { OfficeStore } from './store/office-store';

export type OfficeReturnFileWrite = ReturnFileWrite & {
  /** Desks whose readings (or, without one, decisions) the filled records follow. */
  desks?: { desk: string; rows: number }[];
  /** The desk the order file was loaded at. */
  loadedBy?: string;
};

/** A meter's office row as the return needs it: what a desk's queue gives for the same facts. */
export function resultOfRow(r: OfficeBillingRow, local: Stamps): MeterResult {
  const row: BillingRow = r.row;
  const stamp = row.readAt === null ? null : local(row.readAt);
  const c = row.confirmation;
  return {
    reading: row.reading,
    readDate: stamp?.date ?? null,
    readTime: stamp?.time ?? null,
    readType: row.readType === 'customer' || row.readType === 'estimated' ? row.readType : 'actual',
    personConfirmed:
      row.readType === 'verified' || c === 'confirmed' || c === 'corrected' || c === 'typed',
    skipCode: row.skipCode,
    skipNote: row.skipNote,
    why: WHY[r.state] ?? (row.reasons === '' ? null : row.reasons),
    exchange: bookedExchange(row.reasonParts?.before),
  };
}

/**
 * Writes the return of the office's order file of `routeKey` (null: the newest the office keeps)
 * from the office's rows. A meter on two routes is filled from the row of the order file's route.
 */
export async function writeOfficeReturnFile(
  office: Pick<OfficeStore, 'orderFile' | 'billingRows'>,
  out: string,
  opts: { now: Date; zone: string; routeKey?: string | null },
): Promise<OfficeReturnFileWrite> {
  const kept = await office.orderFile(opts.routeKey ?? null);
  if (!kept) return { ok: false, problem: 'no_order_file' };
  const { rows } = await office.billingRows();
  const desks = new Map<string, number>();
  const written = await writeReturnOf(
    kept,
    (inFile, local) => {
      const chosen = new Map<string, OfficeBillingRow>();
      const photosWithoutOrder: { photo: string; meter: string | null }[] = [];
      for (const r of rows) {
        const meter = r.row.meterId;
        if (meter === null || r.row.unmatched) {
          if (r.row.photo !== null) photosWithoutOrder.push({ photo: r.row.photo, meter: null });
        } else if (inFile.has(meter)) {
          const held = chosen.get(meter);
          if (!held || (held.routeKey !== kept.routeKey && r.routeKey === kept.routeKey))
            chosen.set(meter, r);
        } else if (r.routeKey === kept.routeKey && r.row.photo !== null)
          // The office's other routes are other files' (or sheets'): only this route's own photos
          // of meters the file does not name are this return's exceptions.
          photosWithoutOrder.push({ photo: r.row.photo, meter });
      }
      const results = new Map<string, MeterResult>();
      for (const [meter, r] of chosen) {
        results.set(meter, resultOfRow(r, local));
        if (r.desk !== null && r.read) desks.set(r.desk, (desks.get(r.desk) ?? 0) + 1);
      }
      return { results, photosWithoutOrder };
    },
    out,
    opts,
  );
  if (!written.ok) return written;
  return {
    ...written,
    loadedBy: kept.loadedBy,
    desks: [...desks]
      .map(([desk, n]) => ({ desk, rows: n }))
      .sort((a, b) => (a.desk < b.desk ? -1 : a.desk > b.desk ? 1 : 0)),
  };
}
