// A clerk's decisions for a meter from the window (common/ipc/decision-schemas.ts): made or undone
// through the action layer; the answer is the meter in full, or the rules' problem as a code the
// window words. Readings are held to the meter's register as the route sheet sets it up.
import { canUndo, type DecisionRequest } from '../../../common/billing/decision-rules';
import type { DecisionAnswer } from '../../../common/ipc/decision-schemas';
import { officeMeterDecision } from '../../actions/office-decisions';
import { AppError } from '../../ipc/app-error';
import { readingRefused, replyMessage } from '../../../common/reply-messages';
import { readingForMeter } from '../../billing/typed-reading';
import { systemClock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { keyOf, type OfficeReview } from '../office-review';
import { meterDetail } from './billing-meters';

type DecisionHandlers = Pick<BackendHandlers, 'decideMeter' | 'undoMeterDecision'>;

function unknownMeter(meterId: string): AppError {
  return new AppError('not_found', replyMessage('meterNotInSheets', { meter: meterId }));
}

/** The request's readings held to this meter's register (the schema held them to the widest). */
function heldToRegister(state: BackendState, meterId: string, req: DecisionRequest): void {
  const readings =
    req.kind === 'typed'
      ? [req.reading]
      : req.kind === 'exchange'
        ? [req.oldFinal, req.newStart, ...(req.reading === undefined ? [] : [req.reading])]
        : [];
  for (const text of readings) {
    const held = readingForMeter(state.store, meterId, text);
    if (!held.ok) throw new AppError('invalid_request', readingRefused(held.problem));
  }
}

export function billingDecisionHandlers(
  state: BackendState,
  review: Pick<OfficeReview, 'decideFirst'>,
): DecisionHandlers {
  const answer = (meterId: string): DecisionAnswer => {
    const detail = meterDetail(state.store, meterId, systemClock.now());
    if (!detail) throw unknownMeter(meterId);
    state.hub.jobsChanged(state.store.meters.photoIdsOf(meterId));
    state.hub.statusChanged(state.status());
    return { done: true, detail };
  };
  return {
    decideMeter: ({ meterId, decision, officeVersion }) =>
      state.use(async (): Promise<DecisionAnswer> => {
        heldToRegister(state, meterId, decision);
        // Office mode: the rules first (the office never records what this desk refuses), then
        // the office with the version the clerk saw; refused there, nothing is written here.
        const ruled = state.actions.checkMeterDecision(meterId, decision);
        if (ruled === null) throw unknownMeter(meterId);
        if (!ruled.ok) return { done: false, problem: ruled.problem };
        const kept = officeMeterDecision(meterId, decision);
        const first = await review.decideFirst(meterId, kept, officeVersion);
        if (first.kind === 'refused') return { done: false, changedBy: first.changedBy };
        const key = keyOf(first);
        const made = state.actions.decideMeter(meterId, decision, key);
        if (made === null) throw unknownMeter(meterId);
        return made.ok ? answer(meterId) : { done: false, problem: made.problem };
      }),
    undoMeterDecision: ({ meterId, officeVersion }) =>
      state.use(async (): Promise<DecisionAnswer> => {
        // Office mode: as a decision, the rules first, then the office with the version seen.
        const meter = state.store.meters.get(meterId);
        if (!meter) throw unknownMeter(meterId);
        const problem = canUndo(meter.decision);
        if (problem) return { done: false, problem };
        const undo = { kind: 'undo', meterNumber: meterId };
        const first = await review.decideFirst(meterId, undo, officeVersion);
        if (first.kind === 'refused') return { done: false, changedBy: first.changedBy };
        const key = keyOf(first);
        const undone = state.actions.undoMeterDecision(meterId, key);
        if (undone === null) throw unknownMeter(meterId);
        return undone.ok ? answer(meterId) : { done: false, problem: undone.problem };
      }),
  };
}
