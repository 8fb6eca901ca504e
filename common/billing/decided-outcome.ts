// Where a meter stands once its decision is taken into account: a typed reading checked like a
// photo's, an exchange's consumption over both meters, an estimate, a re-read that waits for (or
// was answered by) a new photo. Without a decision, or for a skip, it is meterOutcome's answer.
// The route panel, the meter list, the detail, the field list and the billing export read this.
import type { ReadType } from './billing-row';
import { estimateRepeated } from './decision-rules';
import type { DecisionOf, MeterDecision, StoredDecision } from './meter-decision';
import { meterOutcome, type MeterOutcome, type MeterPhoto } from './meter-outcome';
import type { DecisionNote } from './outcome-notes';
import type { PlausibilityConfig } from './plausibility-config';
import { checkReading } from './plausibility';
import { bandOf, type ReadingCheck } from './reading-check';
import type { RegisterSetup } from './reading-input';

/** The facts of a meter its decision is judged with. */
export interface DecidedMeter extends RegisterSetup {
  readonly meterId: string;
  readonly previousReading: string | null;
  readonly previousReadAt: string | null;
  readonly avgDailyUse: number | null;
  readonly decision: StoredDecision | null;
}

export interface DecidedOutcome extends MeterOutcome {
  readonly readType: ReadType;
  /** The day the billed reading belongs to when the decision sets it (typed, estimate). */
  readonly readAt: string | null;
  /** Units since the previous reading, as billing gets them; null when unknown. */
  readonly consumption: number | null;
  /**
   * The checks of the billed reading: its photo's, or those run on a typed reading or on an
   * exchange's consumption over both meters; null where a person's estimate stands instead.
   */
  readonly check: ReadingCheck | null;
  readonly notes: readonly DecisionNote[];
  /** Sent for re-read and no new photo yet. */
  readonly rereadPending: boolean;
}

const NO_PERSON = { check: null, notes: [], rereadPending: false, readAt: null } as const;

function plain(base: MeterOutcome): DecidedOutcome {
  return {
    ...base,
    ...NO_PERSON,
    check: base.chosen?.check ?? null,
    readType: base.reading === null ? 'no_read' : 'actual',
    consumption: base.chosen?.check?.consumption ?? null,
  };
}

function typedCheck(
  meter: DecidedMeter,
  reading: string,
  readAt: string,
  config: PlausibilityConfig,
  exchange?: { readonly oldFinal: string; readonly newStart: string },
): ReadingCheck {
  const baseline =
    meter.previousReading === null
      ? null
      : { reading: meter.previousReading, readAt: meter.previousReadAt };
  const out = checkReading(
    {
      reading,
      readAt,
      registerDigits: meter.registerDigits,
      registerDecimals: meter.registerDecimals,
      previous: baseline,
      avgDailyUse: meter.avgDailyUse,
      ...(exchange ? { exchange } : {}),
    },
    config,
  );
  return {
    level: out.level,
    useOnBill: out.useOnBill,
    consumption: out.consumption,
    rolledOver: out.rolledOver,
    baseline,
    flagged: out.results.filter((r) => r.level !== 'ok'),
    dateFlags: [],
    dateNote: null,
    band: bandOf(out.results),
  };
}

function decided(
  meter: DecidedMeter,
  stored: StoredDecision,
  photos: readonly MeterPhoto[],
  config: PlausibilityConfig,
): DecidedOutcome {
  const d: MeterDecision = stored.decision;
  const none = { skipCode: null, skipNote: null, typedReading: null, typedAt: null };
  switch (d.kind) {
    case 'skip':
      return plain(meterOutcome({ ...none, skipCode: d.code, skipNote: d.note }, photos));
    case 'typed': {
      const base = meterOutcome(
        { ...none, typedReading: d.reading, typedAt: stored.madeAt },
        photos,
      );
      const readAt = d.readAt ?? stored.madeAt;
      const check = typedCheck(meter, d.reading, readAt, config);
      return {
        ...base,
        ...NO_PERSON,
        readType: d.byCustomer === true ? 'customer' : 'actual',
        readAt,
        consumption: check.consumption,
        check,
      };
    }
    case 'exchange': {
      const base = meterOutcome(none, photos);
      const reading = d.reading ?? base.reading;
      // The clerk who booked the exchange looked at the photo's reading: confirmed by a person
      // (or corrected), never auto-accepted, even now that it passes over both meters.
      const confirmation =
        d.reading !== null
          ? 'typed'
          : base.confirmation === 'corrected'
            ? 'corrected'
            : 'confirmed';
      // Checked like any consumption: a mistyped final or start reading shows as too high or low.
      const readAt = base.chosen?.readAt ?? stored.madeAt;
      const check =
        reading === null
          ? null
          : typedCheck(meter, reading, readAt, config, {
              oldFinal: d.oldFinal,
              newStart: d.newStart,
            });
      return {
        ...base,
        ...NO_PERSON,
        // The person said what happened: the reading is billed over both meters.
        state: reading === null ? base.state : 'confirmed',
        reading,
        confirmation: reading === null ? null : confirmation,
        note: '',
        said: null,
        readType: reading === null ? 'no_read' : 'actual',
        consumption: check?.consumption ?? null,
        check,
        notes: [exchangeNote(meter.meterId, d)],
      };
    }
    case 'reread': {
      // Only the photos that came back after the meter was sent out count: the re-read is
      // booked to the same meter and period, the old photo is not its reading any more.
      const back = photos.filter((p) => p.jobId > d.afterJobId);
      const base = meterOutcome(none, back);
      const waiting = base.state === 'missing';
      return {
        ...plain(base),
        rereadPending: waiting,
        notes: [{ code: waiting ? 'reread_waiting' : 'reread_back', params: { reason: d.reason } }],
      };
    }
    case 'estimate': {
      const base = meterOutcome(none, photos);
      return {
        ...base,
        ...NO_PERSON,
        // No photo's reading is billed: the estimate stands for the period.
        chosen: null,
        copies: 0,
        state: 'confirmed',
        reading: d.reading,
        confirmation: 'estimated',
        note: '',
        said: null,
        readType: 'estimated',
        readAt: d.readAt,
        consumption: d.consumption,
        notes: [
          { code: 'estimated', params: { avgDailyUse: d.avgDailyUse, days: d.days } },
          ...(estimateRepeated(d)
            ? [{ code: 'estimates_in_a_row' as const, params: { count: d.consecutive } }]
            : []),
        ],
      };
    }
  }
}

/** An exchange's note: booked with both meters and the day, or (an older decision) its readings. */
function exchangeNote(oldMeter: string, d: DecisionOf<'exchange'>): DecisionNote {
  const { oldFinal, newStart, newMeter, exchangedAt } = d;
  if (newMeter === undefined || exchangedAt === undefined)
    return { code: 'exchanged', params: { oldFinal, newStart } };
  const newSerial = d.newSerial ?? '';
  return {
    code: 'exchange_booked',
    params: { oldMeter, oldFinal, newMeter, newSerial, newStart, exchangedAt },
  };
}

export function decidedOutcome(
  meter: DecidedMeter,
  photos: readonly MeterPhoto[],
  config: PlausibilityConfig,
): DecidedOutcome {
  if (meter.decision === null)
    return plain(
      meterOutcome({ skipCode: null, skipNote: null, typedReading: null, typedAt: null }, photos),
    );
  return decided(meter, meter.decision, photos, config);
}
