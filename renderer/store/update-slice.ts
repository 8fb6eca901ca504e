// The running version and automatic updates, as main reports them (getUpdateStatus). Read when the
// header appears and again whenever main says the app changed (it does when an update is found,
// downloaded or fails).
import type { UpdateView } from '../../common/ipc';
import type { SliceCreator } from './types';

export interface UpdateSlice {
  update: UpdateView | null;
  refreshUpdate(): Promise<void>;
  /** Reads the status now and after every "app changed" push; returns the stop function. */
  watchUpdate(): () => void;
}

export const createUpdateSlice: SliceCreator<UpdateSlice> = (set, get, { bridge }) => ({
  update: null,

  async refreshUpdate() {
    const reply = await bridge.getUpdateStatus();
    if (reply.ok) set({ update: reply.value });
  },

  watchUpdate() {
    void get().refreshUpdate();
    return bridge.onEvent((event) => {
      if (event.appChanged) void get().refreshUpdate();
    });
  },
});
