import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLED_READING_SQL } from '../../main/store/billed-reading-sql';
import { openDatabase } from '../../main/store/db';
import { migrate, schemaVersion, SchemaTooNewError } from '../../main/store/migrate';
import { MIGRATIONS } from '../../main/store/migrations';
import { tempDir } from '../helpers/tmp';

let cleanup = (): void => undefined;
afterEach(() => {
  cleanup();
});

function freshFile(): string {
  const t = tempDir();
  cleanup = t.cleanup;
  return join(t.dir, 'queue.sqlite');
}

describe('migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('001 creates the queue schema and records user_version 1 in a real file', () => {
    const file = freshFile();
    const db = new Database(file);
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db, MIGRATIONS, 1)).toBe(1);
    const tables = db
      .prepare<[], { name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
      )
      .all()
      .map((r) => r.name);
    expect(tables).toEqual(['job_events', 'jobs', 'roots', 'settings']);
    const cols = db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_xinfo('jobs')`)
      .all();
    expect(cols.map((c) => c.name)).toContain('needs_review');
    db.close();
    // Re-opening is idempotent: nothing re-runs, data survives.
    const again = openDatabase(file);
    expect(schemaVersion(again)).toBe(MIGRATIONS.length);
    expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
    again.close();
  });

  it('a failing migration leaves the previous version intact', () => {
    const db = new Database(freshFile());
    const broken = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', up: 'CREATE TABLE x (; nonsense' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('003 counts the jobs already there, and its triggers keep counting through every change', () => {
    const file = freshFile();
    const db = new Database(file);
    migrate(db, MIGRATIONS, 2);
    const now = '2026-11-21T00:00:00.000Z';
    const addRoot = db.prepare(`INSERT INTO roots (path, kind, added_at) VALUES (?, 'folder', ?)`);
    const a = Number(addRoot.run('/a', now).lastInsertRowid);
    const b = Number(addRoot.run('/b', now).lastInsertRowid);
    const addJob = db.prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, result_source,
         is_latest_ai_version, created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?)`,
    );
    let n = 0;
    const job = (root: number, state: string, source: string | null = null, latest = 1): number =>
      Number(
        addJob.run(root, `/x/${++n}`, `${n}.jpg`, state, source, latest, now, now).lastInsertRowid,
      );
    job(a, 'queued');
    job(a, 'queued');
    const stale = job(a, 'done', 'cached_stale', 1); // needs review
    job(b, 'done', 'ai', 1);
    job(b, 'failed');
    const bySelect = (): unknown[] =>
      db
        .prepare(
          `SELECT root_id, state, COUNT(*) AS n, TOTAL(needs_review) AS review FROM jobs
            GROUP BY root_id, state HAVING n > 0 ORDER BY root_id, state`,
        )
        .all();
    const byTable = (): unknown[] =>
      db
        .prepare(
          `SELECT root_id, state, n, CAST(review AS REAL) AS review FROM job_counts
            WHERE n > 0 ORDER BY root_id, state`,
        )
        .all();

    expect(migrate(db, MIGRATIONS, 3)).toBe(3);
    expect(byTable()).toEqual(bySelect());
    expect(byTable()).toHaveLength(4);
    // Inserts, state changes, a review clearing the flag, a job moved between folders, a delete
    // and a folder removed with its jobs (cascade).
    const q = job(a, 'queued');
    db.prepare(`UPDATE jobs SET state = 'submitted' WHERE id = ?`).run(q);
    db.prepare(`UPDATE jobs SET review_action = 'accepted' WHERE id = ?`).run(stale);
    db.prepare(`UPDATE jobs SET root_id = ? WHERE id = ?`).run(b, q);
    expect(byTable()).toEqual(bySelect());
    db.prepare(`DELETE FROM jobs WHERE id = ?`).run(stale);
    db.pragma('foreign_keys = ON');
    db.prepare(`DELETE FROM roots WHERE id = ?`).run(b);
    expect(byTable()).toEqual(bySelect());
    expect(byTable()).toEqual([{ root_id: a, state: 'queued', n: 2, review: 0 }]);
    db.close();
  });

  it('003 lets a deep page of a sorted queue come from an index, not a sort of the table', () => {
    const db = openDatabase(freshFile());
    for (const order of ['rel_path COLLATE NOCASE', 'state', 'final_reading', 'updated_at']) {
      const plan = db
        .prepare<[], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT * FROM jobs WHERE 1 = 1 ORDER BY ${order} ASC, id
            LIMIT 60 OFFSET 50000`,
        )
        .all()
        .map((r) => r.detail)
        .join('; ');
      expect(plan, order).toMatch(/USING INDEX jobs_sort_/);
      expect(plan, order).not.toMatch(/TEMP B-TREE/);
    }
    db.close();
  });

  it('007 lets a deep page sorted by the billed reading come from an index', () => {
    const db = openDatabase(freshFile());
    const plan = db
      .prepare<[], { detail: string }>(
        `EXPLAIN QUERY PLAN SELECT * FROM jobs WHERE 1 = 1 ORDER BY ${BILLED_READING_SQL} ASC, id
          LIMIT 60 OFFSET 50000`,
      )
      .all()
      .map((r) => r.detail)
      .join('; ');
    expect(plan).toMatch(/USING INDEX jobs_sort_billed_reading/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    db.close();
  });

  it('004 adds the AI version of a reading, empty for the readings already there', () => {
    const file = freshFile();
    const db = new Database(file);
    migrate(db, MIGRATIONS, 3);
    const now = '2026-11-21T00:00:00.000Z';
    const root = db.prepare(`INSERT INTO roots (path, kind, added_at) VALUES ('/a', 'folder', ?)`);
    const rootId = Number(root.run(now).lastInsertRowid);
    db.prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, final_reading,
         is_latest_ai_version, created_at, updated_at) VALUES (?, '/a/1.jpg', '1.jpg', 1, 0,
         'done', '00012.345', 1, ?, ?)`,
    ).run(rootId, now, now);
    expect(migrate(db, MIGRATIONS, 4)).toBe(4);
    expect(db.prepare(`SELECT final_reading, ai_version FROM jobs`).all()).toEqual([
      { final_reading: '00012.345', ai_version: null },
    ]);
    db.close();
  });

  it('005 adds the queue owner and the service failure kind, and forgets the old "no batches for good"', () => {
    const file = freshFile();
    const db = new Database(file);
    migrate(db, MIGRATIONS, 4);
    const now = '2026-11-22T00:00:00.000Z';
    const root = db.prepare(`INSERT INTO roots (path, kind, added_at) VALUES ('/a', 'folder', ?)`);
    const rootId = Number(root.run(now).lastInsertRowid);
    db.prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, error_message,
         failure_kind, created_at, updated_at) VALUES (?, '/a/1.jpg', '1.jpg', 1, 0, 'failed',
         'bad image (invalid_image)', 'ai_failed', ?, ?)`,
    ).run(rootId, now, now);
    const setting = db.prepare(`INSERT INTO settings (key, value) VALUES (?, ?)`);
    setting.run('batchesSupported:https://meters.example.com', 'false');
    setting.run('something:else', '1');
    expect(migrate(db, MIGRATIONS, 5)).toBe(5);
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
    owner.run(1, now);
    expect(() => owner.run(2, now)).toThrow(/CHECK/);
    db.close();
  });

  it('refuses a database from a newer MeterDesk', () => {
    const file = freshFile();
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
  });
});
