// The API key in the operating system's keychain (macOS Keychain, Windows Credential Manager,
// Secret Service on Linux) through keytar. keytar is a native module and the Linux keychain needs a
// D-Bus session with a keyring daemon: either can be missing, so keytar is loaded on first use and
// every failure becomes a KeychainUnavailableError whose message a user can act on. keytar is an
// optional dependency: where it could not be built (a Linux machine without the libsecret headers)
// npm leaves it out, and the app (safeStorage) and the CLI (METER_DESK_API_KEY) do without it.

import { createRequire } from 'node:module';
import { apiKeyOrThrow } from '../../common/api-key';
import { logMessage, logText, type LogMessage } from '../../common/engine-messages';
import { keychainName } from '../../common/key-storage-english';
import type { SecretStore } from './secret-store';

export { keyHint } from './secret-store';

/** The keychain "service" every MeterDesk entry is filed under. */
export const KEYCHAIN_SERVICE = 'MeterDesk';

/**
 * The part of keytar this store uses (injectable for tests). Declared here rather than taken from
 * keytar's types, which are absent where the optional module was not installed.
 */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** 'missing': no keychain module installed; 'module': it failed to load; 'service': no keychain. */
export type KeychainUnavailableReason = 'missing' | 'module' | 'service';

/**
 * The keychain cannot be used on this machine right now: `said` is why, as a code the window words
 * (keychainUnavailable); the message is its English from common/ for the log and the CLI.
 * `detail` is the system's own message.
 */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  readonly reason: KeychainUnavailableReason;
  readonly detail: string;
  readonly said: LogMessage;

  constructor(
    reason: KeychainUnavailableReason,
    readonly platform: NodeJS.Platform,
    cause: unknown,
  ) {
    const said = logMessage('keychainUnavailable', {
      keychain: reason,
      platform,
      seconds: 0,
      detail: '',
    });
    super(logText(said), { cause });
    this.reason = reason;
    this.detail = cause instanceof Error ? cause.message : String(cause);
    this.said = said;
  }
}

/**
 * The keychain account for a base URL: its origin, so that `HTTPS://API.Example.com:443/v1/` and
 * `https://api.example.com` share one key. Throws a TypeError for anything but an http(s) URL; the
 * message does not repeat the input, in case a key was pasted into the wrong field.
 */
export function accountForBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new TypeError('The service address is not a valid URL (expected https://host).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('The service address must start with https:// or http://.');
  }
  return url.origin;
}

/** Thrown by a loader when there is no keychain module to load at all. */
class KeytarMissingError extends Error {
  override readonly name = 'KeytarMissingError';
}

/**
 * Where this process's keytar comes from. undefined: the npm package (plain Node: CLI, tests).
 * A path: that compiled addon (inside Electron, its own build; main/shell/native-bindings.ts).
 * null: none (keytar could not be built for this runtime).
 */
let keytarBinding: string | null | undefined;

export function useKeytarBinding(path: string | null | undefined): void {
  keytarBinding = path;
}

function isNotInstalled(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    error instanceof Error &&
    error.message.includes("'keytar'")
  );
}

/** A variable, not a literal: typechecking must not need keytar, which may not be installed. */
const KEYTAR_PACKAGE = 'keytar';

async function importKeytar(): Promise<KeytarApi> {
  const binding = keytarBinding;
  if (binding === null) throw new KeytarMissingError('keytar was not built for this runtime');
  if (binding !== undefined) {
    // The bare addon has the same promise API as keytar's wrapper, whose argument checks this
    // store does itself.
    return createRequire(binding)(binding) as KeytarApi;
  }
  try {
    // keytar is CommonJS: depending on the loader the API is the namespace or its default export.
    const mod = (await import(KEYTAR_PACKAGE)) as KeytarApi & { default?: KeytarApi };
    return mod.default ?? mod;
  } catch (error) {
    if (isNotInstalled(error)) throw new KeytarMissingError((error as Error).message);
    throw error;
  }
}

export interface KeychainOptions {
  /** Defaults to KEYCHAIN_SERVICE; tests use their own so they never touch real entries. */
  service?: string;
  /** Defaults to importing keytar. */
  load?: () => Promise<KeytarApi>;
  /** For messages; defaults to process.platform. */
  platform?: NodeJS.Platform;
}

export class KeychainSecretStore implements SecretStore {
  readonly service: string;
  private readonly platform: NodeJS.Platform;
  private readonly load: () => Promise<KeytarApi>;
  private keytar: Promise<KeytarApi> | undefined;

  constructor(options: KeychainOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    if (this.service === '') throw new TypeError('The keychain service name is empty.');
    this.platform = options.platform ?? process.platform;
    this.load = options.load ?? importKeytar;
  }

  async get(baseUrl: string): Promise<string | null> {
    const account = accountForBaseUrl(baseUrl);
    const key = await this.call((k) => k.getPassword(this.service, account));
    return key === null || key === '' ? null : key;
  }

  async set(baseUrl: string, key: string): Promise<void> {
    const account = accountForBaseUrl(baseUrl);
    const value = apiKeyOrThrow(key);
    await this.call((k) => k.setPassword(this.service, account, value));
  }

  async delete(baseUrl: string): Promise<boolean> {
    const account = accountForBaseUrl(baseUrl);
    return this.call((k) => k.deletePassword(this.service, account));
  }

  describe(): string {
    return keychainName(this.platform);
  }

  /** Resolves when the keychain answers a read; rejects with KeychainUnavailableError otherwise. */
  async check(): Promise<void> {
    await this.call((k) => k.getPassword(this.service, 'availability-check'));
  }

  private async call<T>(operation: (keytar: KeytarApi) => Promise<T>): Promise<T> {
    this.keytar ??= this.load();
    let keytar: KeytarApi;
    try {
      keytar = await this.keytar;
    } catch (error) {
      const missing = error instanceof KeytarMissingError || isNotInstalled(error);
      throw new KeychainUnavailableError(missing ? 'missing' : 'module', this.platform, error);
    }
    try {
      return await operation(keytar);
    } catch (error) {
      throw new KeychainUnavailableError('service', this.platform, error);
    }
  }
}
