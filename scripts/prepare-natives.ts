// Builds the native modules the backend loads (better-sqlite3, keytar) for Electron, into their own
// folder (electron-natives/), leaving npm's builds in node_modules to the CLI and the tests, which
// run on plain Node. `npm start` and `npm run package` run it; it does nothing when the folder's
// stamp already matches the Electron and module versions installed (main/shell/native-stamp.ts).
//
// Each module's sources are copied to a scratch folder and compiled there by node-gyp against
// Electron's headers (--target=<Electron version> --dist-url=https://electronjs.org/headers), after
// trying a prebuilt binary for that Electron (prebuild-install --runtime electron). Tests use a
// stand-in for Electron: this Node, with its locally installed headers (--nodedir), through the
// same steps.
//
// Usage: npx tsx scripts/prepare-natives.ts [--root DIR] [--out DIR] [--force] [--from-source]
//        [--stand-in [--nodedir DIR]]        (root: the project, default this checkout)
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildMismatch,
  NATIVE_MODULES,
  NATIVES_FOLDER,
  readStamp,
  STAMP_FILE,
  type ModuleEntry,
  type NativeModuleName,
  type NativeStamp,
} from '../main/shell/native-stamp';

export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

/** What to build for: Electron (headers downloaded) or the stand-in (this Node, local headers). */
export interface BuildTarget {
  readonly runtime: 'electron' | 'node';
  readonly version: string;
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  /** Where node-gyp downloads the headers from. */
  readonly distUrl?: string;
  /** Headers already on disk (node-gyp --nodedir); wins over distUrl. */
  readonly nodedir?: string;
}

export function electronTarget(version: string, arch: string = process.arch): BuildTarget {
  return {
    runtime: 'electron',
    version,
    platform: process.platform,
    arch,
    distUrl: ELECTRON_HEADERS_URL,
  };
}

/** This Node as the stand-in for Electron, with its headers from `nodedir` when given. */
export function standInTarget(nodedir?: string): BuildTarget {
  return {
    runtime: 'node',
    version: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    ...(nodedir !== undefined && { nodedir }),
  };
}

/** The Electron version in node_modules (its package is installed even without its binary). */
export function installedElectron(root: string): string {
  return readVersion(join(root, 'node_modules', 'electron')) ?? fail('electron is not installed');
}

/** Each native module's version in node_modules; null where it is not installed (keytar). */
export function installedModules(root: string): Record<NativeModuleName, string | null> {
  const versions = {} as Record<NativeModuleName, string | null>;
  for (const { name } of NATIVE_MODULES) versions[name] = readVersion(moduleDir(root, name));
  return versions;
}

export interface PrepareOptions {
  /** The project: node_modules is read from here, scratch folders go inside it. */
  readonly root: string;
  /** The folder to fill; default <root>/electron-natives. */
  readonly out?: string;
  readonly target: BuildTarget;
  /** Rebuild even when the stamp matches. */
  readonly force?: boolean;
  /** Skip the prebuilt download and compile (the tests, or a machine offline). */
  readonly fromSource?: boolean;
  readonly log?: (line: string) => void;
}

export interface PrepareResult {
  /** False when the folder was already current. */
  readonly built: boolean;
  /** Why it was (re)built, or "up to date". */
  readonly reason: string;
  readonly out: string;
  readonly stamp: NativeStamp;
}

export function prepareNatives(options: PrepareOptions): PrepareResult {
  const { root, target } = options;
  const out = options.out ?? join(root, NATIVES_FOLDER);
  const log =
    options.log ??
    ((line: string) => {
      console.log(line);
    });
  const installed = installedModules(root);
  const current = readStamp(out);
  const mismatch = options.force ? 'forced' : buildMismatch(out, current, target, installed);
  if (mismatch === null && current)
    return { built: false, reason: 'up to date', out, stamp: current };

  log(`Building the native modules for ${target.runtime} ${target.version} (${mismatch ?? ''}).`);
  // Its own scratch folder per run: two preparations at once (npm start beside a test) must not
  // build in each other's copies.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const scratch = mkdtempSync(join(cache, 'meterdesk-natives-'));
  const modules: Record<string, ModuleEntry> = {};
  let abi: string | null = null;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  try {
    for (const { name, file, required } of NATIVE_MODULES) {
      const version = installed[name];
      if (version === null) {
        if (required) fail(`${name} is not installed: run npm ci first`);
        modules[name] = { version: null, missing: `${name} is not installed (npm left it out)` };
        log(`  ${name}: not installed, skipped`);
        continue;
      }
      const built = buildModule(
        root,
        name,
        join(scratch, name),
        target,
        options.fromSource === true,
      );
      if (!built.ok) {
        if (required)
          fail(
            `${name} could not be built for ${target.runtime} ${target.version} (this needs ${needs(target)}):\n${built.output}`,
          );
        modules[name] = { version, missing: `it could not be built: ${lastLine(built.output)}` };
        log(`  ${name}: could not be built (${lastLine(built.output)})`);
        continue;
      }
      cpSync(join(built.dir, 'build', 'Release', file), join(out, file));
      modules[name] = { version, file };
      abi ??= built.abi;
      log(`  ${name} ${version}: ${built.how}`);
    }
  } finally {
    // The copies are only for building; failed or not, they go.
    rmSync(scratch, { recursive: true, force: true });
  }
  const stamp: NativeStamp = {
    runtime: target.runtime,
    version: target.version,
    abi: abi ?? fail('no module was built, so the ABI is unknown'),
    platform: target.platform,
    arch: target.arch,
    modules,
  };
  writeFileSync(join(out, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  return { built: true, reason: mismatch ?? 'forced', out, stamp };
}

/** What a build for this target takes, for the message when it fails. */
function needs(target: BuildTarget): string {
  const headers =
    target.nodedir !== undefined
      ? `the headers in ${target.nodedir}`
      : `its headers from ${target.distUrl ?? 'the Node.js site'} (network)`;
  return `${headers} and a C++ compiler with Python`;
}

type Built = { ok: true; dir: string; abi: string; how: string } | { ok: false; output: string };

function buildModule(
  root: string,
  name: string,
  dir: string,
  target: BuildTarget,
  fromSource: boolean,
): Built {
  rmSync(dir, { recursive: true, force: true });
  // A copy inside node_modules: the build finds the module's own dependencies (node-addon-api)
  // where npm put them, and npm's build in node_modules stays untouched.
  cpSync(moduleDir(root, name), dir, {
    recursive: true,
    filter: (source) => !/[\\/](build|node_modules)$/.test(source),
  });
  const env = buildEnv();
  const devdir = join(homedir(), '.electron-gyp');
  const abi = (): string => headersAbi(target, devdir);
  if (target.runtime === 'electron' && !fromSource) {
    const prebuilt = run(
      process.execPath,
      [
        resolveFrom(root, 'prebuild-install/bin.js'),
        `--runtime=${target.runtime}`,
        `--target=${target.version}`,
        `--arch=${target.arch}`,
        `--platform=${target.platform}`,
      ],
      dir,
      env,
    );
    // A prebuilt binary skips the headers; fetching them for the ABI is cheaper than guessing it.
    if (prebuilt.ok && fetchHeaders(root, target, devdir, dir, env).ok) {
      return { ok: true, dir, abi: abi(), how: 'prebuilt binary' };
    }
  }
  const compiled = run(
    process.execPath,
    [nodeGyp(root), 'rebuild', '--release', ...gypArgs(target, devdir)],
    dir,
    env,
  );
  return compiled.ok ? { ok: true, dir, abi: abi(), how: 'compiled' } : compiled;
}

function gypArgs(target: BuildTarget, devdir: string): string[] {
  return [
    `--target=${target.version}`,
    `--arch=${target.arch}`,
    `--devdir=${devdir}`,
    ...(target.nodedir !== undefined
      ? [`--nodedir=${target.nodedir}`]
      : target.distUrl !== undefined
        ? [`--dist-url=${target.distUrl}`]
        : []),
  ];
}

function fetchHeaders(
  root: string,
  target: BuildTarget,
  devdir: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
) {
  return run(process.execPath, [nodeGyp(root), 'install', ...gypArgs(target, devdir)], cwd, env);
}

/** NODE_MODULE_VERSION from the headers the build used: the ABI the result loads under. */
function headersAbi(target: BuildTarget, devdir: string): string {
  const headers =
    target.nodedir !== undefined
      ? join(target.nodedir, 'include', 'node', 'node_version.h')
      : join(devdir, target.version, 'include', 'node', 'node_version.h');
  const match = /#define NODE_MODULE_VERSION (\d+)/.exec(readFileSync(headers, 'utf8'));
  return match?.[1] ?? fail(`no NODE_MODULE_VERSION in ${headers}`);
}

/**
 * npm passes its settings to scripts as npm_config_* variables; one of them (nodedir, target,
 * runtime, disturl) would silently build against the wrong headers. The target says which.
 */
function buildEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|devdir)$/i.test(key),
    ),
  );
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ok: true } | { ok: false; output: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 20 * 60_000 });
  if (result.status === 0) return { ok: true };
  return {
    ok: false,
    output: `${result.stdout}${result.stderr}${result.error?.message ?? ''}`.trim(),
  };
}

function moduleDir(root: string, name: string): string {
  return join(root, 'node_modules', name);
}

function resolveFrom(root: string, request: string): string {
  return createRequire(join(root, 'package.json')).resolve(request);
}

function nodeGyp(root: string): string {
  return resolveFrom(root, 'node-gyp/bin/node-gyp.js');
}

function readVersion(dir: string): string | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? null;
}

function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .pop() ?? 'no output'
  );
}

function fail(message: string): never {
  throw new Error(message);
}

/** The nodedir npm is configured with (here: nodedir=/usr in ~/.npmrc), for the stand-in. */
export function configuredNodedir(): string | undefined {
  const fromNpm = process.env.npm_config_nodedir;
  if (fromNpm) return fromNpm;
  const npmrc = join(homedir(), '.npmrc');
  if (!existsSync(npmrc)) return undefined;
  return /^\s*nodedir\s*=\s*(.+?)\s*$/m.exec(readFileSync(npmrc, 'utf8'))?.[1];
}

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');

if (process.argv[1] !== undefined && resolve(process.argv[1]) === SELF) {
  const { values } = parseArgs({
    options: {
      root: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      'stand-in': { type: 'boolean', default: false },
      nodedir: { type: 'string' },
      'from-source': { type: 'boolean', default: false },
    },
  });
  try {
    const root = values.root === undefined ? ROOT : resolve(values.root);
    const target = values['stand-in']
      ? standInTarget(values.nodedir ?? configuredNodedir())
      : electronTarget(installedElectron(root));
    const result = prepareNatives({
      root,
      target,
      force: values.force,
      fromSource: values['from-source'],
      ...(values.out !== undefined && { out: resolve(values.out) }),
    });
    console.log(
      result.built
        ? `Native modules for ${target.runtime} ${target.version} (ABI ${result.stamp.abi}) are in ${result.out}.`
        : `Native modules for ${target.runtime} ${target.version} are up to date in ${result.out}.`,
    );
  } catch (error) {
    console.error(`Could not prepare the native modules: ${(error as Error).message}`);
    process.exit(1);
  }
}
