import { API_KEY_PROBLEMS, checkApiKey } from '../../common/api-key';
import { accountForBaseUrl } from '../secrets/keychain';
import type { SecretStore } from '../secrets/secret-store';

/**
 * The last resort when nothing can keep the key safely on disk: it lives in this process's memory
 * until MeterDesk closes, and the window says so. Better than refusing to work, and better than the
 * plain-text "basic_text" store Electron would otherwise use on a Linux desktop without a keyring.
 */
export class SessionSecretStore implements SecretStore {
  private readonly keys = new Map<string, string>();

  get(baseUrl: string): Promise<string | null> {
    return Promise.resolve(this.keys.get(accountForBaseUrl(baseUrl)) ?? null);
  }

  set(baseUrl: string, key: string): Promise<void> {
    const checked = checkApiKey(key);
    if (!checked.ok) return Promise.reject(new TypeError(API_KEY_PROBLEMS[checked.problem]));
    this.keys.set(accountForBaseUrl(baseUrl), checked.key);
    return Promise.resolve();
  }

  delete(baseUrl: string): Promise<boolean> {
    return Promise.resolve(this.keys.delete(accountForBaseUrl(baseUrl)));
  }

  describe(): string {
    return 'memory, until MeterDesk closes';
  }
}
