// The app as `scripts/build.js` builds it (main and its backend bundle, preload, CLI, renderer),
// made once per test run in the run cache (run-cache.ts) and shared by the build test, the browser
// files, the backend forks and the CLI processes: they run the bundles that ship instead of
// compiling the sources through tsx each time. The folder holds `dist/`, a link to the checkout's
// node_modules (the bundles load the native modules from there, as the packaged app does), the
// CLI's `bin/meter-desk.js` and the shim that gives a forked Node the utility process's
// parentPort. Outside a `vitest run` set-up there is no run cache: each caller builds its own and
// removes it (`own` is true).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { cacheKey, cachedFolder, sourceHash } from './run-cache';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** What the build depends on: a change to any of it builds it again. */
const SOURCES = [
  'main/',
  'common/',
  'preload/',
  'renderer/',
  'sandbox/',
  'bin/',
  'vite.config.ts',
  'scripts/build.js',
  'package-lock.json',
];

/**
 * Gives a Node child forked with an IPC channel the process.parentPort of Electron's utility
 * process, so the built backend bundle runs unchanged under plain Node.
 */
const PARENT_PORT_SHIM = `
const { EventEmitter } = require('node:events');
const port = new EventEmitter();
port.postMessage = (message) => process.send(message);
process.on('message', (data) => port.emit('message', { data }));
process.parentPort = port;
`;

export interface BuiltApp {
  /** The folder: dist/, node_modules (a link), bin/meter-desk.js, parent-port-shim.cjs. */
  readonly dir: string;
  readonly dist: string;
  /** The backend bundle the utility process runs (`--require` the shim to fork it under Node). */
  readonly backend: string;
  readonly parentPortShim: string;
  /** The CLI as npm installs it: node `cli` ARGS. */
  readonly cli: string;
  /** True when this caller built it alone and must `remove()` it. */
  readonly own: boolean;
  remove(): void;
}

async function build(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build.js', '--outdir', join(dir, 'dist')], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'meter-desk.js'), join(dir, 'bin', 'meter-desk.js'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(join(dir, 'parent-port-shim.cjs'), PARENT_PORT_SHIM);
}

function described(dir: string, own: boolean): BuiltApp {
  return {
    dir,
    dist: join(dir, 'dist'),
    backend: join(dir, 'dist', 'main', 'backend-process.cjs'),
    parentPortShim: join(dir, 'parent-port-shim.cjs'),
    cli: join(dir, 'bin', 'meter-desk.js'),
    own,
    remove: () => {
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The run's built app (built by the first caller of the run), or a build of this caller's own. */
export async function builtApp(): Promise<BuiltApp> {
  const cached = await cachedFolder(cacheKey('app', sourceHash(SOURCES)), build);
  if (cached) return described(cached, false);
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-app-'));
  await build(dir);
  return described(dir, true);
}

let sharedInProcess: Promise<BuiltApp> | null = null;

/**
 * The built CLI's entry (`node <path> ARGS` runs `meter-desk ARGS` as npm installs it), for tests
 * that start it as a real process: the run's build, asked for once per process.
 */
export async function meterDeskCli(): Promise<string> {
  if (!sharedInProcess) {
    sharedInProcess = builtApp();
    const app = await sharedInProcess;
    if (app.own)
      process.once('exit', () => {
        app.remove();
      });
  }
  return (await sharedInProcess).cli;
}
