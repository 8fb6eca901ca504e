// The second build of the native modules, for Electron. npm builds better-sqlite3 and keytar for
// the Node that ran `npm ci`, which the CLI and the tests use; the window's backend runs in
// Electron's utility process, whose Node has another ABI and cannot load them. So a separate
// folder (electron-natives/) holds the same modules built for Electron, with a stamp saying what
// they were built for; the backend loads them from there (native-bindings.ts) and
// scripts/prepare-natives.ts rebuilds them when the stamp no longer matches. Plain Node: the
// script, the tests and the backend's utility process all read it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The folder beside package.json (and inside the packaged app) holding the Electron builds. */
export const NATIVES_FOLDER = 'electron-natives';
export const STAMP_FILE = 'stamp.json';

/** The native modules the backend loads, and the file each one's build produces. */
export const NATIVE_MODULES = [
  { name: 'better-sqlite3', file: 'better_sqlite3.node', required: true },
  // Optional at install (no libsecret headers on a fresh Linux machine): the app then keeps the
  // key with Electron's safeStorage instead.
  { name: 'keytar', file: 'keytar.node', required: false },
] as const;

export type NativeModuleName = (typeof NATIVE_MODULES)[number]['name'];

/** Which JavaScript runtime a build is for: its name, version and module ABI. */
export interface RuntimeId {
  readonly runtime: 'electron' | 'node';
  readonly version: string;
  /** NODE_MODULE_VERSION, e.g. "150" for Electron 45, "115" for Node 20. */
  readonly abi: string;
  readonly platform: string;
  readonly arch: string;
}

const moduleEntry = z.union([
  z.strictObject({ version: z.string().min(1), file: z.string().min(1) }),
  // Could not be built (keytar without libsecret headers): the reason, for the user and the log.
  z.strictObject({ version: z.string().nullable(), missing: z.string().min(1) }),
]);

const stampSchema = z.strictObject({
  runtime: z.enum(['electron', 'node']),
  version: z.string().min(1),
  abi: z.string().regex(/^\d+$/),
  platform: z.string().min(1),
  arch: z.string().min(1),
  modules: z.record(z.string(), moduleEntry),
});

export type NativeStamp = z.infer<typeof stampSchema>;
export type ModuleEntry = z.infer<typeof moduleEntry>;

/** This process's runtime: Electron's when running inside it (main or utility process). */
export function currentRuntime(
  versions: NodeJS.ProcessVersions = process.versions,
  platform: string = process.platform,
  arch: string = process.arch,
): RuntimeId {
  // Electron's own types declare `electron` always present; under plain Node it is not.
  const electron = (versions as Readonly<Record<string, string | undefined>>).electron;
  return {
    runtime: electron ? 'electron' : 'node',
    version: electron ?? versions.node,
    abi: versions.modules,
    platform,
    arch,
  };
}

export function describeRuntime(id: Pick<RuntimeId, 'runtime' | 'version' | 'abi'>): string {
  return `${id.runtime === 'electron' ? 'Electron' : 'Node'} ${id.version} (ABI ${id.abi})`;
}

/** The stamp in `dir`, null when there is none; throws with the file's name when it is damaged. */
export function readStamp(dir: string): NativeStamp | null {
  const file = join(dir, STAMP_FILE);
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}).`);
  }
  const result = stampSchema.safeParse(parsed);
  if (!result.success) {
    throw new Error(
      `${file} is not a native-module stamp: ${result.error.issues[0]?.message ?? ''}`,
    );
  }
  return result.data;
}

/**
 * Why the builds in a folder with this stamp cannot be loaded by `runtime`, or null when they can.
 * Runtime name, version, ABI, platform and architecture must all match.
 */
export function runtimeMismatch(stamp: NativeStamp | null, runtime: RuntimeId): string | null {
  if (!stamp) return 'they have not been built yet';
  if (stamp.runtime !== runtime.runtime || stamp.version !== runtime.version) {
    return `they were built for ${describeRuntime(stamp)}, not ${describeRuntime(runtime)}`;
  }
  if (stamp.abi !== runtime.abi) {
    return `they were built for ABI ${stamp.abi}, and ${describeRuntime(runtime)} needs ABI ${runtime.abi}`;
  }
  if (stamp.platform !== runtime.platform || stamp.arch !== runtime.arch) {
    return `they were built for ${stamp.platform}-${stamp.arch}, not ${runtime.platform}-${runtime.arch}`;
  }
  return null;
}

/**
 * Why a folder must be rebuilt before `npm start` or `npm run package` uses it, or null when it is
 * current: another runtime (name, version, platform, architecture), another installed version of
 * a module, or a build file gone. `installed` is each module's version in node_modules (null: not
 * installed). The ABI is not compared here: it follows from the version and is only known after
 * the headers are fetched.
 */
export function buildMismatch(
  dir: string,
  stamp: NativeStamp | null,
  wanted: Omit<RuntimeId, 'abi'>,
  installed: Readonly<Record<NativeModuleName, string | null>>,
): string | null {
  if (!stamp) return 'not built yet';
  const same =
    stamp.runtime === wanted.runtime &&
    stamp.version === wanted.version &&
    stamp.platform === wanted.platform &&
    stamp.arch === wanted.arch;
  if (!same) {
    return `built for ${stamp.runtime} ${stamp.version} on ${stamp.platform}-${stamp.arch}, wanted ${wanted.runtime} ${wanted.version} on ${wanted.platform}-${wanted.arch}`;
  }
  for (const { name } of NATIVE_MODULES) {
    const entry = stamp.modules[name];
    const version = installed[name];
    if (!entry || entry.version !== version) {
      return `${name} ${version ?? '(not installed)'} is installed, the build is of ${entry?.version ?? 'nothing'}`;
    }
    if ('file' in entry && !existsSync(join(dir, entry.file))) return `${entry.file} is missing`;
  }
  return null;
}
