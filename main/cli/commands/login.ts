import { parseArgs } from 'node:util';
import { API_KEY_PROBLEMS, checkApiKey } from '../../../common/api-key';
import { keyHint, KeychainSecretStore } from '../../secrets/keychain';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { baseUrlFrom, withoutKeychain } from '../service';

function target(argv: string[], io: CliIo): string {
  const { values } = parseArgs({ args: argv, options: { 'base-url': { type: 'string' } } });
  const baseUrl = baseUrlFrom(values['base-url'], io);
  if (!baseUrl)
    throw new UsageError('Which service? Pass --base-url URL or set METER_DESK_BASE_URL.');
  return baseUrl;
}

/** Stores the key from standard input (never argv, which other users can see) in the OS keychain. */
export async function loginCommand(argv: string[], io: CliIo): Promise<number> {
  const baseUrl = target(argv, io);
  if (io.isTty) io.err(`Paste the API key for ${baseUrl} and press Enter, then Ctrl-D:\n`);
  const checked = checkApiKey(await io.readStdin());
  if (!checked.ok) {
    throw new UsageError(
      checked.problem === 'empty' ? 'No key on standard input.' : API_KEY_PROBLEMS[checked.problem],
    );
  }
  const key = checked.key;
  await new KeychainSecretStore().set(baseUrl, key).catch((err: unknown) => {
    throw withoutKeychain(err);
  });
  io.out(`Saved in the system keychain for ${baseUrl} (ends in ${keyHint(key)}).\n`);
  return EXIT.ok;
}

export async function logoutCommand(argv: string[], io: CliIo): Promise<number> {
  const baseUrl = target(argv, io);
  const removed = await new KeychainSecretStore().delete(baseUrl).catch((err: unknown) => {
    throw withoutKeychain(err);
  });
  io.out(
    removed
      ? `Removed the key for ${baseUrl} from the system keychain.\n`
      : `No key was stored for ${baseUrl}.\n`,
  );
  return EXIT.ok;
}
