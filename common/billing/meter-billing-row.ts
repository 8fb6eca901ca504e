// The billing export's record of one meter, from where it stands (common/billing/decided-outcome.ts):
// one function for a desk's export (main/billing/meter-readings.ts, over its queue) and the
// office's (common/billing/office-meter-row.ts, over the readings and decisions every desk
// published), so the two write the same row for the same facts.
import type { BillingRow } from './billing-row';
import type { DecidedOutcome } from './decided-outcome';
import { decisionNoteEnglish } from './decision-english';
import type { MeterRecord } from './meter-record';
import type { SkipCode } from './billing-row';
import { checkReasons } from './plausibility-english';

/** A meter as its row needs it: the sheet's fields and its skip, when the clerk recorded one. */
export interface RowMeter extends MeterRecord {
  readonly skipCode: SkipCode | null;
  readonly skipNote: string | null;
}

export function meterBillingRow(
  meter: RowMeter,
  outcome: DecidedOutcome,
  photoCodes: readonly string[],
): BillingRow {
  const chosen = outcome.chosen;
  const check = outcome.check;
  const copies =
    outcome.copies === 0
      ? ''
      : `${String(outcome.copies)} identical ${outcome.copies === 1 ? 'copy' : 'copies'} of the photo.`;
  // The outcome's note repeats the rules' sentences when they are why it is flagged.
  const reasons = check === null ? '' : checkReasons(check);
  const note = outcome.note === reasons ? '' : outcome.note;
  const decided = outcome.notes.map(decisionNoteEnglish).join(' ');
  return {
    meterId: meter.meterId,
    account: meter.account,
    address: meter.address,
    route: meter.route,
    sequence: meter.sequence,
    readAt: outcome.readAt ?? chosen?.readAt ?? null,
    reading: outcome.reading,
    aiReading: chosen?.aiReading ?? null,
    confirmation: outcome.confirmation,
    readType: outcome.readType,
    skipCode: meter.skipCode,
    skipNote: meter.skipNote,
    consumption: outcome.consumption,
    previousReading: check?.baseline?.reading ?? meter.previousReading,
    previousReadAt: check?.baseline?.readAt ?? meter.previousReadAt,
    registerDecimals: meter.registerDecimals,
    plausibility: check?.level ?? null,
    reasons: [decided, reasons, outcome.state === 'confirmed' ? '' : note, copies]
      .filter(Boolean)
      .join(' '),
    reasonParts: {
      before: outcome.notes,
      check,
      // The same as the English: the outcome's note where it says more than the check's reasons.
      after:
        outcome.state === 'confirmed' || note === '' || outcome.said === null ? [] : [outcome.said],
      copies: outcome.copies,
    },
    // Billing may use a reading that is confirmed (checked and plausible, or by a person) and
    // whose consumption is known: a reading without one is never billed as it is.
    useOnBill: outcome.state === 'confirmed' && outcome.consumption !== null,
    photo: chosen?.relPath ?? null,
    photoSha256: chosen?.sha256 ?? null,
    photoCodes: chosen ? [...photoCodes] : [],
    taskId: chosen?.taskId ?? null,
    unmatched: false,
    duplicateOf: null,
    meterSerial: meter.barcode ?? null,
    sheetCells: meter.sheetCells ?? {},
  };
}
