// An exchanged meter's record as billing books it (issue 33, item 7): the old meter's removal row
// (its removal reading on the exchange day, read type removal, the old meter's use since the
// previous reading), the new meter's installation row (its installation reading, read type
// install, no use), then the period's reading under the new meter (its use since the installation).
// The two use figures add up to the consumption billed over both meters. One function for the
// desk's export, the office's and the history the export leaves, so all write the same rows.
import type { BillingRow } from './billing-row';
import { decisionNoteEnglish } from './decision-english';
import { minus } from './decision-rules';
import type { DecisionNote } from './outcome-notes';

type Booked = Extract<DecisionNote, { code: 'exchange_booked' }>;
/** An exchange as billing books it: both meters, both readings and the day. */
export type BookedExchange = Booked['params'];

function bookedOf(row: BillingRow): Booked | null {
  const note = row.reasonParts?.before.find((n): n is Booked => n.code === 'exchange_booked');
  return note ?? null;
}

/** The exchange a meter's decision notes book, null when none (or an older one without it). */
export function bookedExchange(notes: readonly DecisionNote[] | undefined): BookedExchange | null {
  return notes?.find((n): n is Booked => n.code === 'exchange_booked')?.params ?? null;
}

/** The row as it is, or an exchange's three rows; a row without a reading stays one. */
export function exchangeRows(row: BillingRow): BillingRow[] {
  const booked = bookedOf(row);
  if (booked === null || row.reading === null || row.unmatched) return [row];
  const p = booked.params;
  const newSerial = p.newSerial === '' ? null : p.newSerial;
  const noted: Pick<BillingRow, 'reasons' | 'reasonParts'> = {
    reasons: decisionNoteEnglish(booked),
    reasonParts: { before: [booked], check: null, after: [], copies: 0 },
  };
  const byPerson = {
    aiReading: null,
    confirmation: 'typed',
    photo: null,
    photoSha256: null,
    photoCodes: [],
    taskId: null,
    readAt: p.exchangedAt,
  } as const;
  const oldUse = row.previousReading === null ? null : minus(p.oldFinal, row.previousReading);
  const removal: BillingRow = {
    ...row,
    ...byPerson,
    ...noted,
    meterId: p.oldMeter,
    reading: p.oldFinal,
    readType: 'removal',
    consumption: oldUse,
  };
  const install: BillingRow = {
    ...row,
    ...byPerson,
    ...noted,
    meterId: p.newMeter,
    meterSerial: newSerial,
    reading: p.newStart,
    readType: 'install',
    consumption: 0,
    previousReading: null,
    previousReadAt: null,
  };
  const reading: BillingRow = {
    ...row,
    meterId: p.newMeter,
    meterSerial: newSerial,
    consumption: minus(row.reading, p.newStart),
    previousReading: p.newStart,
    previousReadAt: p.exchangedAt,
  };
  return [removal, install, reading];
}

/** Every row of `rows` as billing books it, an exchange's three in place of its one. */
export function* bookedRows(rows: Iterable<BillingRow>): Generator<BillingRow> {
  for (const row of rows) yield* exchangeRows(row);
}
