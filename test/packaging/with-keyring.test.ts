// npm test's wrapper on every system: a throwaway keyring through bash on Linux only; macOS and
// Windows run the command as it is (on Windows runners `bash` may be WSL's stub). And which
// signals a test may expect a child to handle there.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script, typed by its JSDoc
import { keyringLaunch } from '../../scripts/with-keyring.js';
import { handlesSignal } from '../helpers/os-signals';
import { ROOT } from '../shell/helpers/build';

type Launch = (
  platform: NodeJS.Platform,
  command: readonly string[],
) => { file: string; args: string[]; shell: boolean };
const launch = keyringLaunch as Launch;

describe('the keyring wrapper', () => {
  it('uses bash only on Linux', () => {
    expect(launch('linux', ['vitest', 'run'])).toEqual({
      file: 'bash',
      args: [join(ROOT, 'scripts', 'with-keyring.sh'), 'vitest', 'run'],
      shell: false,
    });
    expect(launch('darwin', ['vitest', 'run', '--project', 'fast'])).toEqual({
      file: 'vitest',
      args: ['run', '--project', 'fast'],
      shell: false,
    });
    // npm's commands are .cmd files on Windows: through the shell, with spaces quoted.
    expect(launch('win32', ['vitest', 'run', 'test/a b.test.ts'])).toEqual({
      file: 'vitest',
      args: ['run', '"test/a b.test.ts"'],
      shell: true,
    });
  });

  it('runs the command here and passes on its exit status', () => {
    const run = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts', 'with-keyring.js'), process.execPath, '-e', 'process.exit(7)'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(7);
  });
});

describe('signals a child can handle', () => {
  it('has none on Windows, SIGUSR2 and SIGTERM on Linux and macOS', () => {
    expect(handlesSignal('SIGUSR2', 'win32')).toBe(false);
    expect(handlesSignal('SIGTERM', 'win32')).toBe(false);
    expect(handlesSignal('SIGUSR2', 'linux')).toBe(true);
    expect(handlesSignal('SIGTERM', 'darwin')).toBe(true);
  });
});
