// Where the API key is kept on this machine, decided once at start: the OS keychain through keytar
// (service "MeterDesk", account = the base URL's origin); if that cannot be used, Electron's
// safeStorage, but only when its backend is real (on Linux it silently degrades to "basic_text",
// a hard-coded password, which is refused); otherwise memory for this session. Whatever happened is
// told to the user as a code (ChosenSecrets.warning): English from common/ in the log, the window's
// own words in the window.
import { logMessage, logText, type LogMessage } from '../../common/engine-messages';
import type { KeychainProblem } from '../../common/key-storage-english';
import type { SecretBackendKind } from '../../common/ipc/views';
import { KeychainUnavailableError } from '../secrets/keychain';
import type { SecretStore } from '../secrets/secret-store';
import { EncryptedFileSecretStore, type Encryptor } from './encrypted-file-store';
import type { SafeStorageInfo } from '../../common/ipc/backend-views';
import { SessionSecretStore } from './session-store';

export interface ChosenSecrets {
  readonly store: SecretStore;
  readonly kind: SecretBackendKind;
  /** Where the key is kept (keyPlace*): English from common/ for the log, the window's words. */
  readonly place: LogMessage;
  /** Set when the key is not in the OS keychain: what happened, as a code (English in common/). */
  readonly warning: LogMessage | null;
}

/** The keychain as secret-choice sees it (KeychainSecretStore). */
export interface KeychainLike extends SecretStore {
  check(): Promise<void>;
}

export interface SafeStorageLike extends Encryptor {
  info(): Promise<SafeStorageInfo>;
}

export interface SecretChoiceOptions {
  readonly keychain: KeychainLike;
  /** Electron's safeStorage (through the main process); null where there is none (CLI, tests). */
  readonly safeStorage: SafeStorageLike | null;
  /** Where the encrypted fallback file goes. */
  readonly encryptedFile: string;
  /** A keychain that does not answer within this time counts as unavailable. Default 10 s. */
  readonly checkTimeoutMs?: number;
}

/** Linux backends that are not encryption at rest. */
const FAKE_BACKENDS = new Set(['basic_text', 'unknown']);

async function keychainProblem(
  keychain: KeychainLike,
  timeoutMs: number,
): Promise<KeychainProblem | null> {
  let timer: NodeJS.Timeout | undefined;
  const seconds = timeoutMs / 1000;
  const timeout = new Promise<KeychainProblem>((resolve) => {
    timer = setTimeout(() => {
      resolve({ keychain: 'timeout', platform: process.platform, seconds, detail: '' });
    }, timeoutMs);
  });
  try {
    return await Promise.race([keychain.check().then(() => null), timeout]);
  } catch (error) {
    if (error instanceof KeychainUnavailableError) {
      return { keychain: error.reason, platform: error.platform, seconds, detail: '' };
    }
    const detail = error instanceof Error ? error.message : String(error);
    return { keychain: 'other', platform: process.platform, seconds, detail };
  } finally {
    clearTimeout(timer);
  }
}

export async function chooseSecretStore(options: SecretChoiceOptions): Promise<ChosenSecrets> {
  const { keychain, safeStorage } = options;
  const problem = await keychainProblem(keychain, options.checkTimeoutMs ?? 10_000);
  if (problem === null) {
    return {
      store: keychain,
      kind: 'keychain',
      place: logMessage('keyPlaceKeychain', { platform: process.platform }),
      warning: null,
    };
  }
  const info = safeStorage ? await safeStorage.info().catch(() => null) : null;
  if (safeStorage && info?.available && !FAKE_BACKENDS.has(info.backend)) {
    const place = logMessage('keyPlaceEncryptedFile', { backend: info.backend });
    return {
      store: new EncryptedFileSecretStore(options.encryptedFile, safeStorage, logText(place)),
      kind: 'encrypted_file',
      place,
      warning: logMessage('keyInEncryptedFile', { ...problem, backend: info.backend }),
    };
  }
  return {
    store: new SessionSecretStore(),
    kind: 'session_only',
    place: logMessage('keyPlaceMemory', {}),
    warning: logMessage('keyForSessionOnly', {
      ...problem,
      why: !info ? 'none' : !info.available ? 'unavailable' : 'weak',
      backend: info?.backend ?? '',
    }),
  };
}
