// The fallback for when the OS keychain cannot be used: the key encrypted by Electron's safeStorage
// (whose own key lives in the keychain of macOS, DPAPI on Windows, or a real Linux secret service),
// written to a file readable by the user alone. Only used when secret-choice.ts found safeStorage
// backed by something real.
import { join } from 'node:path';
import { z } from 'zod';
import { apiKeyOrThrow } from '../../common/api-key';
import { accountForBaseUrl } from '../secrets/keychain';
import type { SecretStore } from '../secrets/secret-store';
import { readJsonFile, writeJsonFile } from '../config/json-file';

/** What safeStorage does, seen from here (base64 of the ciphertext). */
export interface Encryptor {
  encryptString(plain: string): Promise<string>;
  decryptString(base64: string): Promise<string>;
}

const fileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.string()),
});

export function encryptedSecretsFile(userDataDir: string): string {
  return join(userDataDir, 'api-keys.encrypted.json');
}

export class EncryptedFileSecretStore implements SecretStore {
  constructor(
    private readonly file: string,
    private readonly encryptor: Encryptor,
    private readonly label: string,
  ) {}

  private entries(): Record<string, string> {
    const parsed = fileSchema.safeParse(readJsonFile(this.file));
    return parsed.success ? { ...parsed.data.entries } : {};
  }

  private write(entries: Record<string, string>): void {
    writeJsonFile(this.file, { version: 1, entries }, 0o600);
  }

  async get(baseUrl: string): Promise<string | null> {
    const sealed = this.entries()[accountForBaseUrl(baseUrl)];
    if (sealed === undefined) return null;
    const key = await this.encryptor.decryptString(sealed);
    return key === '' ? null : key;
  }

  async set(baseUrl: string, key: string): Promise<void> {
    const account = accountForBaseUrl(baseUrl);
    const value = apiKeyOrThrow(key);
    const entries = this.entries();
    entries[account] = await this.encryptor.encryptString(value);
    this.write(entries);
  }

  delete(baseUrl: string): Promise<boolean> {
    const account = accountForBaseUrl(baseUrl);
    const entries = this.entries();
    if (!(account in entries)) return Promise.resolve(false);
    const rest = Object.fromEntries(Object.entries(entries).filter(([name]) => name !== account));
    this.write(rest);
    return Promise.resolve(true);
  }

  describe(): string {
    return this.label;
  }
}
