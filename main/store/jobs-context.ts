import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';
import { JobEventLog } from './job-events';
import type { JobRow } from './job-row';

/** What every part of the jobs repository shares: the connection, the clock and the history. */
export interface JobsContext {
  readonly db: Database.Database;
  readonly clock: Clock;
  /** The clock's time as rows and events stamp it. */
  readonly now: () => string;
  readonly events: JobEventLog;
  readonly rowById: (id: number) => JobRow | undefined;
}

export function jobsContext(db: Database.Database, clock: Clock): JobsContext {
  const byId = db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE id = ?');
  return {
    db,
    clock,
    now: () => new Date(clock.now()).toISOString(),
    events: new JobEventLog(db),
    rowById: (id) => byId.get(id),
  };
}
