// A clerk's decisions on a meter (skip, typed reading, exchange, re-read, estimate, undo) and other
// desks' decisions taken from the office: the desk's rules first, then the office with the
// version the clerk saw, then the queue and its outbox entry in one transaction (issue 30, item 5).
import type { SkipCode } from '../../common/billing/billing-row';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { canUndo } from '../../common/billing/decision-rules';
import type { DecisionsTaken, OfficeDecisionNews } from '../../common/office-decision-news';
import type { OfficeAsk, RefusedInOffice } from '../../common/office-decision-port';
import { checkMeterDecision, decideMeter, undoMeterDecision } from '../billing/meter-decisions';
import * as routes from '../billing/routes';
import type { OutboxDecision } from '../store/office-outbox';
import type { ActionSteps } from './action-steps';
import { decideOfficeFirst, officeMeterDecision } from './office-decisions';
import { takeOfficeDecisions } from './take-office-decisions';

export type MeterDecided = ReturnType<typeof decideMeter>;
export type MeterUndone = ReturnType<typeof undoMeterDecision>;

/** A meter decision asked of the office: the meter by the number this desk knows it by. */
const meterAsk = (
  meterNumber: string,
  decision: OutboxDecision,
  seenVersion: number | undefined,
): OfficeAsk => ({ meterNumber, decision, seenVersion, sha256: null });

export class MeterActions {
  constructor(private readonly steps: ActionSteps) {}

  /** A meter nobody could read; false for a meter not in the loaded sheets. */
  async recordSkip(
    meterId: string,
    code: SkipCode,
    note: string | null,
    officeVersion?: number,
  ): Promise<boolean | RefusedInOffice> {
    const store = this.steps.write('skip meter');
    if (!store.meters.get(meterId)) return false;
    const decision = officeMeterDecision(meterId, {
      kind: 'skip',
      code,
      note: note?.trim() || null,
    });
    const skipped = await decideOfficeFirst(
      this.steps.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => routes.recordSkip(s, meterId, code, note, this.steps.now()),
      (ok) => ok,
    );
    if (skipped === true) this.steps.changed(store.meters.photoIdsOf(meterId));
    return skipped;
  }

  /**
   * A reading typed for a meter, read on `readAt` (a local date; the route's read day without);
   * `byCustomer` when the customer read it (a customer card).
   */
  async typeReading(
    meterId: string,
    reading: string,
    readAt?: string,
    byCustomer = false,
    officeVersion?: number,
  ): Promise<boolean | RefusedInOffice> {
    const store = this.steps.write('type reading');
    if (!store.meters.get(meterId)) return false;
    // The read day the rules give (the route's, without one) is what the office is told.
    const request = { kind: 'typed', reading: reading.trim(), readAt, byCustomer } as const;
    const ruled = checkMeterDecision(store, meterId, request, this.steps.site.clock.now());
    if (ruled === null || !ruled.ok) return false;
    const decision = officeMeterDecision(meterId, ruled.decision);
    const typed = await decideOfficeFirst(
      this.steps.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => routes.typeReading(s, meterId, reading, this.steps.now(), readAt, byCustomer),
      (ok) => ok,
    );
    if (typed === true) this.steps.meterChanged(store, meterId);
    return typed;
  }

  /**
   * A clerk's decision for a meter (common/billing/decision-rules.ts): typed, skip, exchange,
   * re-read or estimate. The desk's rules first (the office never records what this desk
   * refuses), then the office with the version the clerk saw (`officeVersion`), then the queue
   * and its outbox entry in one transaction. Null for a meter not in the loaded sheets; a
   * problem when the rules refuse it; the office's refusal (nothing written).
   */
  async decideMeter(
    meterId: string,
    request: DecisionRequest,
    officeVersion?: number,
  ): Promise<MeterDecided | RefusedInOffice> {
    const store = this.steps.write('decide meter');
    const ruled = checkMeterDecision(store, meterId, request, this.steps.site.clock.now());
    if (ruled === null || !ruled.ok) return ruled;
    const decision = officeMeterDecision(meterId, ruled.decision);
    // The rules look at the meter again in the write's transaction: the desk may have changed
    // while the office answered.
    const made = await decideOfficeFirst(
      this.steps.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => decideMeter(s, meterId, request, this.steps.site.clock.now()),
      (m) => m?.ok === true,
    );
    if (made?.ok) this.steps.meterChanged(store, meterId);
    return made;
  }

  /** Takes the meter's decision back; the one before it is the meter's again (office first). */
  async undoMeterDecision(
    meterId: string,
    officeVersion?: number,
  ): Promise<MeterUndone | RefusedInOffice> {
    const store = this.steps.write('undo meter decision');
    const meter = store.meters.get(meterId);
    if (!meter) return null;
    const problem = canUndo(meter.decision);
    if (problem) return { ok: false, problem };
    const decision: OutboxDecision = { kind: 'undo', meterNumber: meterId };
    const undone = await decideOfficeFirst(
      this.steps.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => undoMeterDecision(s, meterId),
      (u) => u?.ok === true,
    );
    if (undone?.ok) this.steps.meterChanged(store, meterId);
    return undone;
  }

  /**
   * Other desks' decisions as the office recorded them, applied here as made at their desk, in
   * the office's order and once each, never published again (take-office-decisions.ts); the
   * meters' and photos' checks follow, and the field list, route panel and export with them.
   */
  async takeOfficeDecisions(news: readonly OfficeDecisionNews[]): Promise<DecisionsTaken> {
    const store = this.steps.write('decide meter');
    const { jobIds, ...taken } = takeOfficeDecisions(store, this.steps.site.clock, news);
    for (const meterId of taken.meters) this.steps.meterChanged(store, meterId);
    if (jobIds.length > 0)
      this.steps.changed([...jobIds, ...routes.readingsChanged(store, jobIds, this.steps.now())]);
    return Promise.resolve(taken);
  }
}
