// Handlers for the service the engine talks to: settings, the API key, the built-in sandbox and
// the onboarding connection check. Quota and AI status reach the window in the engine's status
// pushes (the engine is their one reader), not through calls.
import { policyView } from '../../config/policy';
import { refuseLockedChange, refuseSandbox } from '../policy-settings';
import type { BackendHandlers } from '../backend';
import type { SettingsView } from '../../../common/ipc/views';
import { AppError } from '../../ipc/app-error';
import { replyMessage } from '../../../common/reply-messages';
import { KeychainUnavailableError } from '../../secrets/keychain';
import { checkBaseUrl, checkConnection } from '../connection-check';
import { copyQueues, prepareDataDir } from '../data-dir';
import type { BackendState } from '../backend-state';
import { ensureSampleFolder } from '../sandbox-service';
import { toSettingsView, type AppSettings } from '../settings';
import type { GenerateSampleFolderOptions } from '../../../sandbox/samples';

type ServiceHandlers = Pick<
  BackendHandlers,
  | 'getSettings'
  | 'getWatchFolders'
  | 'setSettings'
  | 'getKeyStatus'
  | 'setApiKey'
  | 'clearApiKey'
  | 'startSandbox'
  | 'validateConnection'
>;

const DEFAULT_SAMPLE_PHOTOS = 40;

function view(state: BackendState): SettingsView {
  return toSettingsView(
    state.settings,
    state.defaultDataDir,
    policyView(state.policy),
    state.dataDirOnShare(),
  );
}

/** Secret-store failures in words the window can show. */
export async function storing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof KeychainUnavailableError) {
      throw new AppError('keychain_unavailable', error.said);
    }
    if (error instanceof TypeError) {
      throw new AppError(
        'invalid_request',
        replyMessage('keyNotUsable', { detail: error.message }),
      );
    }
    throw error;
  }
}

function remoteUrl(state: BackendState): string {
  const { baseUrl, useSandbox } = state.settings;
  if (useSandbox || baseUrl === null) {
    throw new AppError('not_configured', replyMessage('enterAddressFirst', {}));
  }
  return baseUrl;
}

export function serviceHandlers(
  state: BackendState,
  samples: Partial<GenerateSampleFolderOptions> = {},
): ServiceHandlers {
  return {
    getSettings: () => Promise.resolve(view(state)),

    async setSettings(patch) {
      const { watchFolders, language, ...others } = patch;
      const othersGiven = Object.values(others as Record<string, unknown>).some(
        (v) => v !== undefined,
      );
      if ((watchFolders || language) && !othersGiven) {
        // Only the watched folders or the language: no reason to stop the engine (a run may be
        // going on).
        await state.setQuietly({ watchFolders, language });
        return view(state);
      }
      const baseUrl =
        patch.baseUrl === undefined || patch.baseUrl === null
          ? patch.baseUrl
          : checkBaseUrl(patch.baseUrl);
      refuseLockedChange(state.policy, 'serviceUrl', state.settings.baseUrl, baseUrl);
      refuseLockedChange(state.policy, 'dataDir', state.settings.dataDir, patch.dataDir);
      if (patch.dataDir) prepareDataDir(patch.dataDir);
      await state.change(async (current) => {
        if (patch.dataDir && patch.dataDir !== state.dataDir) {
          await copyQueues(state.dataDir, patch.dataDir, state.store);
        }
        const next: AppSettings = {
          ...current,
          ...(baseUrl !== undefined && { baseUrl }),
          // A new real address means the person is done trying the sandbox.
          ...(typeof baseUrl === 'string' && { useSandbox: false }),
          ...(patch.business !== undefined && { business: patch.business }),
          ...(patch.batchMode !== undefined && { batchMode: patch.batchMode }),
          ...(patch.maxConcurrency !== undefined && { maxConcurrency: patch.maxConcurrency }),
          ...(patch.dataDir !== undefined && { dataDir: patch.dataDir }),
          ...(language !== undefined && { language }),
          ...(patch.watchFolders !== undefined && {
            watchFolders: [...new Set(patch.watchFolders)],
          }),
        };
        return next;
      });
      return view(state);
    },

    getWatchFolders: () => Promise.resolve(state.watcher.status()),

    getKeyStatus: () => Promise.resolve(state.keyStatus()),

    async setApiKey(request) {
      const baseUrl = remoteUrl(state);
      const key = request.key.trim();
      state.sawSecret(key);
      await state.change(async (current) => {
        await storing(() => state.secrets.store.set(baseUrl, key));
        return current;
      });
      return state.keyStatus();
    },

    async clearApiKey() {
      const baseUrl = remoteUrl(state);
      await state.change(async (current) => {
        await storing(() => state.secrets.store.delete(baseUrl));
        return current;
      });
      return state.keyStatus();
    },

    async startSandbox({ photos }) {
      refuseSandbox(state.policy);
      // The photos first: the service comes up with its sample folder already there to show.
      const made = await state.use(() =>
        ensureSampleFolder(state.dataDir, photos ?? DEFAULT_SAMPLE_PHOTOS, samples),
      );
      await state.change((current) => ({ ...current, useSandbox: true }));
      const service = state.service();
      if (service.kind !== 'sandbox' || service.baseUrl === null) {
        throw new AppError(
          'unavailable',
          service.problem ?? replyMessage('sandboxDidNotStart', {}),
        );
      }
      return { baseUrl: service.baseUrl, sampleFolder: made.folder, photos: made.photos };
    },

    async validateConnection({ baseUrl, apiKey, save }) {
      const address = checkBaseUrl(baseUrl);
      if (save === true)
        refuseLockedChange(state.policy, 'serviceUrl', state.settings.baseUrl, address);
      if (apiKey !== undefined) state.sawSecret(apiKey.trim());
      const key = apiKey?.trim() ?? (await storing(() => state.secrets.store.get(address)));
      if (!key) {
        throw new AppError('not_configured', replyMessage('noKeyStored', { address }));
      }
      const info = await checkConnection(address, key, state.network);
      if (!save) return { ...info, saved: false };
      await state.change(async (current) => {
        if (apiKey !== undefined) await storing(() => state.secrets.store.set(address, key));
        return { ...current, baseUrl: address, useSandbox: false };
      });
      return { ...info, saved: true };
    },
  };
}
