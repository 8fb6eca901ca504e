// The data location setting: where the queue file lives. Moving it copies the queue files to the
// new folder (when it has none of its own) and leaves the old ones in place, so nothing is lost if
// the new place turns out to be wrong.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { QUEUE_FILE, SANDBOX_QUEUE_FILE } from '../config/paths';
import { AppError } from '../ipc/app-error';
import { backupQueueFile } from '../store/queue-backup';
import type { Store } from '../store/store';
import {
  DataDirProblem,
  dataFolderUnusable,
  makeWritable,
  refuseSystemPlace,
} from './data-dir-check';

export { queueFileIn } from '../config/paths';

/**
 * Refuses system places (data-dir-check.ts), creates the folder if needed and proves it can be
 * written; AppError file_error with the reason as a code (dataFolderUnusable) otherwise.
 */
export function prepareDataDir(dir: string): void {
  try {
    refuseSystemPlace(dir);
    makeWritable(dir);
  } catch (error) {
    if (error instanceof DataDirProblem) throw new AppError('file_error', error.said);
    const why = (error as NodeJS.ErrnoException).code ?? 'other';
    throw new AppError('file_error', dataFolderUnusable(dir, why));
  }
}

/**
 * Copies both queue files to `to` where it has none yet (main/store/queue-backup.ts: through
 * SQLite's backup, so what the write-ahead log still holds comes along).
 */
export async function copyQueues(from: string, to: string, open: Store): Promise<void> {
  for (const name of [QUEUE_FILE, SANDBOX_QUEUE_FILE]) {
    const source = join(from, name);
    const target = join(to, name);
    if (existsSync(source) && !existsSync(target)) await backupQueueFile(source, target, open);
  }
}
