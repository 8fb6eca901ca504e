// MeterDesk 0.1 kept its data in the roaming AppData on Windows; from 0.2 it lives in the local one
// (paths.ts). At the first start after the update, before anything opens the queue, an older
// roaming folder is moved over whole (settings, queue with its -wal and -shm, keys, Chromium's
// data): renamed when both are on one volume, else copied and the roaming copy renamed aside so
// it is never used again. Nothing is moved when the local folder already holds data.
import { cpSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUEUE_FILE, roamingDataDir, settingsFile, userDataDir } from './paths';

export type RoamingMove =
  | { readonly moved: false }
  | {
      readonly moved: true;
      readonly from: string;
      readonly to: string;
      readonly how: 'renamed' | 'copied';
    };

const holdsData = (dir: string): boolean =>
  existsSync(settingsFile(dir)) || existsSync(join(dir, QUEUE_FILE));

/** As moveRoamingData, but a failure (a disk full mid-copy) is a problem to log, not a crash. */
export function tryMoveRoamingData(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): RoamingMove | { readonly moved: false; readonly problem: string } {
  try {
    return moveRoamingData(env, platform);
  } catch (error) {
    return { moved: false, problem: `data folder not moved out of Roaming: ${String(error)}` };
  }
}

export function moveRoamingData(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): RoamingMove {
  if (platform !== 'win32' || env.METER_DESK_DATA_DIR) return { moved: false };
  const from = roamingDataDir(env);
  const to = userDataDir(env, platform);
  if (from === to || !holdsData(from) || holdsData(to)) return { moved: false };
  // A local folder already there (without data) is copied into: Windows refuses to rename onto it.
  if (!existsSync(to)) {
    try {
      renameSync(from, to);
      return { moved: true, from, to, how: 'renamed' };
    } catch (error) {
      // Another volume (a redirected Roaming folder): copy. Any other refusal (a file in use by
      // an older MeterDesk still running) leaves both alone until the next start: copying a
      // queue another process writes would split it in two.
      if ((error as { code?: string }).code !== 'EXDEV') return { moved: false };
    }
  }
  cpSync(from, to, { recursive: true, errorOnExist: false, force: false });
  const note = `MeterDesk now keeps its data in ${to}. This copy is no longer used and may be deleted.\r\n`;
  const aside = `${from}.moved-to-local`;
  try {
    renameSync(from, aside);
    writeFileSync(join(aside, 'README.txt'), note);
  } catch {
    // Cannot be renamed (in use, no right to): the note beside the data says the same.
    writeFileSync(join(from, 'MOVED-TO-LOCAL.txt'), note);
  }
  return { moved: true, from, to, how: 'copied' };
}
