import { KeychainSecretStore } from '../../../main/secrets/keychain';

/**
 * What a keychain read through the store answers with the keytar addon this process selected: the
 * stored value (null: none), or the reason it failed. A loaded addon answers null, or 'service'
 * where no keyring daemon runs; 'missing' or 'module' mean the addon itself did not load.
 */
export function keytarAnswer(service: string): Promise<string | null> {
  return new KeychainSecretStore({ service })
    .get(`https://${service.toLowerCase()}.meterdesk.invalid`)
    .then(
      (value) => value,
      (error: unknown) => (error as { reason: string }).reason,
    );
}
