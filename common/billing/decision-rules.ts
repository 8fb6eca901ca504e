// The one state machine of a meter's decisions: which decision may follow which, what each needs,
// and what it computes (an exchange's consumption over both meters, an estimate's reading).
// main/billing/meter-decisions.ts gathers the facts from the queue and stores what this answers;
// the window and the CLI word its problems from their codes.
import { daysBetween, parseIsoStamp } from './calendar';
import { parseExact, rescale, toNumber } from './exact-decimal';
import type { SkipCode } from './billing-row';
import { registerOf } from './reading-input';
import {
  ESTIMATES_WARN_AT,
  MAX_NEW_METER,
  newMeterNumber,
  type MeterDecision,
  type RereadReason,
  type StoredDecision,
} from './meter-decision';

/** What a person asks for (the rest, such as an estimate's reading, is computed here). */
export type DecisionRequest =
  | {
      readonly kind: 'typed';
      readonly reading: string;
      readonly readAt?: string | undefined;
      /** The customer read it (a customer card): read type "customer" in the export. */
      readonly byCustomer?: boolean | undefined;
    }
  | { readonly kind: 'skip'; readonly code: SkipCode; readonly note?: string | undefined }
  | {
      readonly kind: 'exchange';
      /** The new meter's number, and its serial when billing keeps one. */
      readonly newMeter: string;
      readonly newSerial?: string | undefined;
      /** The local day the meter was exchanged. */
      readonly exchangedAt: string;
      /** The old meter's removal reading. */
      readonly oldFinal: string;
      /** The new meter's installation reading. */
      readonly newStart: string;
      /** The new meter's reading now; without it, the photo's. */
      readonly reading?: string | undefined;
    }
  | { readonly kind: 'reread'; readonly reason: RereadReason; readonly note?: string | undefined }
  | { readonly kind: 'estimate'; readonly readAt?: string | undefined };

/** What the rules need to know about the meter. */
export interface DecisionFacts {
  /** The meter decided on, as the sheet numbers it. */
  readonly meterId: string;
  /** Its register (an exchange's readings are held to it; the new meter is taken to match). */
  readonly registerDigits: number | null;
  readonly previousReading: string | null;
  readonly previousReadAt: string | null;
  readonly avgDailyUse: number | null;
  readonly registerDecimals: number | null;
  readonly current: StoredDecision | null;
  /** The billed reading of the meter's chosen photo, and that photo. */
  readonly photoReading: string | null;
  readonly photoJobId: number | null;
  /** The newest photo in the queue: photos after it are a re-read's. */
  readonly lastJobId: number;
  /** The read day of the chosen photo (a local date), null without one. */
  readonly photoReadDay: string | null;
  /** The route's read day (a local date): the default date of a typed reading or an estimate. */
  readonly readDay: string;
  /** Today on the office's calendar: an exchange is not booked ahead. */
  readonly today: string;
  /** Another loaded meter with this number (any case), and its route; null when none. */
  readonly otherMeter: (meterId: string) => { meterId: string; route: string | null } | null;
  /** This meter's estimates kept in the queue (any order). */
  readonly estimates: readonly StoredDecision[];
}

export const DECISION_PROBLEMS = [
  'note_needed',
  'no_reading',
  'old_final_below_previous',
  'reading_below_new_start',
  'new_meter_needed',
  'new_meter_unusable',
  'new_meter_same',
  'new_meter_taken',
  'exchange_day_needed',
  'exchange_in_future',
  'exchange_before_previous',
  'exchange_after_reading',
  'exchange_reading_digits',
  'no_previous',
  'no_average',
  'date_before_previous',
  'reread_pending',
  'nothing_to_undo',
] as const;
export type DecisionProblemCode = (typeof DECISION_PROBLEMS)[number];

export interface DecisionProblem {
  readonly code: DecisionProblemCode;
  readonly params: Readonly<Record<string, string | number>>;
}

export type Decided =
  | { readonly ok: true; readonly decision: MeterDecision }
  | { readonly ok: false; readonly problem: DecisionProblem };

const refuse = (
  code: DecisionProblemCode,
  params: Record<string, string | number> = {},
): Decided => ({
  ok: false,
  problem: { code, params },
});

/** a − b exactly, as a number; null unless both are readings. */
export function minus(a: string, b: string): number | null {
  const x = parseExact(a);
  const y = parseExact(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  return toNumber(rescale(x, scale) - rescale(y, scale), scale);
}

/**
 * An exchange's consumption: what the old meter ran since the previous reading up to its final
 * reading, plus what the new one ran since its start. Null without a previous reading.
 */
export function exchangeConsumption(
  previous: string | null,
  oldFinal: string,
  newStart: string,
  current: string,
): number | null {
  if (previous === null) return null;
  const oldPart = minus(oldFinal, previous);
  const newPart = minus(current, newStart);
  if (oldPart === null || newPart === null) return null;
  return Math.round((oldPart + newPart) * 1e6) / 1e6;
}

/** previous + consumption, written as the previous reading is (its whole digits kept). */
function addTo(previous: string, consumption: number, decimals: number): string | null {
  const base = parseExact(previous);
  if (!base) return null;
  const scale = Math.max(base.scale, decimals);
  const units = rescale(base, scale) + BigInt(Math.round(consumption * 10 ** scale));
  const text = units.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const wholeWidth = previous.split('.')[0]?.length ?? 1;
  const padded = whole.padStart(wholeWidth, '0');
  return scale === 0 ? padded : `${padded}.${text.slice(text.length - scale)}`;
}

/** The estimate before this one in a row: the one billing took as this period's previous reading. */
function estimateInARow(facts: DecisionFacts): number {
  const before = facts.estimates.find(
    ({ decision: d }) =>
      d.kind === 'estimate' &&
      d.readAt === facts.previousReadAt?.slice(0, 10) &&
      facts.previousReading !== null &&
      minus(d.reading, facts.previousReading) === 0,
  );
  return before?.decision.kind === 'estimate' ? before.decision.consecutive : 0;
}

function estimate(facts: DecisionFacts, readAt: string): Decided {
  const { previousReading, previousReadAt, avgDailyUse } = facts;
  if (previousReading === null || previousReadAt === null) return refuse('no_previous');
  if (avgDailyUse === null) return refuse('no_average');
  const from = parseIsoStamp(previousReadAt);
  const to = parseIsoStamp(readAt);
  if (!from || !to || daysBetween(from, to) < 0)
    return refuse('date_before_previous', { readAt, previousReadAt: previousReadAt.slice(0, 10) });
  const days = daysBetween(from, to);
  const decimals = facts.registerDecimals ?? 0;
  const consumption = Math.round(avgDailyUse * days * 10 ** decimals) / 10 ** decimals;
  const reading = addTo(previousReading, consumption, decimals);
  if (reading === null) return refuse('no_previous');
  return {
    ok: true,
    decision: {
      kind: 'estimate',
      reading,
      readAt,
      days,
      consumption,
      avgDailyUse,
      consecutive: estimateInARow(facts) + 1,
    },
  };
}

function exchange(facts: DecisionFacts, req: DecisionRequest & { kind: 'exchange' }): Decided {
  const meter = exchangeMeterProblem(facts, req.newMeter);
  if (meter) return meter;
  const day = exchangeDayProblem(facts, req.exchangedAt);
  if (day) return day;
  const current = req.reading ?? facts.photoReading;
  if (current === null) return refuse('no_reading');
  const digits = registerProblem(facts, [
    ['oldFinal', req.oldFinal],
    ['newStart', req.newStart],
    ['reading', current],
  ]);
  if (digits) return digits;
  if (facts.previousReading !== null && (minus(req.oldFinal, facts.previousReading) ?? 0) < 0)
    return refuse('old_final_below_previous', {
      oldFinal: req.oldFinal,
      previous: facts.previousReading,
    });
  if ((minus(current, req.newStart) ?? 0) < 0)
    return refuse('reading_below_new_start', { reading: current, newStart: req.newStart });
  const serial = req.newSerial?.trim() ?? '';
  return {
    ok: true,
    decision: {
      kind: 'exchange',
      oldFinal: req.oldFinal,
      newStart: req.newStart,
      reading: req.reading ?? null,
      newMeter: req.newMeter.trim(),
      newSerial: serial === '' ? null : serial,
      exchangedAt: req.exchangedAt,
    },
  };
}

/** The new meter's number: given, usable as a number, not this meter's nor another's. */
function exchangeMeterProblem(facts: DecisionFacts, newMeter: string): Decided | null {
  const number = newMeter.trim();
  if (number === '') return refuse('new_meter_needed');
  if (!newMeterNumber.safeParse(number).success)
    return refuse('new_meter_unusable', { newMeter: number, max: MAX_NEW_METER });
  if (number.toLowerCase() === facts.meterId.toLowerCase())
    return refuse('new_meter_same', { newMeter: number });
  const other = facts.otherMeter(number);
  if (other !== null && other.meterId.toLowerCase() !== facts.meterId.toLowerCase())
    return refuse('new_meter_taken', { newMeter: other.meterId, route: other.route ?? '' });
  return null;
}

/** The day: not ahead of today, not before the previous reading, not after this reading's. */
function exchangeDayProblem(facts: DecisionFacts, day: string): Decided | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || parseIsoStamp(day) === null)
    return refuse('exchange_day_needed');
  if (day > facts.today)
    return refuse('exchange_in_future', { exchangedAt: day, today: facts.today });
  const previous = facts.previousReadAt?.slice(0, 10) ?? null;
  if (previous !== null && day < previous)
    return refuse('exchange_before_previous', { exchangedAt: day, previousReadAt: previous });
  // The photo read before the exchange shows the old meter, not the new one's reading now.
  if (facts.photoReadDay !== null && day > facts.photoReadDay)
    return refuse('exchange_after_reading', { exchangedAt: day, readAt: facts.photoReadDay });
  return null;
}

/** Each reading within the meter's register (the sheet's set-up, else the default). */
function registerProblem(
  facts: DecisionFacts,
  readings: readonly (readonly ['oldFinal' | 'newStart' | 'reading', string])[],
): Decided | null {
  const register = registerOf(facts);
  for (const [which, value] of readings) {
    const [whole = '', fraction = ''] = value.split('.');
    if (whole.length > register.digits || fraction.length > register.decimals)
      return refuse('exchange_reading_digits', {
        which,
        reading: value,
        digits: register.digits,
        decimals: register.decimals,
      });
  }
  return null;
}

/** The decision a request makes, or why it cannot be made now. */
export function decide(req: DecisionRequest, facts: DecisionFacts): Decided {
  switch (req.kind) {
    case 'typed':
      return {
        ok: true,
        decision: {
          kind: 'typed',
          reading: req.reading,
          readAt: req.readAt ?? facts.readDay,
          ...(req.byCustomer === true && { byCustomer: true }),
        },
      };
    case 'skip': {
      const note = req.note?.trim() || null;
      if (req.code === 'other' && note === null) return refuse('note_needed');
      return { ok: true, decision: { kind: 'skip', code: req.code, note } };
    }
    case 'exchange':
      return exchange(facts, req);
    case 'reread': {
      const note = req.note?.trim() || null;
      if (req.reason === 'other' && note === null) return refuse('note_needed');
      if (facts.current?.decision.kind === 'reread') return refuse('reread_pending');
      return {
        ok: true,
        decision: {
          kind: 'reread',
          reason: req.reason,
          note,
          afterJobId: facts.lastJobId,
          photoJobId: facts.photoJobId,
        },
      };
    }
    case 'estimate':
      return estimate(facts, req.readAt ?? facts.readDay);
  }
}

/** Undo takes the meter's decision back (the one before it is the meter's again). */
export function canUndo(current: StoredDecision | null): DecisionProblem | null {
  return current === null ? { code: 'nothing_to_undo', params: {} } : null;
}

/** Whether an estimate is one too many in a row. */
export function estimateRepeated(decision: MeterDecision): boolean {
  return decision.kind === 'estimate' && decision.consecutive >= ESTIMATES_WARN_AT;
}
