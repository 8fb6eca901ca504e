// Settings' Office card: the office settings as the backend keeps them, saving them (the password
// goes to the keychain and never comes back) and the connection test. The card shows each outcome
// itself, so these answer the bridge's result.
import {
  ok,
  type OfficeCheck,
  type OfficeSettings,
  type OfficeView,
  type Result,
} from '../../common/ipc';
import type { SliceCreator } from './types';

export interface OfficeSlice {
  /** null until the backend answered. */
  office: OfficeView | null;
  loadOffice(): Promise<void>;
  saveOffice(settings: OfficeSettings | null, password?: string): Promise<Result<OfficeView>>;
  testOffice(settings: OfficeSettings, password?: string): Promise<Result<OfficeCheck>>;
  /** The open dialog for the office's CA file; null when the person canceled. */
  chooseOfficeCaFile(): Promise<Result<string | null>>;
}

export const createOfficeSlice: SliceCreator<OfficeSlice> = (set, get, { bridge }) => ({
  office: null,

  async loadOffice() {
    const reply = await bridge.getOffice();
    if (reply.ok) set({ office: reply.value });
    else get().notifyError(reply.error);
  },

  async saveOffice(settings, password) {
    const reply = await bridge.saveOffice({
      settings,
      ...(password !== undefined && { password }),
    });
    if (reply.ok) set({ office: reply.value });
    return reply;
  },

  testOffice(settings, password) {
    return bridge.testOffice({ settings, ...(password !== undefined && { password }) });
  },

  async chooseOfficeCaFile() {
    const reply = await bridge.chooseOfficeCaFile();
    if (!reply.ok) return reply;
    return ok(reply.value.canceled ? null : reply.value.path);
  },
});
