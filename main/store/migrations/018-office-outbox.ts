import type { Migration } from './migration';

/**
 * Office mode (issue 23): what this desk publishes to the office's PostgreSQL waits here first, so
 * the desk keeps working while the office database is unreachable and nothing is published twice
 * (each entry carries its idempotency key from the moment it is written). `office_desk` holds at
 * most one row: this queue publishes, and as which desk; with none, nothing is written here.
 */
export const migration018: Migration = {
  version: 18,
  name: 'office outbox',
  up: `
    CREATE TABLE office_outbox (
      id INTEGER PRIMARY KEY,
      idem_key TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('reading', 'decision')),
      payload TEXT NOT NULL,
      created_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_failure TEXT,
      next_attempt_at INTEGER NOT NULL DEFAULT 0,
      published_at TEXT
    );
    CREATE INDEX office_outbox_pending ON office_outbox (next_attempt_at, id)
      WHERE published_at IS NULL;

    CREATE TABLE office_desk (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      desk TEXT NOT NULL,
      clerk TEXT NOT NULL,
      since TEXT NOT NULL
    );
  `,
};
