import type { Migration } from './migration';

/**
 * Counts by folder and state kept up to date by triggers, so that the status the window asks for
 * ten times a second costs a few rows instead of a scan of every job (88 ms at 100,000 jobs).
 * And one index per sort key of the job table, so a page deep into a sorted 100,000-row queue is
 * read from the index instead of sorting the table for every scroll (up to 390 ms before). And
 * (sha256, state), so looking for a finished or queued twin of a photo does not step through every
 * copy of it (40,000 files of 40 images took twice as long to add as distinct ones).
 *
 * needs_review is NULL, not 0, for a done row whose freshness the service left unknown; such a
 * row does not need review (the queries test `needs_review = 1`), so it counts as 0 here.
 */
export const migration003: Migration = {
  version: 3,
  name: 'state counts by trigger, sort and twin indexes',
  up: `
    CREATE TABLE job_counts (
      root_id INTEGER NOT NULL,
      state TEXT NOT NULL,
      n INTEGER NOT NULL,
      review INTEGER NOT NULL,
      PRIMARY KEY (root_id, state)
    ) WITHOUT ROWID;

    INSERT INTO job_counts (root_id, state, n, review)
      SELECT root_id, state, COUNT(*), TOTAL(needs_review) FROM jobs GROUP BY root_id, state;

    CREATE TRIGGER job_counts_insert AFTER INSERT ON jobs BEGIN
      INSERT INTO job_counts (root_id, state, n, review)
        VALUES (NEW.root_id, NEW.state, 1, IFNULL(NEW.needs_review, 0))
        ON CONFLICT (root_id, state) DO UPDATE
          SET n = n + 1, review = review + excluded.review;
    END;

    CREATE TRIGGER job_counts_delete AFTER DELETE ON jobs BEGIN
      UPDATE job_counts SET n = n - 1, review = review - IFNULL(OLD.needs_review, 0)
        WHERE root_id = OLD.root_id AND state = OLD.state;
    END;

    CREATE TRIGGER job_counts_update AFTER UPDATE ON jobs
      WHEN OLD.state IS NOT NEW.state OR OLD.root_id IS NOT NEW.root_id
        OR OLD.needs_review IS NOT NEW.needs_review
    BEGIN
      UPDATE job_counts SET n = n - 1, review = review - IFNULL(OLD.needs_review, 0)
        WHERE root_id = OLD.root_id AND state = OLD.state;
      INSERT INTO job_counts (root_id, state, n, review)
        VALUES (NEW.root_id, NEW.state, 1, IFNULL(NEW.needs_review, 0))
        ON CONFLICT (root_id, state) DO UPDATE
          SET n = n + 1, review = review + excluded.review;
    END;

    CREATE INDEX jobs_sha_state ON jobs (sha256, state);
    DROP INDEX jobs_sha;

    CREATE INDEX jobs_sort_file ON jobs (rel_path COLLATE NOCASE);
    CREATE INDEX jobs_sort_state ON jobs (state);
    CREATE INDEX jobs_sort_reading ON jobs (final_reading);
    CREATE INDEX jobs_sort_updated ON jobs (updated_at);
  `,
};
