import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'MeterDesk';

/**
 * The per-user data folder, the same place Electron's app.getPath('userData') gives for a
 * product named MeterDesk, so the CLI and the desktop app share one queue.
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.METER_DESK_DATA_DIR) return env.METER_DESK_DATA_DIR;
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

export function defaultDbFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(userDataDir(env), 'queue.sqlite');
}
