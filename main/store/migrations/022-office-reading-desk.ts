import type { Migration } from './migration';

/**
 * Office mode: a photo paid for once in the office (issue 23, item 3). `jobs.office_desk` names the
 * other desk whose reading this photo takes: while queued, that desk is sending the same photo and
 * this one waits for its reading; once done, the reading was taken from the office, read there and
 * not paid here. NULL: this desk's own photo, as before. Such a reading is the office's already, so
 * the trigger of 019 no longer publishes it back as this desk's.
 */
export const migration022: Migration = {
  version: 22,
  name: 'office desk of a reading taken from the office',
  up: `
    ALTER TABLE jobs ADD COLUMN office_desk TEXT;

    DROP TRIGGER office_outbox_reading;
    CREATE TRIGGER office_outbox_reading AFTER UPDATE OF state ON jobs
      WHEN NEW.state = 'done' AND OLD.state IS NOT 'done'
        AND EXISTS (SELECT 1 FROM office_desk) AND NEW.sha256 IS NOT NULL
        AND NEW.office_desk IS NULL
    BEGIN
      INSERT INTO office_outbox (idem_key, kind, payload, created_at)
      VALUES (
        (SELECT desk FROM office_desk) || ':reading:' || NEW.id || ':' || NEW.updated_at,
        'reading',
        json_object(
          'jobId', NEW.id, 'sha256', NEW.sha256, 'fileName', NEW.rel_path,
          'status', 'finished', 'reading', NEW.final_reading,
          'resultSource', NEW.result_source, 'toReview', json(CASE WHEN NEW.to_review = 1 THEN 'true' ELSE 'false' END),
          'taskId', NEW.task_id, 'aiVersion', NEW.ai_version, 'readAt', NEW.read_at,
          'meterNumber', NEW.meter_id
        ),
        NEW.updated_at
      )
      ON CONFLICT (idem_key) DO NOTHING;
    END;
  `,
};
