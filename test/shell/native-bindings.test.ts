// Which build of better-sqlite3 and keytar a process loads (main/shell/native-bindings.ts), and
// when the Electron folder must be rebuilt (native-stamp.ts). The stand-in for an Electron folder
// is a folder of npm's own builds (made for this Node) with a stamp saying so: loading from it goes
// through the same nativeBinding option and keytar binding path the utility process uses. The real
// build of such a folder is test/slow/electron-natives.slow.test.ts.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useKeytarBinding, KeychainSecretStore } from '../../main/secrets/keychain';
import {
  nativesDirArg,
  NativeModulesError,
  readNativesDir,
  selectNativeBindings,
  unpackedPath,
  useNativeBindings,
} from '../../main/shell/native-bindings';
import {
  buildMismatch,
  currentRuntime,
  readStamp,
  type NativeStamp,
  type RuntimeId,
} from '../../main/shell/native-stamp';
import { openDatabase, useSqliteBinding } from '../../main/store/db';
import { skipWithoutKeytar } from '../helpers/keytar-build';
import { tempDir } from '../helpers/tmp';
import { ROOT } from './helpers/build';
import { keytarAnswer } from './helpers/keytar-answer';

const t = tempDir('meterdesk-natives-');
afterAll(() => {
  t.cleanup();
});
afterEach(() => {
  // Process-wide choices: back to npm's builds for the next test.
  useSqliteBinding(undefined);
  useKeytarBinding(undefined);
});

const ELECTRON: RuntimeId = {
  runtime: 'electron',
  version: '45.4.1',
  abi: '150',
  platform: 'linux',
  arch: 'x64',
};

function stampFor(id: RuntimeId, keytar: NativeStamp['modules'][string]): NativeStamp {
  return {
    ...id,
    modules: {
      'better-sqlite3': { version: '12.11.1', file: 'better_sqlite3.node' },
      keytar,
    },
  };
}

let folders = 0;
/** A folder with this stamp and (empty or real) build files. */
function folder(stamp: NativeStamp | string | null, files: Record<string, string> = {}): string {
  const dir = join(t.dir, `natives-${String(folders++)}`);
  mkdirSync(dir, { recursive: true });
  if (stamp !== null) {
    writeFileSync(
      join(dir, 'stamp.json'),
      typeof stamp === 'string' ? stamp : JSON.stringify(stamp),
    );
  }
  for (const [name, from] of Object.entries(files)) copyFileSync(from, join(dir, name));
  return dir;
}

const NPM_SQLITE = join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const NPM_KEYTAR = join(ROOT, 'node_modules/keytar/build/Release/keytar.node');
const noKeytar = skipWithoutKeytar("the tests that load npm's keytar build from a natives folder");
const KEYTAR_ENTRY = { version: '7.9.0', file: 'keytar.node' };

describe('selectNativeBindings', () => {
  it("lets plain Node (CLI, tests) use npm's builds in node_modules", () => {
    expect(selectNativeBindings(null, currentRuntime(process.versions))).toEqual({
      kind: 'node-modules',
    });
    expect(currentRuntime({ ...process.versions }).runtime).toBe('node');
  });

  it('knows Electron from process.versions, in main and utility processes alike', () => {
    const id = currentRuntime(
      { ...process.versions, electron: '45.4.1', modules: '150' },
      'win32',
      'arm64',
    );
    expect(id).toEqual({
      runtime: 'electron',
      version: '45.4.1',
      abi: '150',
      platform: 'win32',
      arch: 'arm64',
    });
  });

  it('gives Electron the folder whose stamp matches it exactly', () => {
    const dir = folder(stampFor(ELECTRON, KEYTAR_ENTRY));
    expect(selectNativeBindings(dir, ELECTRON)).toEqual({
      kind: 'folder',
      runtime: 'Electron 45.4.1 (ABI 150)',
      bindings: {
        'better-sqlite3': join(dir, 'better_sqlite3.node'),
        keytar: join(dir, 'keytar.node'),
      },
      notes: [],
    });
  });

  it('goes on without keytar where it could not be built, and says why', () => {
    const dir = folder(
      stampFor(ELECTRON, { version: null, missing: 'keytar is not installed (npm left it out)' }),
    );
    const selection = selectNativeBindings(dir, ELECTRON);
    expect(selection).toMatchObject({ kind: 'folder', bindings: { keytar: null } });
    expect(selection.kind === 'folder' && selection.notes).toEqual([
      'keytar is not available: keytar is not installed (npm left it out)',
    ]);
  });

  it.each([
    [
      'another Electron',
      { ...ELECTRON, version: '44.0.0', abi: '149' },
      'built for Electron 44.0.0 (ABI 149), not Electron 45.4.1 (ABI 150)',
    ],
    [
      'the Node stand-in',
      { ...ELECTRON, runtime: 'node' as const, version: '20.20.2', abi: '115' },
      'built for Node 20.20.2 (ABI 115), not Electron 45.4.1',
    ],
    [
      'another ABI',
      { ...ELECTRON, abi: '149' },
      'built for ABI 149, and Electron 45.4.1 (ABI 150) needs ABI 150',
    ],
    [
      'another architecture',
      { ...ELECTRON, arch: 'arm64' },
      'built for linux-arm64, not linux-x64',
    ],
  ])('refuses builds for %s, naming both and what to run', (_name, builtFor, words) => {
    const dir = folder(stampFor(builtFor, KEYTAR_ENTRY));
    expect(() => selectNativeBindings(dir, ELECTRON)).toThrow(NativeModulesError);
    expect(() => selectNativeBindings(dir, ELECTRON)).toThrow(words);
    expect(() => selectNativeBindings(dir, ELECTRON)).toThrow('Run `npm start`');
  });

  it('refuses a folder never built, a damaged stamp, and Electron without a folder', () => {
    expect(() => selectNativeBindings(folder(null), ELECTRON)).toThrow('have not been built yet');
    const damaged = folder('{"runtime": "electron",');
    expect(() => selectNativeBindings(damaged, ELECTRON)).toThrow(
      `${join(damaged, 'stamp.json')} is not valid JSON`,
    );
    expect(() => selectNativeBindings(folder('{"runtime": "deno"}'), ELECTRON)).toThrow(
      'is not a native-module stamp',
    );
    expect(() => selectNativeBindings(null, ELECTRON)).toThrow(
      'without the folder of its native modules',
    );
  });
});

describe('useNativeBindings (what the backend process runs first)', () => {
  it('loads the queue database and the keychain module from the folder, not node_modules', async ({
    skip,
  }) => {
    skip(noKeytar);
    const here = currentRuntime();
    // The folder's build really is the one loaded: with its file absent, opening fails on it.
    const empty = folder(stampFor(here, KEYTAR_ENTRY));
    expect(useNativeBindings(empty, here)).toEqual([]);
    expect(() => openDatabase(join(t.dir, 'queue-0.sqlite'))).toThrow(
      join(empty, 'better_sqlite3.node'),
    );
    const dir = folder(stampFor(here, KEYTAR_ENTRY), {
      'better_sqlite3.node': NPM_SQLITE,
      'keytar.node': NPM_KEYTAR,
    });
    expect(useNativeBindings(dir, here)).toEqual([]);
    const db = openDatabase(join(t.dir, 'queue.sqlite'));
    expect(db.prepare('select count(*) as n from jobs').get()).toEqual({ n: 0 });
    db.close();
    // keytar's bare addon answers through the store.
    const outcome = await keytarAnswer('MeterDesk-natives-test');
    expect([null, 'service']).toContain(outcome);
  });

  it('keeps a selection failure for the first open of the queue, where the window sees it', async () => {
    const lines = useNativeBindings(folder(null), ELECTRON);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('have not been built yet');
    expect(() => openDatabase(join(t.dir, 'never.sqlite'))).toThrow(lines[0]);
    await expect(new KeychainSecretStore({ platform: 'linux' }).check()).rejects.toMatchObject({
      reason: 'missing',
    });
  });
});

describe('buildMismatch (npm start and npm run package rebuild when it is not null)', () => {
  const installed = { 'better-sqlite3': '12.11.1', keytar: '7.9.0' };
  const wanted = {
    runtime: 'electron' as const,
    version: '45.4.1',
    platform: 'linux',
    arch: 'x64',
  };
  const built = (): string =>
    folder(stampFor(ELECTRON, KEYTAR_ENTRY), {
      'better_sqlite3.node': NPM_SQLITE,
      'keytar.node': NPM_KEYTAR,
    });

  it('is null for a folder built for this Electron and these module versions', ({ skip }) => {
    skip(noKeytar);
    const dir = built();
    expect(buildMismatch(dir, readStamp(dir), wanted, installed)).toBeNull();
  });

  it('names what changed: nothing built, Electron upgraded, a module upgraded, a file gone', ({
    skip,
  }) => {
    skip(noKeytar);
    expect(buildMismatch(t.dir, null, wanted, installed)).toBe('not built yet');
    const dir = built();
    const stamp = readStamp(dir);
    expect(buildMismatch(dir, stamp, { ...wanted, version: '46.0.0' }, installed)).toBe(
      'built for electron 45.4.1 on linux-x64, wanted electron 46.0.0 on linux-x64',
    );
    expect(buildMismatch(dir, stamp, wanted, { ...installed, 'better-sqlite3': '12.12.0' })).toBe(
      'better-sqlite3 12.12.0 is installed, the build is of 12.11.1',
    );
    expect(buildMismatch(dir, stamp, wanted, { ...installed, keytar: null })).toBe(
      'keytar (not installed) is installed, the build is of 7.9.0',
    );
    rmSync(join(dir, 'keytar.node'));
    expect(buildMismatch(dir, stamp, wanted, installed)).toBe('keytar.node is missing');
  });

  it('does not retry a keytar that could not be built while nothing changed', () => {
    const dir = folder(
      stampFor(ELECTRON, { version: '7.9.0', missing: 'it could not be built: no libsecret' }),
      {
        'better_sqlite3.node': NPM_SQLITE,
      },
    );
    expect(buildMismatch(dir, readStamp(dir), wanted, installed)).toBeNull();
  });
});

describe('where the folder is', () => {
  it('is passed to the backend process as one argument', () => {
    const argv = [
      'electron',
      'backend-process.cjs',
      '--meterdesk-host={}',
      nativesDirArg('C:\\Program Files\\MeterDesk\\resources\\app.asar.unpacked\\electron-natives'),
    ];
    expect(readNativesDir(argv)).toBe(
      'C:\\Program Files\\MeterDesk\\resources\\app.asar.unpacked\\electron-natives',
    );
    expect(readNativesDir(['electron', 'backend-process.cjs'])).toBeNull();
  });

  it.each([
    [
      '/opt/MeterDesk/resources/app.asar/electron-natives',
      '/opt/MeterDesk/resources/app.asar.unpacked/electron-natives',
    ],
    [
      'C:\\Program Files\\MeterDesk\\resources\\app.asar\\electron-natives',
      'C:\\Program Files\\MeterDesk\\resources\\app.asar.unpacked\\electron-natives',
    ],
    [
      '/Applications/MeterDesk.app/Contents/Resources/app.asar/electron-natives',
      '/Applications/MeterDesk.app/Contents/Resources/app.asar.unpacked/electron-natives',
    ],
    ['/home/ana/meter-desk/electron-natives', '/home/ana/meter-desk/electron-natives'],
    ['/home/ana/app.asar.backup/electron-natives', '/home/ana/app.asar.backup/electron-natives'],
  ])('inside a packaged app, beside the archive: %s', (path, expected) => {
    expect(unpackedPath(path)).toBe(expected);
  });
});
