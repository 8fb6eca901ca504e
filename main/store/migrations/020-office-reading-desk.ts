import type { Migration } from './migration';

/**
 * Office mode: a photo paid for once in the office (issue 23, item 3). `jobs.office_desk` names the
 * other desk whose reading this photo takes: while queued, that desk is sending the same photo and
 * this one waits for its reading; once done, the reading was taken from the office, read there and
 * not paid here. NULL: this desk's own photo, as before. Such a reading is the office's already, so
 * the entry 019's trigger would make of it is not kept: RAISE(IGNORE) drops that one INSERT, and
 * the job's own update (and its other triggers) go on.
 */
export const migration020: Migration = {
  version: 20,
  name: 'office desk of a reading taken from the office',
  up: `
    ALTER TABLE jobs ADD COLUMN office_desk TEXT;

    CREATE TRIGGER office_outbox_not_taken BEFORE INSERT ON office_outbox
      WHEN NEW.kind = 'reading'
        AND (SELECT office_desk FROM jobs WHERE id = json_extract(NEW.payload, '$.jobId')) IS NOT NULL
    BEGIN
      SELECT RAISE(IGNORE);
    END;
  `,
};
