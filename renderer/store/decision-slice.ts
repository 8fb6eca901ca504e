// A meter's decisions from the detail (common/billing/decision-rules.ts): made or undone with one
// IPC call each; the answer is the meter in full (shown at once) or the rules' problem, which the
// form words. The overview and the table follow as after any billing change.
import type { DecisionRequest } from '../../common/billing/decision-rules';
import type { Result } from '../../common/ipc';
import type { DecisionAnswer } from '../../common/ipc/decision-schemas';
import type { SliceCreator } from './types';

export interface DecisionSlice {
  decideMeter(meterId: string, decision: DecisionRequest): Promise<Result<DecisionAnswer>>;
  undoMeterDecision(meterId: string): Promise<Result<DecisionAnswer>>;
}

export const createDecisionSlice: SliceCreator<DecisionSlice> = (set, get, { bridge }) => {
  const shown = async (reply: Result<DecisionAnswer>): Promise<Result<DecisionAnswer>> => {
    // Office mode: the meter's office view (its history, or who changed it first) follows.
    if (reply.ok) void get().refreshOfficeMeter();
    if (!reply.ok || !reply.value.done) return reply;
    if (get().meterOfDetail?.meter.meterId === reply.value.detail.meter.meterId)
      set({ meterOfDetail: reply.value.detail });
    await get().refreshBilling();
    get().scheduleTableRefresh();
    return reply;
  };
  return {
    async decideMeter(meterId, decision) {
      // Office mode: the version the clerk saw goes along; the office refuses a change over it.
      const seen = get().officeVersionOf(meterId);
      return shown(await bridge.decideMeter({ meterId, decision, ...seen }));
    },
    async undoMeterDecision(meterId) {
      const seen = get().officeVersionOf(meterId);
      return shown(await bridge.undoMeterDecision({ meterId, ...seen }));
    },
  };
};
