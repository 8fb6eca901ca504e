// The API keys the backend holds: the service's (read from the secret store at each start) and the
// built-in sandbox's (made once and kept), and every key seen, so text leaving the process can be
// scrubbed of them.
import type { KeyStatus } from '../../common/ipc/views';
import { createRedactor } from '../api/redact';
import { keyHint } from '../secrets/keychain';
import { newSandboxKey, SANDBOX_KEY_URL } from './sandbox-service';
import type { ChosenSecrets } from './secret-choice';
import { describe } from './start-problems';

export class BackendKeys {
  /** The service's key while its engine runs; null without a service or key. */
  apiKey: string | null = null;
  private sandboxKey: string | null = null;
  private readonly seen = new Set<string>();

  constructor(
    private readonly secrets: ChosenSecrets,
    private readonly log: (line: string) => void,
  ) {}

  /** Remembers a key for scrubbing (see redact). */
  sawSecret(key: string): void {
    if (key.length >= 4) this.seen.add(key);
  }

  redact(text: string): string {
    return createRedactor([...this.seen])(text);
  }

  status(sandbox: boolean): KeyStatus {
    const key = sandbox ? this.sandboxKey : this.apiKey;
    const { kind, place, warning } = this.secrets;
    return {
      isSet: key !== null,
      hint: key === null ? '' : keyHint(key),
      backend: { kind, place, warning },
    };
  }

  /** The sandbox's key: the stored one, or a new one stored for next time when it can be. */
  async sandbox(): Promise<string> {
    if (this.sandboxKey) return this.sandboxKey;
    let key: string | null = null;
    try {
      key = await this.secrets.store.get(SANDBOX_KEY_URL);
    } catch (error) {
      this.log(`sandbox key not readable, using a new one: ${describe(error)}`);
    }
    if (key === null) {
      key = newSandboxKey();
      await this.secrets.store.set(SANDBOX_KEY_URL, key).catch((error: unknown) => {
        this.log(`sandbox key kept for this session only: ${describe(error)}`);
      });
    }
    this.sandboxKey = key;
    this.sawSecret(key);
    return key;
  }
}
