// `npm start` (scripts/start.js): without Electron's binary, one clear line pointing to the demo and
// no download attempt; with one, the native modules for that Electron are checked (and rebuilt when
// stale, scripts/prepare-natives.ts) and the app is started from the built tree.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The stand-in Electron is a #!/bin/sh script, which Windows cannot start. */
const NO_SHELL_SCRIPTS =
  process.platform === 'win32'
    ? 'the stand-in Electron is a #!/bin/sh script; on Windows CI starts the real app instead'
    : null;
if (NO_SHELL_SCRIPTS !== null) console.warn(`[start] stand-in tests skipped: ${NO_SHELL_SCRIPTS}`);

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

  /** A fake Electron that records how it was started, and an app folder built for it. */
  function fakeApp(name: string, natives: 'current' | 'stale') {
    const electronDir = join(t.dir, `${name}-electron`);
    mkdirSync(electronDir);
    const record = join(t.dir, `${name}-started.txt`);
    writeFileSync(
      join(electronDir, 'electron'),
      `#!/bin/sh\necho "$PWD $*" > '${record}'\nexit 7\n`,
    );
    chmodSync(join(electronDir, 'electron'), 0o755);
    const built = join(t.dir, name);
    mkdirSync(join(built, 'dist', 'main'), { recursive: true });
    writeFileSync(join(built, 'dist', 'main', 'electron-main.js'), '');
    const pkg = (module: string, version: string): void => {
      mkdirSync(join(built, 'node_modules', module), { recursive: true });
      writeFileSync(
        join(built, 'node_modules', module, 'package.json'),
        JSON.stringify({ version }),
      );
    };
    pkg('electron', '45.4.1');
    // keytar not installed (optional): the stamp says so and nothing is rebuilt for it.
    if (natives === 'current') pkg('better-sqlite3', '12.11.1');
    mkdirSync(join(built, 'electron-natives'));
    writeFileSync(join(built, 'electron-natives', 'better_sqlite3.node'), '');
    writeFileSync(
      join(built, 'electron-natives', 'stamp.json'),
      JSON.stringify({
        runtime: 'electron',
        version: '45.4.1',
        abi: '150',
        platform: process.platform,
        arch: process.arch,
        modules: {
          'better-sqlite3': { version: '12.11.1', file: 'better_sqlite3.node' },
          keytar: { version: null, missing: 'keytar is not installed (npm left it out)' },
        },
      }),
    );
    return { built, record, env: { ELECTRON_OVERRIDE_DIST_PATH: electronDir } };
  }

  it.skipIf(NO_SHELL_SCRIPTS !== null)(
    'starts the built app with the Electron binary it finds, its native modules current',
    () => {
      const app = fakeApp('app', 'current');
      const run = start(app.built, app.env);
      expect(run.stdout).toContain('Native modules for electron 45.4.1 are up to date');
      expect(run.status).toBe(7);
      expect(readFileSync(app.record, 'utf8').trim()).toBe(`${app.built} . --flag`);
    },
  );

  it.skipIf(NO_SHELL_SCRIPTS !== null)(
    'does not open a window on native modules it could not build for Electron',
    () => {
      const app = fakeApp('stale', 'stale');
      const run = start(app.built, app.env);
      expect(run.status).not.toBe(0);
      expect(run.stdout).toContain('Building the native modules for electron 45.4.1');
      expect(run.stderr).toContain('better-sqlite3 is not installed: run npm ci first');
      expect(run.stderr).toContain('could not be built for Electron');
      expect(existsSync(app.record)).toBe(false);
    },
  );
});
