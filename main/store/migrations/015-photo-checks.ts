import type { Migration } from './migration';

/**
 * The quality check before upload (issue 25): where a queued photo stands with it (NULL: not
 * checked yet, so photos queued by an older version are checked on the next run), why it is held,
 * and what was measured (JSON), for the settings' view of the office's own photos. Two partial
 * indexes keep "the next photos to check" and the held counts off a scan of every job.
 */
export const migration015: Migration = {
  version: 15,
  name: 'photo checks before upload',
  up: `
    ALTER TABLE jobs ADD COLUMN photo_check TEXT
      CHECK (photo_check IN ('passed', 'held', 'sent_anyway'));
    ALTER TABLE jobs ADD COLUMN hold_reason TEXT;
    ALTER TABLE jobs ADD COLUMN photo_measures TEXT;
    CREATE INDEX jobs_unchecked ON jobs (id) WHERE state = 'queued' AND photo_check IS NULL;
    CREATE INDEX jobs_held ON jobs (hold_reason) WHERE state = 'queued' AND photo_check = 'held';
  `,
};
