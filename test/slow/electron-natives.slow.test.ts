// The real preparation of the Electron builds (scripts/prepare-natives.ts), with this Node standing
// in for Electron: node-gyp compiles better-sqlite3 and keytar in scratch copies against this
// Node's installed headers (--nodedir, where Electron's would be downloaded with --dist-url), the
// results land in their own folder with a stamp, and the process loads them from there the way the
// backend's utility process does. Minutes of compiling: run with `npm run test:slow`.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useKeytarBinding } from '../../main/secrets/keychain';
import { useNativeBindings } from '../../main/shell/native-bindings';
import { buildMismatch, currentRuntime, readStamp } from '../../main/shell/native-stamp';
import { openDatabase, useSqliteBinding } from '../../main/store/db';
import {
  configuredNodedir,
  installedModules,
  prepareNatives,
  standInTarget,
  type PrepareResult,
} from '../../scripts/prepare-natives';
import { tempDir } from '../helpers/tmp';
import { ROOT } from '../shell/helpers/build';
import { keytarAnswer } from '../shell/helpers/keytar-answer';

const t = tempDir('meterdesk-prepare-');
const out = join(t.dir, 'electron-natives');
const target = standInTarget(configuredNodedir());
const lines: string[] = [];
let first: PrepareResult;
const scratchFolders = (): string[] =>
  existsSync(join(ROOT, 'node_modules', '.cache'))
    ? readdirSync(join(ROOT, 'node_modules', '.cache')).filter((n) =>
        n.startsWith('meterdesk-natives'),
      )
    : [];
const scratchBefore = scratchFolders();

beforeAll(() => {
  first = prepareNatives({ root: ROOT, out, target, fromSource: true, log: (l) => lines.push(l) });
}, 20 * 60_000);

afterAll(() => {
  useSqliteBinding(undefined);
  useKeytarBinding(undefined);
  t.cleanup();
});

describe('preparing the native modules for a runtime (this Node standing in for Electron)', () => {
  it('compiles both modules into their own folder and stamps what they were built for', () => {
    expect(first.built).toBe(true);
    expect(first.reason).toBe('not built yet');
    expect(lines[0]).toBe(
      `Building the native modules for node ${process.versions.node} (not built yet).`,
    );
    const installed = installedModules(ROOT);
    expect(readStamp(out)).toEqual({
      runtime: 'node',
      version: process.versions.node,
      abi: process.versions.modules,
      platform: process.platform,
      arch: process.arch,
      modules: {
        'better-sqlite3': { version: installed['better-sqlite3'], file: 'better_sqlite3.node' },
        keytar: { version: installed.keytar, file: 'keytar.node' },
      },
    });
    // npm's own builds are left alone: the CLI and the tests keep loading them.
    expect(
      existsSync(join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')),
    ).toBe(true);
    // Its scratch copies are gone.
    expect(scratchBefore).toEqual(scratchFolders());
  });

  it('leaves builds this runtime loads, through the same selection the backend makes', async () => {
    expect(useNativeBindings(out, currentRuntime())).toEqual([]);
    const db = openDatabase(join(t.dir, 'queue.sqlite'));
    expect(db.prepare('select sqlite_version() as v').get()).toMatchObject({
      v: expect.stringMatching(/^3\./) as unknown,
    });
    db.close();
    const outcome = await keytarAnswer('MeterDesk-prepare-test');
    expect([null, 'service']).toContain(outcome);
  });

  it('skips a second run: the stamp matches, nothing is compiled or touched', () => {
    const before = statSync(join(out, 'better_sqlite3.node')).mtimeMs;
    const again = prepareNatives({
      root: ROOT,
      out,
      target,
      fromSource: true,
      log: (l) => lines.push(l),
    });
    expect(again).toMatchObject({ built: false, reason: 'up to date' });
    expect(statSync(join(out, 'better_sqlite3.node')).mtimeMs).toBe(before);
  });

  it('would rebuild for another runtime version, or when a build file is gone', () => {
    const installed = installedModules(ROOT);
    expect(
      buildMismatch(out, readStamp(out), { ...target, version: '99.0.0' }, installed),
    ).toContain('wanted node 99.0.0');
    rmSync(join(out, 'keytar.node'));
    expect(buildMismatch(out, readStamp(out), target, installed)).toBe('keytar.node is missing');
  });
});
