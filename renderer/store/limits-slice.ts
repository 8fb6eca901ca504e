// The plausibility limits in Settings and the inspection list (issue 33, items 6 and 5): what the
// backend last answered, read when a screen opens; a profile chosen applies at once (every reading
// is checked again), and the answer carries the limits as they now are.
import type { PlausibilityProfile } from '../../common/billing/plausibility-profiles';
import type { InspectionView, PlausibilityLimitsView } from '../../common/ipc';
import type { SliceCreator } from './types';

export interface LimitsSlice {
  plausibilityLimits: PlausibilityLimitsView | null;
  /** Reads the limits and the recent readings; a failure is a notice. */
  loadPlausibilityLimits(): Promise<void>;
  /** Chooses a profile; true when it applies (a refusal is a notice). */
  choosePlausibilityProfile(profile: PlausibilityProfile): Promise<boolean>;
  /** The inspection list while its view is open; null: closed. */
  inspection: InspectionView | null;
  openInspection(): Promise<void>;
  closeInspection(): void;
}

export const createLimitsSlice: SliceCreator<LimitsSlice> = (set, get, { bridge }) => ({
  plausibilityLimits: null,

  async loadPlausibilityLimits() {
    const reply = await bridge.plausibilityLimits();
    if (reply.ok) set({ plausibilityLimits: reply.value });
    else get().notifyError(reply.error);
  },

  async choosePlausibilityProfile(profile) {
    const reply = await bridge.setPlausibilityProfile({ profile });
    if (reply.ok) set({ plausibilityLimits: reply.value });
    else get().notifyError(reply.error);
    return reply.ok;
  },

  inspection: null,

  async openInspection() {
    const reply = await bridge.inspectionList();
    if (reply.ok) set({ inspection: reply.value });
    else get().notifyError(reply.error);
  },

  closeInspection() {
    set({ inspection: null });
  },
});
