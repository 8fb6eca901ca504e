// A clerk's decisions for a meter from the window (common/ipc/decision-schemas.ts): made or undone
// through the action layer (which asks the office first in office mode); the answer is the meter in full, or the rules' problem as a code the
// window words. Readings are held to the meter's register as the route sheet sets it up.
import type { DecisionRequest } from '../../../common/billing/decision-rules';
import type { DecisionAnswer } from '../../../common/ipc/decision-schemas';
import { refusedInOffice } from '../../actions/office-decisions';
import { AppError } from '../../ipc/app-error';
import { readingRefused, replyMessage } from '../../../common/reply-messages';
import { readingForMeter } from '../../billing/typed-reading';
import { systemClock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
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

export function billingDecisionHandlers(state: BackendState): DecisionHandlers {
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
        // The action asks the office first (office mode) with the version the clerk saw.
        const made = await state.actions.decideMeter(meterId, decision, officeVersion);
        if (made === null) throw unknownMeter(meterId);
        if (refusedInOffice(made)) return { done: false, changedBy: made.changedBy };
        return made.ok ? answer(meterId) : { done: false, problem: made.problem };
      }),
    undoMeterDecision: ({ meterId, officeVersion }) =>
      state.use(async (): Promise<DecisionAnswer> => {
        const undone = await state.actions.undoMeterDecision(meterId, officeVersion);
        if (undone === null) throw unknownMeter(meterId);
        if (refusedInOffice(undone)) return { done: false, changedBy: undone.changedBy };
        return undone.ok ? answer(meterId) : { done: false, problem: undone.problem };
      }),
  };
}
