// Requests and answers of a meter's decisions (common/billing/decision-rules.ts): the window asks
// for one of the five kinds, or for the meter's decision to be undone, and hears back the meter in
// full or why the rules refuse it now (a code the window words).
import { z } from 'zod';
import { SKIP_CODES } from '../billing/billing-row';
import type { DecisionProblem } from '../billing/decision-rules';
import { localDay, MAX_NEW_METER, MAX_SERIAL, REREAD_REASONS } from '../billing/meter-decision';
import { meterId, typedReading } from './billing-schemas';
import type { MeterDetail } from './billing-views';
import type { OfficeChangedBy } from './office-review-views';

const note = z.string().max(500).optional();

export const decisionRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('typed'),
    reading: typedReading,
    readAt: localDay.optional(),
    byCustomer: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal('skip'), code: z.enum(SKIP_CODES), note }),
  z.strictObject({
    kind: z.literal('exchange'),
    // The rules say what is wrong with a number or day (a code the window words), so only the
    // sizes are held here.
    newMeter: z.string().max(MAX_NEW_METER * 2),
    newSerial: z.string().max(MAX_SERIAL).optional(),
    exchangedAt: z.string().max(10),
    oldFinal: typedReading,
    newStart: typedReading,
    reading: typedReading.optional(),
  }),
  z.strictObject({ kind: z.literal('reread'), reason: z.enum(REREAD_REASONS), note }),
  z.strictObject({ kind: z.literal('estimate'), readAt: localDay.optional() }),
]);

export const decideMeterRequest = z.strictObject({
  meterId,
  decision: decisionRequest,
  /** Office mode: the meter's office version the clerk saw; the office refuses a newer one's. */
  officeVersion: z
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional(),
});

/** The meter after the decision (or its undo), or why it was not made. */
export type DecisionAnswer =
  | { readonly done: true; readonly detail: MeterDetail }
  | { readonly done: false; readonly problem: DecisionProblem; readonly changedBy?: undefined }
  /** Office mode: another clerk changed the meter since this one saw it; nothing was saved. */
  | { readonly done: false; readonly changedBy: OfficeChangedBy; readonly problem?: undefined };
