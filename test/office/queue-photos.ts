// A desk's queue as the engine leaves it after a photo was read, for tests of what the desk
// publishes: the job goes through the states a real one does, so the queue's trigger (migration
// 021) puts its reading into the office outbox exactly as it would.
import type { Store } from '../../main/store/store';
import { sha } from './office-fixture';

/** A photo sent and then read by the service, as the engine leaves it (state by state). */
export function readPhoto(store: Store, name: string, reading: string, at: string): number {
  const root = Number(
    store.db
      .prepare(
        `INSERT INTO roots (path, kind, added_at) VALUES ('/photos', 'folder', ?)
         ON CONFLICT (path) DO UPDATE SET kind = kind RETURNING id`,
      )
      .pluck()
      .get(at),
  );
  const id = Number(
    store.db
      .prepare(
        `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, task_id,
           created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, 'submitted', ?, ?, ?)`,
      )
      .run(root, `/photos/${name}`, name, sha(name), `task-${name}`, at, at).lastInsertRowid,
  );
  store.db
    .prepare(
      `UPDATE jobs SET state = 'done', final_reading = ?, result_source = 'ai',
         is_latest_ai_version = 1, updated_at = ? WHERE id = ?`,
    )
    .run(reading, at, id);
  return id;
}
