// Moving the data folder copies both queue files (main/backend/data-dir.ts) through the store:
// SQLite's backup, so rows still in a write-ahead log come along, and the SQLite build the
// process selected (in the packaged app the Electron one; npm's cannot load there).
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { QUEUE_FILE, SANDBOX_QUEUE_FILE } from '../../main/config/paths';
import { copyQueues } from '../../main/backend/data-dir';
import { useSqliteBinding } from '../../main/store/db';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { scannedPhoto } from '../store/queue-fixture';

const NPM_SQLITE = join(
  import.meta.dirname,
  '../../node_modules/better-sqlite3/build/Release/better_sqlite3.node',
);

let t: { dir: string; cleanup: () => void };
let from: string;
let to: string;
// The window's queue, and a CLI run's connection to the sandbox queue that has not checkpointed.
let current: Store;
let other: Store;

beforeEach(() => {
  t = tempDir('meterdesk-move-');
  from = join(t.dir, 'old');
  to = join(t.dir, 'new');
  mkdirSync(to); // prepareDataDir's part
  current = openStore(join(from, QUEUE_FILE));
  other = openStore(join(from, SANDBOX_QUEUE_FILE));
});
afterEach(() => {
  useSqliteBinding(undefined);
  current.close();
  other.close();
  t.cleanup();
});

function addPhotos(store: Store, names: readonly string[]): void {
  const rootId = store.roots.ensure('/photos', 'folder').id;
  store.jobs.insertScanned(names.map((name) => scannedPhoto(rootId, name)));
}

function photosIn(file: string): string[] {
  const copy = openStore(file);
  try {
    return [...copy.queries.iterate({})].map((j) => j.relPath);
  } finally {
    copy.close();
  }
}

it('copies both queues with the rows still in their write-ahead logs', async () => {
  addPhotos(current, ['a.jpg', 'b.jpg']);
  addPhotos(other, ['c.jpg']);
  const sandboxQueue = join(from, SANDBOX_QUEUE_FILE);
  expect(statSync(`${sandboxQueue}-wal`).size).toBeGreaterThan(0);
  // The file alone lacks them: they have not been checkpointed into it.
  copyFileSync(sandboxQueue, join(t.dir, 'bare.sqlite'));
  expect(photosIn(join(t.dir, 'bare.sqlite'))).toEqual([]);

  await copyQueues(from, to, current);
  expect(photosIn(join(to, QUEUE_FILE))).toEqual(['a.jpg', 'b.jpg']);
  expect(photosIn(join(to, SANDBOX_QUEUE_FILE))).toEqual(['c.jpg']);
});

it('opens the other queue with the SQLite build the process selected', async () => {
  addPhotos(other, ['c.jpg']);
  useSqliteBinding(new Error('No SQLite build for this Electron'));
  await expect(copyQueues(from, to, current)).rejects.toThrow('No SQLite build for this Electron');
  expect(existsSync(join(to, SANDBOX_QUEUE_FILE))).toBe(false);

  // A build of its own, at a path nothing else loads: after the copy the process has it mapped.
  const build = join(t.dir, 'selected_sqlite.node');
  copyFileSync(NPM_SQLITE, build);
  useSqliteBinding(build);
  await copyQueues(from, to, current);
  if (process.platform === 'linux')
    expect(readFileSync('/proc/self/maps', 'utf8')).toContain(build);
  useSqliteBinding(undefined);
  expect(photosIn(join(to, SANDBOX_QUEUE_FILE))).toEqual(['c.jpg']);
});
