// Where the API key is kept on this machine, decided once at start: the OS keychain through keytar
// (service "MeterDesk", account = the base URL's origin); if that cannot be used, Electron's
// safeStorage, but only when its backend is real (on Linux it silently degrades to "basic_text",
// a hard-coded password, which is refused); otherwise memory for this session. Whatever happened is
// told to the user in plain words (ChosenSecrets.warning).
import { engineMessage, type EngineMessage } from '../../common/engine-messages';
import type { SecretBackendKind } from '../../common/ipc/views';
import { KeychainUnavailableError, type KeychainUnavailableReason } from '../secrets/keychain';
import type { SecretStore } from '../secrets/secret-store';
import { EncryptedFileSecretStore, type Encryptor } from './encrypted-file-store';
import type { SafeStorageInfo } from '../../common/ipc/backend-views';
import { SessionSecretStore } from './session-store';

export interface ChosenSecrets {
  readonly store: SecretStore;
  readonly kind: SecretBackendKind;
  readonly description: string;
  /** The description's code, which the window words in its language. */
  readonly place: EngineMessage;
  readonly warning: string | null;
  /** The warning's code, which the window words in its language. */
  readonly warningMessage: EngineMessage | null;
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

/** Why the keychain cannot be used: in English, and as the codes the window words it by. */
interface KeychainProblem {
  readonly text: string;
  readonly keychain: KeychainUnavailableReason | 'timeout' | 'other';
  readonly platform: string;
  readonly seconds: number;
}

async function keychainProblem(
  keychain: KeychainLike,
  timeoutMs: number,
): Promise<KeychainProblem | null> {
  let timer: NodeJS.Timeout | undefined;
  const seconds = timeoutMs / 1000;
  const timeout = new Promise<KeychainProblem>((resolve) => {
    timer = setTimeout(() => {
      resolve({
        text: `The ${keychain.describe()} did not answer within ${String(seconds)} s.`,
        keychain: 'timeout',
        platform: process.platform,
        seconds,
      });
    }, timeoutMs);
  });
  try {
    return await Promise.race([keychain.check().then(() => null), timeout]);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return error instanceof KeychainUnavailableError
      ? { text, keychain: error.reason, platform: error.platform, seconds }
      : { text, keychain: 'other', platform: process.platform, seconds };
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
      description: keychain.describe(),
      place: engineMessage('keyPlaceKeychain', { platform: process.platform }),
      warning: null,
      warningMessage: null,
    };
  }
  const info = safeStorage ? await safeStorage.info().catch(() => null) : null;
  if (safeStorage && info?.available && !FAKE_BACKENDS.has(info.backend)) {
    const description = `an encrypted file protected by ${info.backend}`;
    return {
      store: new EncryptedFileSecretStore(options.encryptedFile, safeStorage, description),
      kind: 'encrypted_file',
      description,
      place: engineMessage('keyPlaceEncryptedFile', { backend: info.backend }),
      warning: `${problem.text} MeterDesk keeps the API key in ${description} instead.`,
      warningMessage: engineMessage('keyInEncryptedFile', {
        keychain: problem.keychain,
        platform: problem.platform,
        seconds: problem.seconds,
        backend: info.backend,
      }),
    };
  }
  const why = !info
    ? 'There is no other safe place for the key on this machine.'
    : !info.available
      ? 'The fallback encryption (Electron safeStorage) is not available either.'
      : `The fallback (Electron safeStorage) would only hide the key behind a built-in password ("${info.backend}"), so MeterDesk does not use it.`;
  return {
    store: new SessionSecretStore(),
    kind: 'session_only',
    description: 'memory, until MeterDesk closes',
    place: engineMessage('keyPlaceMemory', {}),
    warning:
      `${problem.text} ${why} ` +
      'The API key is kept only until MeterDesk closes; you will be asked for it again next time.',
    warningMessage: engineMessage('keyForSessionOnly', {
      keychain: problem.keychain,
      platform: problem.platform,
      seconds: problem.seconds,
      why: !info ? 'none' : !info.available ? 'unavailable' : 'weak',
      backend: info?.backend ?? '',
    }),
  };
}
