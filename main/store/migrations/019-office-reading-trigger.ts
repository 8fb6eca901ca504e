import type { Migration } from './migration';

/**
 * A photo's reading enters the office outbox in the same transaction that finishes the job, so the
 * engine publishes without waiting for (or even knowing of) the office database, and no reading
 * can be finished without its entry. Only while this queue publishes (a row in office_desk).
 * The entry is the reading as it was then: a re-read later is an entry of its own (its key names
 * the job and the moment).
 */
export const migration019: Migration = {
  version: 19,
  name: 'office outbox entries for readings',
  up: `
    CREATE TRIGGER office_outbox_reading AFTER UPDATE OF state ON jobs
      WHEN NEW.state = 'done' AND OLD.state IS NOT 'done'
        AND EXISTS (SELECT 1 FROM office_desk) AND NEW.sha256 IS NOT NULL
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
