// The data location setting: where the queue file lives. Moving it copies the queue files to the
// new folder (when it has none of its own) and leaves the old ones in place, so nothing is lost if
// the new place turns out to be wrong.
import { accessSync, constants, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../ipc/app-error';
import type { Store } from '../store/store';

export const QUEUE_FILE = 'queue.sqlite';
export const SANDBOX_QUEUE_FILE = 'sandbox-queue.sqlite';

export function queueFileIn(dataDir: string, sandbox: boolean): string {
  return join(dataDir, sandbox ? SANDBOX_QUEUE_FILE : QUEUE_FILE);
}

/** Creates the folder if needed and checks it can be written; AppError file_error otherwise. */
export function prepareDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new AppError(
      'file_error',
      `MeterDesk cannot use the folder ${dir} for its data (${code}).`,
    );
  }
}

/** Copies both queue files to `to` where it has none yet; the open one through SQLite's backup. */
export async function copyQueues(from: string, to: string, open: Store): Promise<void> {
  for (const name of [QUEUE_FILE, SANDBOX_QUEUE_FILE]) {
    const source = join(from, name);
    const target = join(to, name);
    if (!existsSync(source) || existsSync(target)) continue;
    if (open.file === source) await open.db.backup(target);
    else copyFileSync(source, target);
  }
}
