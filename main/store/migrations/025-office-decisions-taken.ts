import type { Migration } from './migration';

/**
 * Another desk's decisions applied to this queue (issue 30, items 4 and 8: every desk follows the
 * office's decision). `meter_decisions.desk` names the desk a decision was made at when it was not
 * this one (null: made here, as every older row was). `office_decisions_taken` keeps each office
 * decision this desk has taken by the office's id, applied or not (its meter not here, its photo
 * not in this queue), so taking again after a missed note or a restart changes nothing.
 */
export const migration025: Migration = {
  version: 25,
  name: 'office decisions taken',
  up: `
    ALTER TABLE meter_decisions ADD COLUMN desk TEXT;
    CREATE TABLE office_decisions_taken (
      office_id INTEGER PRIMARY KEY,
      desk TEXT NOT NULL,
      applied INTEGER NOT NULL CHECK (applied IN (0, 1)),
      taken_at TEXT NOT NULL
    );
  `,
};
