// `npm run package` builds for this machine only: the native modules it ships are this machine's,
// so a build for another architecture or system would not open its queue there.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script, typed by its JSDoc
import { builderRuns, foreignBuild } from '../../scripts/package-args.js';
import { ROOT } from '../shell/helpers/build';

const refusal = foreignBuild as (args: string[], platform: string, arch: string) => string | null;

describe('npm run package', () => {
  it('builds for this machine: no arguments, its own system and architecture', () => {
    expect(refusal([], 'darwin', 'arm64')).toBeNull();
    expect(refusal(['--mac', '--arm64'], 'darwin', 'arm64')).toBeNull();
    expect(refusal(['--linux', 'AppImage', 'deb', '--x64'], 'linux', 'x64')).toBeNull();
    expect(refusal(['--win', '--dir', '-c.npmRebuild=false'], 'win32', 'x64')).toBeNull();
  });

  it('refuses another architecture, in every spelling', () => {
    expect(refusal(['--x64'], 'darwin', 'arm64')).toMatch(/another architecture/);
    expect(refusal(['--universal'], 'darwin', 'arm64')).toMatch(/another architecture/);
    expect(refusal(['--linux', 'AppImage:arm64'], 'linux', 'x64')).toMatch(/another architecture/);
  });

  it('refuses another system', () => {
    expect(refusal(['--win'], 'linux', 'x64')).toMatch(/another system/);
    expect(refusal(['-m'], 'win32', 'x64')).toMatch(/another system/);
  });

  it('stops before building anything, with exit code 2', () => {
    const foreign = process.arch === 'arm64' ? '--x64' : '--arm64';
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'package.js'), foreign], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/another architecture/);
  });
});

describe('the Linux runs', () => {
  const runsOf = builderRuns as (args: string[], platform: string) => string[][];

  it('builds the AppImage and then the deb in runs of their own, so only the deb says deb', () => {
    expect(runsOf([], 'linux')).toEqual([
      ['--linux', 'AppImage'],
      ['--linux', 'deb'],
    ]);
    expect(runsOf(['--linux', 'deb', 'AppImage', '--x64'], 'linux')).toEqual([
      ['--x64', '--linux', 'AppImage'],
      ['--x64', '--linux', 'deb'],
    ]);
  });

  it('leaves one target, other targets and other systems as they are', () => {
    expect(runsOf(['--linux', 'dir'], 'linux')).toEqual([['--linux', 'dir']]);
    expect(runsOf(['--linux', 'deb'], 'linux')).toEqual([['--linux', 'deb']]);
    expect(runsOf(['--mac', '--arm64'], 'darwin')).toEqual([['--mac', '--arm64']]);
    expect(runsOf([], 'win32')).toEqual([[]]);
  });
});
