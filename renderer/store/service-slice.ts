// The service MeterDesk talks to: settings, the API key (write-only: only its status comes back),
// the connection check of onboarding and settings, and the built-in sandbox.
import type {
  ConnectionCheck,
  KeyStatus,
  RequestOf,
  Result,
  SandboxStarted,
  SettingsView,
  WatchFolderView,
} from '../../common/ipc';
import { ok } from '../../common/ipc';
import type { SliceCreator } from './types';

export type SettingsPatch = RequestOf<'setSettings'>;

export interface ServiceSlice {
  /** A settings save is on its way (the backend may take a while: the engine restarts). */
  saving: boolean;
  /** The watched folders' states, as last asked (refreshWatchFolders). */
  watchFolders: readonly WatchFolderView[];
  saveSettings(patch: SettingsPatch): Promise<Result<SettingsView>>;
  refreshWatchFolders(): Promise<void>;
  saveApiKey(key: string): Promise<Result<KeyStatus>>;
  clearApiKey(): Promise<Result<KeyStatus>>;
  checkConnection(request: {
    baseUrl: string;
    apiKey?: string;
    save: boolean;
  }): Promise<Result<ConnectionCheck>>;
  trySandbox(): Promise<Result<SandboxStarted>>;
  /** Settings' "Browse…": the folder picked for the data, or null when the dialog was canceled. */
  chooseDataFolder(): Promise<Result<string | null>>;
}

export const createServiceSlice: SliceCreator<ServiceSlice> = (set, get, { bridge }) => ({
  saving: false,
  watchFolders: [],

  async saveSettings(patch) {
    set({ saving: true });
    try {
      const reply = await bridge.setSettings(patch);
      if (reply.ok) {
        set({ settings: reply.value });
        await get().refreshSnapshot();
      }
      return reply;
    } finally {
      set({ saving: false });
    }
  },

  async refreshWatchFolders() {
    const reply = await bridge.getWatchFolders();
    if (reply.ok) set({ watchFolders: reply.value });
  },

  async saveApiKey(key) {
    const reply = await bridge.setApiKey({ key });
    if (reply.ok) {
      set({ key: reply.value });
      await get().refreshSnapshot();
    }
    return reply;
  },

  async clearApiKey() {
    const reply = await bridge.clearApiKey();
    if (reply.ok) {
      set({ key: reply.value });
      await get().refreshSnapshot();
    }
    return reply;
  },

  async checkConnection({ baseUrl, apiKey, save }) {
    const reply = await bridge.validateConnection({
      baseUrl: baseUrl.trim(),
      ...(apiKey !== undefined && apiKey.trim() !== '' && { apiKey: apiKey.trim() }),
      save,
    });
    if (reply.ok && reply.value.saved) {
      await get().refreshSnapshot();
      await get().reloadTable();
    }
    return reply;
  },

  async chooseDataFolder() {
    const reply = await bridge.chooseDataFolder();
    if (!reply.ok) return reply;
    return ok(reply.value.canceled ? null : reply.value.path);
  },

  async trySandbox() {
    const reply = await bridge.startSandbox({});
    if (reply.ok) {
      await get().refreshSnapshot();
      await get().reloadTable();
    }
    return reply;
  },
});
