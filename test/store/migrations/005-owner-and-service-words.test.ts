import { expect, it } from 'vitest';
import { AT, olderQueues } from './older-queue';

const olderQueue = olderQueues();

it('005 adds the queue owner and the service failure kind, and forgets the old "no batches for good"', () => {
  const { db, addRoot, migrateTo } = olderQueue(4);
  const rootId = addRoot('/a');
  db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, error_message,
       failure_kind, created_at, updated_at) VALUES (?, '/a/1.jpg', '1.jpg', 1, 0, 'failed',
       'bad image (invalid_image)', 'ai_failed', ?, ?)`,
  ).run(rootId, AT, AT);
  const setting = db.prepare(`INSERT INTO settings (key, value) VALUES (?, ?)`);
  setting.run('batchesSupported:https://meters.example.com', 'false');
  setting.run('something:else', '1');
  expect(migrateTo(5)).toBe(5);
  expect(db.prepare(`SELECT failure_kind, service_failure_kind FROM jobs`).all()).toEqual([
    { failure_kind: 'ai_failed', service_failure_kind: null },
  ]);
  expect(db.prepare(`SELECT key FROM settings ORDER BY key`).all()).toEqual([
    { key: 'something:else' },
  ]);
  expect(db.prepare(`SELECT COUNT(*) AS n FROM queue_owner`).get()).toEqual({ n: 0 });
  // One owner row at most.
  const owner = db.prepare(
    `INSERT INTO queue_owner (id, token, pid, host, label, started_at, heartbeat_at)
     VALUES (?, 't', 1, 'h', 'l', ?, 0)`,
  );
  owner.run(1, AT);
  expect(() => owner.run(2, AT)).toThrow(/CHECK/);
});
