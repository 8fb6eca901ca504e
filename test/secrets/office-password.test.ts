// The office database's password in the real keychain (keytar, a Secret Service started by
// scripts/with-keyring.sh), the way the API key is kept: under the MeterDesk service with an account
// of its own per user and server, so it never lands beside an API key, is never sent to another
// server after the address changes, and keeps any character a password may hold.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ANNA_OFFICE } from '../office/anna-office';
import {
  loadOfficeSettings,
  officePasswordAccount,
  OfficePasswords,
  officeSettingsFile,
  saveOfficeSettings,
} from '../../main/office/office-settings';
import { KeychainSecretStore, KeychainUnavailableError } from '../../main/secrets/keychain';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REQUIRED = process.env.METER_DESK_REQUIRE_KEYRING === '1';
const SERVICE = `MeterDesk-office-test-${process.pid.toString()}-${randomBytes(4).toString('hex')}`;
const store = new KeychainSecretStore({ service: SERVICE });

const ANNA = ANNA_OFFICE;
const PASSWORD = 'Grüne Wiese 7 "§$%&" ';

async function keychainProblem(): Promise<string | null> {
  try {
    await store.check();
    return null;
  } catch (error) {
    if (error instanceof KeychainUnavailableError) return `${error.detail} (${error.reason})`;
    throw error;
  }
}
const problem = await keychainProblem();
if (problem !== null && !REQUIRED) {
  console.warn(`Skipping the office password in the keychain: ${problem}`);
}

describe.skipIf(problem !== null && !REQUIRED)('the office password in the keychain', () => {
  const passwords = new OfficePasswords(store);
  const other = { ...ANNA, host: 'db.elsewhere.example' };

  afterAll(async () => {
    for (const settings of [ANNA, other]) await passwords.delete(settings);
  });

  it('keeps any password under its own account, apart from the API key', async () => {
    await store.set('https://api.meterdesk.invalid', 'sk_api_key_0001');
    expect(await passwords.isSaved(ANNA)).toBe(false);
    await passwords.set(ANNA, PASSWORD);
    expect(await passwords.get(ANNA)).toBe(PASSWORD);
    // The API key is untouched; the password's entry is the MeterDesk service's, own account.
    expect(await store.get('https://api.meterdesk.invalid')).toBe('sk_api_key_0001');
    expect(await store.get(officePasswordAccount(ANNA))).not.toBeNull();
    expect(await store.delete('https://api.meterdesk.invalid')).toBe(true);
  });

  it('gives the password only to the server and user it was saved for', async () => {
    await passwords.set(ANNA, PASSWORD);
    expect(await passwords.get(other)).toBeNull();
    expect(await passwords.get({ ...ANNA, user: 'desk_ben' })).toBeNull();
    expect(await passwords.get({ ...ANNA, port: 5433 })).toBeNull();
    // Database, desk name and sslmode are not part of whose password it is.
    expect(await passwords.get({ ...ANNA, database: 'other', desk: 'x', sslmode: 'require' })).toBe(
      PASSWORD,
    );
    expect(await passwords.delete(ANNA)).toBe(true);
    expect(await passwords.isSaved(ANNA)).toBe(false);
  });
});

describe('the office settings file', () => {
  it('keeps the settings, never the password, and reads a broken file as no office', () => {
    const dir = mkdtempSync(join(tmpdir(), 'office-settings-'));
    try {
      const file = officeSettingsFile(dir);
      expect(loadOfficeSettings(file)).toBeNull();
      saveOfficeSettings(file, ANNA);
      expect(loadOfficeSettings(file)).toEqual(ANNA);
      expect(readFileSync(file, 'utf8')).not.toMatch(/password/i);
      saveOfficeSettings(file, null);
      expect(loadOfficeSettings(file)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
