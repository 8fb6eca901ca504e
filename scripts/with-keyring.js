// `node scripts/with-keyring.js COMMAND [ARG...]`: what `npm test` runs its tests under, on every
// system. On Linux the command gets a real, throwaway Secret Service (scripts/with-keyring.sh: a
// private D-Bus session and an unlocked GNOME Keyring in a temporary HOME). macOS and Windows have
// their keychain built in, so the command runs as it is, and bash is never called there: on
// Windows runners `bash` can be WSL's stub, which fails without a Linux installed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * What to run: the command itself, or on Linux the bash wrapper around it. On Windows npm's
 * commands (vitest, npx) are .cmd files, which Node starts only through the shell.
 * @param {NodeJS.Platform} platform
 * @param {readonly string[]} command
 * @returns {{ file: string, args: string[], shell: boolean }}
 */
export function keyringLaunch(platform, command) {
  if (platform === 'linux') {
    return { file: 'bash', args: [join(HERE, 'with-keyring.sh'), ...command], shell: false };
  }
  const [file = '', ...args] = command;
  if (platform === 'win32') {
    return {
      file,
      args: args.map((arg) => (/[\s"&|<>^]/.test(arg) ? `"${arg}"` : arg)),
      shell: true,
    };
  }
  return { file, args, shell: false };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.error('usage: node scripts/with-keyring.js COMMAND [ARG...]');
    process.exit(2);
  }
  const { file, args, shell } = keyringLaunch(process.platform, command);
  const result = spawnSync(file, args, { stdio: 'inherit', shell });
  if (result.error) {
    console.error(`with-keyring: could not start ${file}: ${result.error.message}`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}
