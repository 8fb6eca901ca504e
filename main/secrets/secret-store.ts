// Where the API key lives between runs. The key is a bearer credential for the user's account:
// implementations never log it, and callers show at most keyHint() of it.

/** Per-service API keys, keyed by the service's base URL. */
export interface SecretStore {
  /** The stored key for this service, or null when there is none. */
  get(baseUrl: string): Promise<string | null>;
  /** Stores or replaces the key for this service. */
  set(baseUrl: string, key: string): Promise<void>;
  /** Removes the key; true when there was one. */
  delete(baseUrl: string): Promise<boolean>;
  /** The backend's name for messages, e.g. "macOS Keychain". Never includes a key. */
  describe(): string;
}

/** Keys shorter than this get no hint: four characters would give away too much of them. */
const MIN_HINTABLE_LENGTH = 8;

/**
 * The last four characters of a key, for UI text like "ends in 1234"; empty for keys too short to
 * hint at safely. The only form in which a key may appear in logs, messages or the renderer.
 */
export function keyHint(key: string): string {
  const chars = Array.from(key.trim());
  return chars.length < MIN_HINTABLE_LENGTH ? '' : chars.slice(-4).join('');
}
