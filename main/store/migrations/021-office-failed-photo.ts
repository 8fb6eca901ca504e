import type { Migration } from './migration';

/**
 * Office mode: a photo that failed at the service gives its claim back (issue 23, item 3). Until
 * then other desks wait out the claim's lease (15 min) before they send the photo themselves. The
 * failure enters the outbox as a reading with status 'failed' and no reading, in the same
 * transaction that fails the job; publishing it releases this desk's claim and records the attempt.
 * Not for a photo that waits for, or took, another desk's reading (office_desk set): this desk
 * never held its claim.
 */
export const migration021: Migration = {
  version: 21,
  name: 'office outbox entries for failed photos',
  up: `
    CREATE TRIGGER office_outbox_failed AFTER UPDATE OF state ON jobs
      WHEN NEW.state = 'failed' AND OLD.state IS NOT 'failed'
        AND EXISTS (SELECT 1 FROM office_desk) AND NEW.sha256 IS NOT NULL
        AND NEW.office_desk IS NULL
    BEGIN
      INSERT INTO office_outbox (idem_key, kind, payload, created_at)
      VALUES (
        (SELECT desk FROM office_desk) || ':failed:' || NEW.id || ':' || NEW.updated_at,
        'reading',
        json_object(
          'jobId', NEW.id, 'sha256', NEW.sha256, 'fileName', NEW.rel_path,
          'status', 'failed', 'reading', NULL, 'resultSource', NEW.result_source,
          'toReview', json('false'), 'taskId', NEW.task_id, 'aiVersion', NULL,
          'readAt', NEW.read_at, 'meterNumber', NEW.meter_id
        ),
        NEW.updated_at
      )
      ON CONFLICT (idem_key) DO NOTHING;
    END;
  `,
};
