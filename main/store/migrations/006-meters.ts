import type { Migration } from './migration';

/**
 * Readings per meter (issue 13).
 *
 * - `route_sheets`: each sheet loaded from the billing system, with the column mapping used.
 * - `meters`: one row per meter id (compared ignoring case, as the sheets and file names are),
 *   from the newest sheet naming it; and what a clerk recorded for the meter itself: a skip code
 *   (no access, locked, ...) or a reading typed by hand.
 * - jobs gain the meter a photo was matched to (and how), the read date (EXIF or file time),
 *   and the plausibility of its reading (level and the rules' results, JSON).
 * - `to_review`: what the review queue holds: done, not yet confirmed by a person, and historical
 *   (as before), or flagged by a plausibility rule. needs_review keeps its meaning (historical);
 *   the kept counts follow to_review now.
 */
export const migration006: Migration = {
  version: 6,
  name: 'route sheets, meters, readings per meter',
  up: `
    CREATE TABLE route_sheets (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      loaded_at TEXT NOT NULL,
      meters INTEGER NOT NULL,
      mapping TEXT NOT NULL,
      encoding TEXT NOT NULL,
      delimiter TEXT NOT NULL
    );

    CREATE TABLE meters (
      id INTEGER PRIMARY KEY,
      meter_id TEXT NOT NULL UNIQUE COLLATE NOCASE,
      sheet_id INTEGER NOT NULL REFERENCES route_sheets(id),
      account TEXT,
      address TEXT,
      route TEXT,
      sequence REAL,
      register_digits INTEGER,
      register_decimals INTEGER,
      previous_reading TEXT,
      previous_read_at TEXT,
      avg_daily_use REAL,
      skip_code TEXT,
      skip_note TEXT,
      typed_reading TEXT,
      typed_at TEXT,
      entry_at TEXT,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX meters_route ON meters (route, sequence, meter_id);

    ALTER TABLE jobs ADD COLUMN meter_id TEXT COLLATE NOCASE;
    ALTER TABLE jobs ADD COLUMN match_how TEXT;
    ALTER TABLE jobs ADD COLUMN read_at TEXT;
    ALTER TABLE jobs ADD COLUMN read_at_source TEXT;
    ALTER TABLE jobs ADD COLUMN read_at_note TEXT;
    ALTER TABLE jobs ADD COLUMN plausibility TEXT;
    ALTER TABLE jobs ADD COLUMN plausibility_detail TEXT;
    ALTER TABLE jobs ADD COLUMN to_review INTEGER GENERATED ALWAYS AS (
      state = 'done' AND review_action IS NULL
      AND (result_source = 'cached_stale' OR is_latest_ai_version = 0
           OR plausibility IN ('warning', 'error'))
    ) VIRTUAL;
    CREATE INDEX jobs_meter ON jobs (meter_id, state);
    CREATE INDEX jobs_to_review ON jobs (to_review);

    DROP TRIGGER job_counts_insert;
    DROP TRIGGER job_counts_delete;
    DROP TRIGGER job_counts_update;
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
