// Where the API key is kept and why the OS keychain cannot be used, in English: the log and the
// CLI's words for the key-storage codes of common/engine-messages.ts (the window words the same
// codes from its catalogue, renderer/lib/engine-words.ts).
import { fillFrom } from './fill-template';

/** Why the keychain cannot be used: the codes main/secrets/keychain.ts and secret-choice.ts give. */
export interface KeychainProblem {
  /** 'missing' module, 'module' failed to load, 'service' not answering, 'timeout', 'other'. */
  readonly keychain: string;
  /** process.platform, which names the keychain. */
  readonly platform: string;
  /** The time a keychain had to answer ('timeout'). */
  readonly seconds: number;
  /** The system's own words ('other'); '' when there are none. */
  readonly detail: string;
}

/**
 * The English, one template per sentence (`{name}` and the like are filled in); a const object as
 * the job messages' templates are, so a test can rename one and see the window unchanged.
 */
export const KEY_STORAGE_ENGLISH = {
  nameDarwin: 'macOS Keychain',
  nameWin32: 'Windows Credential Manager',
  nameLinux: 'Secret Service keyring',
  missingLinux:
    'MeterDesk has no OS keychain module on this machine: keytar was left out when it was installed, because building it needs the libsecret development files (Debian/Ubuntu: sudo apt install libsecret-1-dev, then npm ci again).',
  missing:
    'MeterDesk has no OS keychain module on this machine, so it cannot use the {name}: keytar was left out when it was installed. Reinstalling MeterDesk usually fixes this.',
  module:
    'MeterDesk cannot use the {name}: its keychain component failed to load. Reinstalling MeterDesk usually fixes this.',
  serviceDarwin:
    'MeterDesk cannot use the macOS Keychain. Unlock your login keychain, allow MeterDesk to access it, and try again.',
  serviceWin32:
    'MeterDesk cannot use Windows Credential Manager. Sign in to Windows with your own account and try again.',
  serviceLinux:
    'MeterDesk cannot reach the system keyring to store the API key. It needs a running keyring service such as GNOME Keyring or KWallet (the "Secret Service", reached over D-Bus), which is normally part of a desktop session. Start or unlock your keyring and try again.',
  timeout: 'The {name} did not answer within {seconds} s.',
  other: 'MeterDesk cannot use the {name}.',
  sessionWeak:
    'The fallback (Electron safeStorage) would only hide the key behind a built-in password ("{backend}"), so MeterDesk does not use it.',
  sessionUnavailable: 'The fallback encryption (Electron safeStorage) is not available either.',
  sessionNone: 'There is no other safe place for the key on this machine.',
  inEncryptedFile:
    '{problem} MeterDesk keeps the API key in an encrypted file protected by {backend} instead.',
  forSessionOnly:
    '{problem} {why} The API key is kept only until MeterDesk closes; you will be asked for it again next time.',
  placeEncryptedFile: 'an encrypted file protected by {backend}',
  placeMemory: 'memory, until MeterDesk closes',
};

type Template = keyof typeof KEY_STORAGE_ENGLISH;

/** One template with its values filled in. */
export function keyStorageText(
  template: Template,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fillFrom(KEY_STORAGE_ENGLISH[template], values);
}

/** The keychain's name on a platform. */
export function keychainName(platform: string): string {
  if (platform === 'darwin') return keyStorageText('nameDarwin');
  if (platform === 'win32') return keyStorageText('nameWin32');
  return keyStorageText('nameLinux');
}

/** Which sentence says a keychain problem; the window's catalogue has the same keys (keychain.*). */
export type KeychainSentence =
  | 'missingLinux'
  | 'missing'
  | 'module'
  | 'serviceDarwin'
  | 'serviceWin32'
  | 'serviceLinux'
  | 'timeout'
  | 'other';

export function keychainSentence(
  p: Pick<KeychainProblem, 'keychain' | 'platform'>,
): KeychainSentence {
  const platform = p.platform === 'darwin' ? 'Darwin' : p.platform === 'win32' ? 'Win32' : 'Linux';
  if (p.keychain === 'missing') return p.platform === 'linux' ? 'missingLinux' : 'missing';
  if (p.keychain === 'service') return `service${platform}`;
  return p.keychain === 'module' || p.keychain === 'timeout' ? p.keychain : 'other';
}

/** Why the keychain cannot be used, in a sentence a person can act on. */
export function keychainProblemEnglish(p: KeychainProblem): string {
  const sentence = keychainSentence(p);
  if (sentence === 'other' && p.detail !== '') return p.detail;
  return keyStorageText(sentence, { name: keychainName(p.platform), seconds: p.seconds });
}

/** Why no safe place but memory is left (keyForSessionOnly's `why`). */
export function sessionWhyEnglish(why: string, backend: string): string {
  if (why === 'weak') return keyStorageText('sessionWeak', { backend });
  return why === 'unavailable'
    ? keyStorageText('sessionUnavailable')
    : keyStorageText('sessionNone');
}
