import type { Migration } from './migration';

/** The first schema: roots the user added, one job row per file, a job history, settings. */
export const migration001: Migration = {
  version: 1,
  name: 'initial schema',
  up: `
    CREATE TABLE roots (
      id INTEGER PRIMARY KEY,
      path TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL CHECK (kind IN ('folder', 'file')),
      added_at TEXT NOT NULL
    );

    CREATE TABLE jobs (
      id INTEGER PRIMARY KEY,
      root_id INTEGER NOT NULL REFERENCES roots(id) ON DELETE CASCADE,
      path TEXT NOT NULL UNIQUE,
      rel_path TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms INTEGER NOT NULL,
      sha256 TEXT,
      format TEXT,
      state TEXT NOT NULL
        CHECK (state IN ('queued', 'uploading', 'submitted', 'done', 'failed', 'rejected')),
      remote_status TEXT,
      task_id TEXT,
      batch_id TEXT,
      batch_index INTEGER,
      business TEXT,
      final_reading TEXT,
      meter_type TEXT,
      result_source TEXT,
      is_latest_ai_version INTEGER,
      result_summary TEXT,
      error_message TEXT,
      failure_kind TEXT,
      review_action TEXT CHECK (review_action IN ('accepted', 'corrected')),
      reviewed_reading TEXT,
      reviewed_at TEXT,
      upload_attempts INTEGER NOT NULL DEFAULT 0,
      resubmits INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0,
      solo INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      submitted_at TEXT,
      remote_created_at TEXT,
      finished_at TEXT,
      needs_review INTEGER GENERATED ALWAYS AS (
        state = 'done' AND review_action IS NULL
        AND (result_source = 'cached_stale' OR is_latest_ai_version = 0)
      ) VIRTUAL
    );
    CREATE INDEX jobs_state_due ON jobs (state, next_attempt_at);
    CREATE INDEX jobs_sha ON jobs (sha256);
    CREATE INDEX jobs_task ON jobs (task_id);
    CREATE INDEX jobs_batch ON jobs (batch_id);
    CREATE INDEX jobs_root ON jobs (root_id, state);
    CREATE INDEX jobs_review ON jobs (needs_review);

    CREATE TABLE job_events (
      id INTEGER PRIMARY KEY,
      job_id INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      state TEXT NOT NULL,
      message TEXT NOT NULL
    );
    CREATE INDEX job_events_job ON job_events (job_id);

    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `,
};
