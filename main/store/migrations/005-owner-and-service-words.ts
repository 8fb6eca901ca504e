import type { Migration } from './migration';

/**
 * - `queue_owner`: the one process that writes this queue (queue-owner.ts). A second process that
 *   finds a live owner here stops with a message naming it, instead of sending the same photos
 *   again beside it.
 * - `jobs.service_failure_kind`: the service's own `failure_kind` of a failed task (spec 2.6), so a
 *   file the service could not use as an image is not reported as "the AI could not read it".
 * - Earlier versions remembered "this service takes no batches" for good after any refusal; that
 *   is now learned per run with a way back (deployment.ts), so the old verdicts are dropped.
 */
export const migration005: Migration = {
  version: 5,
  name: 'queue owner, service failure kind',
  up: `
    CREATE TABLE queue_owner (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      token TEXT NOT NULL,
      pid INTEGER NOT NULL,
      host TEXT NOT NULL,
      label TEXT NOT NULL,
      started_at TEXT NOT NULL,
      heartbeat_at INTEGER NOT NULL
    );
    ALTER TABLE jobs ADD COLUMN service_failure_kind TEXT;
    DELETE FROM settings WHERE key LIKE 'batchesSupported:%';
  `,
};
