import type { Migration } from './migration';

/**
 * A reading whose checks could not run is stored as plausibility 'not_checked' (issue 22, item 1)
 * and waits for a person like a flagged one: to_review (006) counts it too. A VIRTUAL generated
 * column cannot be altered, so it is dropped and added again with the new expression; its index
 * and the count triggers that name it go first and come back as 006 made them, and the kept
 * review counts are recomputed from the rows.
 */
export const migration014: Migration = {
  version: 14,
  name: 'to_review counts not-checked readings',
  up: `
    DROP TRIGGER job_counts_insert;
    DROP TRIGGER job_counts_delete;
    DROP TRIGGER job_counts_update;
    DROP INDEX jobs_to_review;
    ALTER TABLE jobs DROP COLUMN to_review;
    ALTER TABLE jobs ADD COLUMN to_review INTEGER GENERATED ALWAYS AS (
      state = 'done' AND review_action IS NULL
      AND (result_source = 'cached_stale' OR is_latest_ai_version = 0
           OR plausibility IN ('warning', 'error', 'not_checked'))
    ) VIRTUAL;
    CREATE INDEX jobs_to_review ON jobs (to_review);

    DELETE FROM job_counts;
    INSERT INTO job_counts (root_id, state, n, review)
      SELECT root_id, state, COUNT(*), TOTAL(to_review) FROM jobs GROUP BY root_id, state;

    CREATE TRIGGER job_counts_insert AFTER INSERT ON jobs BEGIN
      INSERT INTO job_counts (root_id, state, n, review)
        VALUES (NEW.root_id, NEW.state, 1, IFNULL(NEW.to_review, 0))
        ON CONFLICT (root_id, state) DO UPDATE
          SET n = n + 1, review = review + excluded.review;
    END;

    CREATE TRIGGER job_counts_delete AFTER DELETE ON jobs BEGIN
      UPDATE job_counts SET n = n - 1, review = review - IFNULL(OLD.to_review, 0)
        WHERE root_id = OLD.root_id AND state = OLD.state;
    END;

    CREATE TRIGGER job_counts_update AFTER UPDATE ON jobs
      WHEN OLD.state IS NOT NEW.state OR OLD.root_id IS NOT NEW.root_id
        OR OLD.to_review IS NOT NEW.to_review
    BEGIN
      UPDATE job_counts SET n = n - 1, review = review - IFNULL(OLD.to_review, 0)
        WHERE root_id = OLD.root_id AND state = OLD.state;
      INSERT INTO job_counts (root_id, state, n, review)
        VALUES (NEW.root_id, NEW.state, 1, IFNULL(NEW.to_review, 0))
        ON CONFLICT (root_id, state) DO UPDATE
          SET n = n + 1, review = review + excluded.review;
    END;
  `,
};
