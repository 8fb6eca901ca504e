// What a clerk decides for a meter: a reading typed by hand (with its read date), a skip code, a
// meter exchange (the new meter, the day, the old meter's removal reading and the new one's
// installation reading), a re-read by the field
// crew, or an estimate. The queue keeps every decision (meter_decisions, migration 012): the
// newest one not undone is the meter's; undoing it brings back the one before.
import { z } from 'zod';
import { SKIP_CODES, type SkipCode } from './billing-row';

export const DECISION_KINDS = ['typed', 'skip', 'exchange', 'reread', 'estimate'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** Why a reader goes back to a meter. */
export const REREAD_REASONS = ['implausible', 'unreadable', 'wrong_meter', 'other'] as const;
export type RereadReason = (typeof REREAD_REASONS)[number];

/** Skips that need someone to go back (and so go on the field list). */
export const VISIT_SKIPS: readonly SkipCode[] = ['no_access', 'locked', 'dog', 'buried'];

const reading = z.string().regex(/^\d{1,16}(\.\d{1,6})?$/);
/** A local date (yyyy-mm-dd): the day the reading belongs to, never a UTC stamp's day. */
export const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The longest new meter number and serial an exchange takes (a route sheet's meter ids fit). */
export const MAX_NEW_METER = 64;
export const MAX_SERIAL = 64;
/** A meter number as billing writes it: no control characters, no spaces at either end. */
export const newMeterNumber = z
  .string()
  .min(1)
  .max(MAX_NEW_METER)
  .regex(/^[^\s\p{Cc}](?:[^\p{Cc}]*[^\s\p{Cc}])?$/u);

const PARAMS = {
  // byCustomer: read by the customer (a customer card), billed as read type "customer"; only
  // written when true, so a typed reading stays what older builds read.
  typed: z.strictObject({
    reading,
    readAt: localDay.nullable(),
    byCustomer: z.literal(true).optional(),
  }),
  skip: z.strictObject({ code: z.enum(SKIP_CODES), note: z.string().max(500).nullable() }),
  // oldFinal: the removal reading (old meter); newStart: the installation reading (new meter).
  // The new meter and the day came with issue 33 (item 7): older exchanges lack them and stay
  // billed over both meters under the old number.
  exchange: z.strictObject({
    oldFinal: reading,
    newStart: reading,
    reading: reading.nullable(),
    newMeter: newMeterNumber.optional(),
    newSerial: z.string().max(MAX_SERIAL).nullable().optional(),
    exchangedAt: localDay.optional(),
  }),
  reread: z.strictObject({
    reason: z.enum(REREAD_REASONS),
    note: z.string().max(500).nullable(),
    /** Photos added after this job id are the re-read (0: any). */
    afterJobId: z.int().min(0),
    /** The photo that was not good enough, for the field list. */
    photoJobId: z.int().min(1).nullable(),
  }),
  estimate: z.strictObject({
    reading,
    readAt: localDay,
    days: z.int().min(0),
    consumption: z.number().min(0),
    avgDailyUse: z.number().min(0),
    /** Estimates in a row, this one included: billing offices look again at the second. */
    consecutive: z.int().min(1),
  }),
} as const;

type ParamsOf<K extends DecisionKind> = z.infer<(typeof PARAMS)[K]>;

export type MeterDecision = {
  [K in DecisionKind]: { readonly kind: K } & Readonly<ParamsOf<K>>;
}[DecisionKind];

export type DecisionOf<K extends DecisionKind> = Extract<MeterDecision, { kind: K }>;

/** A decision as the queue keeps it. */
export interface StoredDecision {
  readonly id: number;
  readonly madeAt: string;
  readonly decision: MeterDecision;
  /** The desk of the office it was made at, when not this one (taken from the office). */
  readonly desk?: string;
}

/** The stored row's params as JSON (the kind is its own column). */
export function decisionParams(decision: MeterDecision): string {
  return JSON.stringify(decision, (key, value: unknown) => (key === 'kind' ? undefined : value));
}

/** A stored row back to a decision; null for a kind or params this build does not know. */
export function parseDecision(kind: string, paramsJson: string): MeterDecision | null {
  const k = DECISION_KINDS.find((d) => d === kind);
  if (k === undefined) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(paramsJson);
  } catch {
    return null;
  }
  const parsed = PARAMS[k].safeParse(raw);
  return parsed.success ? ({ kind: k, ...parsed.data } as MeterDecision) : null;
}

/** The estimates a meter needs before it is looked at again (the second warns). */
export const ESTIMATES_WARN_AT = 2;
