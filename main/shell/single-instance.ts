// One MeterDesk per user: two engines on one queue would upload the same photos twice. The first
// launch takes Electron's single-instance lock and starts the window and the engine; every later
// launch (a second double-click, "Open with MeterDesk" on a folder) hands its folders to the first,
// which comes to the front and adds them, and quits without starting anything. Plain Node (the
// lock is reached through the small LockingApp interface), so the rule is tested without Electron.
import path, { type PlatformPath } from 'node:path';
import { MAX_PATHS_PER_ADD } from '../../common/ipc/limits';
import { launchPaths } from '../desktop/launch-paths';

/** The part of Electron's `app` this uses. */
export interface LockingApp {
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean;
  on(
    event: 'second-instance',
    listener: (event: unknown, argv: string[], workingDirectory: string, data: unknown) => void,
  ): unknown;
  quit(): void;
}

/** What later launches talk to in the first one. */
export interface RunningInstance {
  /** Brings the window to the front, restoring it when minimised. */
  focus(): void;
  /** Adds folders and files to the one engine. */
  addPaths(paths: readonly string[]): Promise<void>;
}

export interface LaunchOptions {
  readonly argv: readonly string[];
  readonly cwd: string;
  /** Packaged, argv is [MeterDesk, ...]; unpackaged, [electron, switches..., app path, ...]. */
  readonly packaged: boolean;
  /** Starts the window and the engine; called in the first instance only. */
  readonly start: () => Promise<RunningInstance>;
  readonly log: (line: string) => void;
  /** Windows paths in tests on Linux; default: this platform's. */
  readonly pathApi?: PlatformPath;
}

export interface FirstInstance {
  /** Folders from elsewhere (macOS "open-file"): added like a later launch's. */
  handOver(paths: readonly string[]): void;
}

/**
 * Where this launch's own arguments start: after the executable, and unpackaged also after the
 * app path, which follows whatever switches the launcher put first (Playwright adds --inspect=0
 * and --remote-debugging-port=0): without that the app's own folder would be added as photos.
 */
export function argsStart(argv: readonly string[], packaged: boolean): number {
  if (packaged) return 1;
  const appPath = argv.findIndex((arg, i) => i > 0 && !arg.startsWith('-'));
  return appPath < 0 ? argv.length : appPath + 1;
}

/**
 * The folders a later launch handed over. Electron passes them as additionalData, which the later
 * launch resolved against its own working folder; argv is the fallback (Chromium may reorder it and
 * adds switches of its own, which launchPaths skips).
 */
export function handedPaths(
  data: unknown,
  argv: readonly string[],
  cwd: string,
  packaged: boolean,
  pathApi: PlatformPath = path,
): string[] {
  const paths = (data as { paths?: unknown } | null)?.paths;
  if (
    Array.isArray(paths) &&
    paths.length <= MAX_PATHS_PER_ADD &&
    paths.every((p): p is string => typeof p === 'string' && p !== '' && pathApi.isAbsolute(p))
  ) {
    return paths;
  }
  return launchPaths(argv, cwd, argsStart(argv, packaged), pathApi);
}

/**
 * Takes the lock and starts the app, or hands this launch's folders to the instance that holds it
 * and quits. Returns null in the second case: the caller must start nothing.
 */
export function launchSingleInstance(
  app: LockingApp,
  options: LaunchOptions,
): FirstInstance | null {
  const pathApi = options.pathApi ?? path;
  const own = launchPaths(
    options.argv,
    options.cwd,
    argsStart(options.argv, options.packaged),
    pathApi,
  );
  if (!app.requestSingleInstanceLock({ paths: own })) {
    app.quit();
    return null;
  }
  const running = options.start();
  const deliver = (paths: readonly string[], focus: boolean): void => {
    running
      .then(async (instance) => {
        if (focus) instance.focus();
        if (paths.length > 0) await instance.addPaths(paths);
      })
      .catch((error: unknown) => {
        options.log(`could not add ${paths.join(', ')}: ${String(error)}`);
      });
  };
  app.on('second-instance', (_event, argv, cwd, data) => {
    deliver(handedPaths(data, argv, cwd, options.packaged, pathApi), true);
  });
  deliver(own, false);
  return {
    handOver: (paths) => {
      deliver(paths, true);
    },
  };
}
