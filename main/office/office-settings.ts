// The window's Office settings: kept in office.json beside settings.json, through the same JSON
// file helper (a file of its own because settings.json is written whole from AppSettings, which
// would drop a key it does not know). Never the password: that is in the same secret store as the
// API key (keychain, else its fallbacks), under an account of its own.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { officeSettings, type OfficeSettings } from '../../common/ipc/office-views';
import { readJsonFile, writeJsonFile } from '../config/json-file';
import type { SecretStore } from '../secrets/secret-store';

export function officeSettingsFile(userDataDir: string): string {
  return join(userDataDir, 'office.json');
}

/** The saved settings, or null (no office, or a file that does not hold valid ones). */
export function loadOfficeSettings(file: string): OfficeSettings | null {
  const parsed = officeSettings.safeParse(readJsonFile(file));
  return parsed.success ? parsed.data : null;
}

/** Saves the settings; null says "no office" (the file stays, so a reader sees it was cleared). */
export function saveOfficeSettings(file: string, settings: OfficeSettings | null): void {
  writeJsonFile(file, settings);
}

/**
 * The URL the office store opens (main/office/store), with the password when there is one. It
 * stays inside the backend: messages use redactOfficeUrl. `uselibpqcompat` makes `require` mean
 * what it means to psql (encrypt, do not verify) rather than node-postgres's older reading;
 * `verify-full` checks against the office's CA file when one is set (`sslrootcert`).
 */
export function officeUrlOf(settings: OfficeSettings, password: string | null): string {
  const url = new URL('postgres://placeholder');
  url.hostname = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  url.port = String(settings.port);
  url.pathname = `/${encodeURIComponent(settings.database)}`;
  url.username = encodeURIComponent(settings.user);
  if (password !== null) url.password = encodeURIComponent(password);
  if (settings.sslmode === 'disable') url.searchParams.set('sslmode', 'disable');
  else {
    url.searchParams.set('sslmode', settings.sslmode);
    url.searchParams.set('uselibpqcompat', 'true');
    // Only the check uses the office's CA: `require` with a CA would check the chain too (libpq's
    // verify-ca), which the window does not offer.
    if (settings.sslmode === 'verify-full' && settings.caFile !== undefined) {
      url.searchParams.set('sslrootcert', settings.caFile);
    }
  }
  return url.toString();
}

/**
 * The secret store's account for a password: a role's password belongs to its server, so the
 * account is named by user, host and port (hashed into an address the store accepts). A password
 * saved for one server is thus never sent to another after the address is changed.
 */
export function officePasswordAccount(settings: Pick<OfficeSettings, 'user' | 'host' | 'port'>) {
  const who = `${settings.user}@${settings.host.toLowerCase()}:${String(settings.port)}`;
  const digest = createHash('sha256').update(who).digest('hex').slice(0, 32);
  return `http://pw-${digest}.office.meterdesk.invalid`;
}

/**
 * The stores take API keys (printable ASCII, no spaces); a password may hold any character, so it
 * is kept as base64url of its UTF-8 bytes.
 */
const encode = (password: string): string => Buffer.from(password, 'utf8').toString('base64url');
const decode = (stored: string): string => Buffer.from(stored, 'base64url').toString('utf8');

export class OfficePasswords {
  constructor(private readonly store: SecretStore) {}

  async get(settings: OfficeSettings): Promise<string | null> {
    const stored = await this.store.get(officePasswordAccount(settings));
    return stored === null ? null : decode(stored);
  }

  async isSaved(settings: OfficeSettings): Promise<boolean> {
    return (await this.get(settings)) !== null;
  }

  set(settings: OfficeSettings, password: string): Promise<void> {
    return this.store.set(officePasswordAccount(settings), encode(password));
  }

  delete(settings: OfficeSettings): Promise<boolean> {
    return this.store.delete(officePasswordAccount(settings));
  }
}
