import { openDatabaseToRead } from './db';
import type { Store } from './store';

/**
 * Copies a queue file to `target` through SQLite's backup, which reads the database as a
 * connection sees it: a copy of the file alone would leave out what its write-ahead log (-wal)
 * still holds, the latest results. The open store copies itself; any other file is opened
 * read-only with the SQLite build this process selected (in Electron its own, not npm's).
 */
export async function backupQueueFile(source: string, target: string, open: Store): Promise<void> {
  if (open.file === source) {
    await open.db.backup(target);
    return;
  }
  const db = openDatabaseToRead(source);
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}
