import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export const APP_NAME = 'MeterDesk';
export const QUEUE_FILE = 'queue.sqlite';
/** The built-in sandbox's queue: simulated readings never mix with real ones. */
export const SANDBOX_QUEUE_FILE = 'sandbox-queue.sqlite';

/**
 * The per-user data folder, shared by the CLI and the desktop app (which sets Electron's userData
 * to it), so both use the same settings and one queue. On Windows it is the local, non-roaming
 * AppData: with roaming profiles or folder redirection Roaming lands on a server share, where
 * SQLite's write-ahead log does not work (roaming-move.ts moves an older Roaming folder here).
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.METER_DESK_DATA_DIR) return env.METER_DESK_DATA_DIR;
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

/** Where MeterDesk kept its data on Windows before 0.2: the roaming AppData. */
export function roamingDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
}

/** Where the log files are (main/logs/rotating-log.ts): beside the settings, never roaming. */
export function logsDir(userDir: string): string {
  return join(userDir, 'logs');
}

/** The desktop app's settings file (it names where the queue lives, so it cannot be in it). */
export function settingsFile(userDir: string): string {
  return join(userDir, 'settings.json');
}

/**
 * Where the queue files live: the folder chosen in the app's settings (Settings, data location),
 * or the per-user folder. The CLI reads the same setting, so both work on one queue.
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const userDir = userDataDir(env);
  let chosen: unknown = null;
  try {
    chosen = (JSON.parse(readFileSync(settingsFile(userDir), 'utf8')) as { dataDir?: unknown })
      .dataDir;
  } catch {
    // No settings yet, or a damaged file: the app falls back to the default folder as well.
  }
  return typeof chosen === 'string' && isAbsolute(chosen) ? chosen : userDir;
}

export function queueFileIn(dir: string, sandbox: boolean): string {
  return join(dir, sandbox ? SANDBOX_QUEUE_FILE : QUEUE_FILE);
}

export function defaultDbFile(env: NodeJS.ProcessEnv = process.env, sandbox = false): string {
  return queueFileIn(dataDir(env), sandbox);
}
