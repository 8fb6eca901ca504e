// Which build of the native modules this process loads. Under plain Node (the CLI, the tests) it is
// npm's own in node_modules; inside Electron (the backend's utility process) it is the Electron
// build in electron-natives/, checked against its stamp first so a stale folder gives one clear
// message instead of a "was compiled against a different Node.js version" crash on the first
// query. Plain Node, no electron import: the selection is tested under Node (test/shell).
import { join } from 'node:path';
import { useSqliteBinding } from '../store/db';
import { useKeytarBinding } from '../secrets/keychain';
import {
  currentRuntime,
  describeRuntime,
  NATIVE_MODULES,
  readStamp,
  runtimeMismatch,
  type NativeModuleName,
  type RuntimeId,
} from './native-stamp';

/** How main tells the backend process where the Electron builds are (one argument). */
export const NATIVES_FLAG = '--meterdesk-natives=';

export function nativesDirArg(dir: string): string {
  return `${NATIVES_FLAG}${dir}`;
}

export function readNativesDir(argv: readonly string[]): string | null {
  const arg = argv.find((a) => a.startsWith(NATIVES_FLAG));
  return arg ? arg.slice(NATIVES_FLAG.length) : null;
}

/**
 * Inside the packaged app the folder sits in app.asar, but unpacked beside it (asarUnpack): a
 * native module must be a real file for the OS to load it.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}

export type NativeSelection =
  | { readonly kind: 'node-modules' }
  | {
      readonly kind: 'folder';
      readonly runtime: string;
      /** Absolute paths of each module's build; null: not available (keytar left out). */
      readonly bindings: Readonly<Record<NativeModuleName, string | null>>;
      /** Why a module is not available, for the log. */
      readonly notes: readonly string[];
    };

export class NativeModulesError extends Error {
  override readonly name = 'NativeModulesError';
}

/**
 * The builds `runtime` must load. Node: node_modules (npm built them for it). Electron: the folder,
 * whose stamp must match this Electron exactly; otherwise a NativeModulesError saying what to run.
 */
export function selectNativeBindings(
  dir: string | null,
  runtime: RuntimeId = currentRuntime(),
): NativeSelection {
  if (dir === null) {
    if (runtime.runtime === 'node') return { kind: 'node-modules' };
    throw new NativeModulesError(
      `MeterDesk was started inside ${describeRuntime(runtime)} without the folder of its native modules built for it.`,
    );
  }
  const fix =
    'Run `npm start` (it rebuilds them), or reinstall MeterDesk if this is an installed copy.';
  let stamp: ReturnType<typeof readStamp>;
  try {
    stamp = readStamp(dir);
  } catch (error) {
    throw new NativeModulesError(`${(error as Error).message} ${fix}`);
  }
  const mismatch = runtimeMismatch(stamp, runtime);
  if (mismatch !== null) {
    throw new NativeModulesError(
      `MeterDesk cannot load its database module in ${describeRuntime(runtime)}: the builds in ${dir} do not fit (${mismatch}). ${fix}`,
    );
  }
  const bindings = {} as Record<NativeModuleName, string | null>;
  const notes: string[] = [];
  for (const { name, required } of NATIVE_MODULES) {
    const entry = stamp?.modules[name];
    if (entry && 'file' in entry) {
      bindings[name] = join(dir, entry.file);
    } else if (required) {
      throw new NativeModulesError(
        `MeterDesk's ${name} build for ${describeRuntime(runtime)} is missing from ${dir}. ${fix}`,
      );
    } else {
      bindings[name] = null;
      notes.push(`${name} is not available: ${entry?.missing ?? 'it was not built'}`);
    }
  }
  return { kind: 'folder', runtime: describeRuntime(runtime), bindings, notes };
}

/**
 * Points better-sqlite3 and the keychain at the builds for this process, once, before anything
 * opens the queue. Without usable builds the failure is kept for the first open of the queue,
 * which reports it to the window (the backend's start fails with this message). Returns lines for
 * the log: what is missing and why.
 */
export function useNativeBindings(
  dir: string | null,
  runtime: RuntimeId = currentRuntime(),
): readonly string[] {
  let selection: NativeSelection;
  try {
    selection = selectNativeBindings(dir, runtime);
  } catch (error) {
    if (!(error instanceof NativeModulesError)) throw error;
    useSqliteBinding(error);
    useKeytarBinding(null);
    return [error.message];
  }
  if (selection.kind === 'node-modules') return [];
  const sqlite = selection.bindings['better-sqlite3'];
  if (sqlite !== null) useSqliteBinding(sqlite);
  useKeytarBinding(selection.bindings.keytar);
  return selection.notes;
}
