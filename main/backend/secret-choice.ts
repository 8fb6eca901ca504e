// Where the API key is kept on this machine, decided once at start: the OS keychain through keytar
// (service "MeterDesk", account = the base URL's origin); if that cannot be used, Electron's
// safeStorage, but only when its backend is real (on Linux it silently degrades to "basic_text",
// a hard-coded password, which is refused); otherwise memory for this session. Whatever happened is
// told to the user in plain words (ChosenSecrets.warning).
import type { SecretBackendKind } from '../../common/ipc/views';
import type { SecretStore } from '../secrets/secret-store';
import { EncryptedFileSecretStore, type Encryptor } from './encrypted-file-store';
import type { SafeStorageInfo } from '../../common/ipc/backend-views';
import { SessionSecretStore } from './session-store';

export interface ChosenSecrets {
  readonly store: SecretStore;
  readonly kind: SecretBackendKind;
  readonly description: string;
  readonly warning: string | null;
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

async function keychainProblem(keychain: KeychainLike, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      resolve(`The ${keychain.describe()} did not answer within ${String(timeoutMs / 1000)} s.`);
    }, timeoutMs);
  });
  try {
    return await Promise.race([keychain.check().then(() => null), timeout]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

export async function chooseSecretStore(options: SecretChoiceOptions): Promise<ChosenSecrets> {
  const { keychain, safeStorage } = options;
  const problem = await keychainProblem(keychain, options.checkTimeoutMs ?? 10_000);
  if (problem === null) {
    return { store: keychain, kind: 'keychain', description: keychain.describe(), warning: null };
  }
  const info = safeStorage ? await safeStorage.info().catch(() => null) : null;
  if (safeStorage && info?.available && !FAKE_BACKENDS.has(info.backend)) {
    const description = `an encrypted file protected by ${info.backend}`;
    return {
      store: new EncryptedFileSecretStore(options.encryptedFile, safeStorage, description),
      kind: 'encrypted_file',
      description,
      warning: `${problem} MeterDesk keeps the API key in ${description} instead.`,
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
    warning:
      `${problem} ${why} ` +
      'The API key is kept only until MeterDesk closes; you will be asked for it again next time.',
  };
}
