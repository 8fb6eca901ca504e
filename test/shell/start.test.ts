// `npm start` (scripts/start.js): without Electron's binary, one clear line pointing to the demo and
// no download attempt; with one, the app is started from the built tree.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { ROOT } from './helpers/build';

const t = tempDir('meterdesk-start-');
afterAll(() => {
  t.cleanup();
});

function start(cwd: string, env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts', 'start.js'), '--flag'], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm start', () => {
  it('says in one line that there is no Electron binary, and points to npm run demo', () => {
    const run = start(ROOT, { ELECTRON_OVERRIDE_DIST_PATH: join(t.dir, 'no-such-electron') });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('no Electron binary');
    expect(lines[0]).toContain('npm run demo');
    expect(run.stderr).not.toMatch(/Downloading/);
  });

  it('starts the built app with the Electron binary it finds', () => {
    const electronDir = join(t.dir, 'electron');
    mkdirSync(electronDir);
    const record = join(t.dir, 'started.txt');
    writeFileSync(
      join(electronDir, 'electron'),
      `#!/bin/sh\necho "$PWD $*" > '${record}'\nexit 7\n`,
    );
    chmodSync(join(electronDir, 'electron'), 0o755);
    const built = join(t.dir, 'app');
    mkdirSync(join(built, 'dist', 'main'), { recursive: true });
    writeFileSync(join(built, 'dist', 'main', 'electron-main.js'), '');
    const run = start(built, { ELECTRON_OVERRIDE_DIST_PATH: electronDir });
    expect(run.status).toBe(7);
    expect(readFileSync(record, 'utf8').trim()).toBe(`${built} . --flag`);
  });
});
