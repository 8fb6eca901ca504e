// Which of the office's decisions this queue has taken (migration 025), by the office's id: taking
// the same decision again (a note heard twice, a resync after a restart) changes nothing, and the
// mark of each is written in the same transaction as what applying it wrote. Nothing taken from the
// office is kept for it in the outbox: it is the office's already.
import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';

/** What taking one decision came to. */
export type TakeOutcome = 'applied' | 'not here' | 'seen';

export class OfficeDecisionsTaken {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
  ) {
    this.s = {
      seen: db.prepare<[number], { one: number }>(
        'SELECT 1 AS one FROM office_decisions_taken WHERE office_id = ?',
      ),
      mark: db.prepare(
        `INSERT INTO office_decisions_taken (office_id, desk, applied, taken_at)
         VALUES (?, ?, ?, ?)`,
      ),
      highest: db
        .prepare<[], number>('SELECT IFNULL(MAX(office_id), 0) FROM office_decisions_taken')
        .pluck(),
      after: db
        .prepare<[number], number>(
          'SELECT office_id FROM office_decisions_taken WHERE office_id > ? ORDER BY office_id',
        )
        .pluck(),
      forgetNotHere: db.prepare('DELETE FROM office_decisions_taken WHERE applied = 0'),
      doneJobs: db
        .prepare<[string], number>(`SELECT id FROM jobs WHERE sha256 = ? AND state = 'done'`)
        .pluck(),
    };
  }

  /** The highest office id taken (0: none yet). */
  highest(): number {
    return this.s.highest.get() ?? 0;
  }

  /** The office ids taken above `afterId`, ascending. */
  takenAfter(afterId: number): number[] {
    return this.s.after.all(afterId);
  }

  /** Forgets the decisions that had nothing here, so they are taken again (a route arrived). */
  forgetNotHere(): number {
    return this.s.forgetNotHere.run().changes;
  }

  /** This queue's finished photos with this content. */
  finishedPhotos(sha256: string): number[] {
    return this.s.doneJobs.all(sha256);
  }

  /**
   * Applies one decision of the office (`apply` says whether it changed anything here) and marks
   * it taken, in one transaction; a decision taken before is not applied again.
   */
  take(officeId: number, desk: string, apply: () => boolean): TakeOutcome {
    return this.db
      .transaction((): TakeOutcome => {
        if (this.s.seen.get(officeId)) return 'seen';
        const applied = apply();
        this.s.mark.run(officeId, desk, applied ? 1 : 0, new Date(this.clock.now()).toISOString());
        return applied ? 'applied' : 'not here';
      })
      .immediate();
  }
}

const taken = new WeakMap<Database.Database, OfficeDecisionsTaken>();

/** The queue's one record of what it took from the office. */
export function officeDecisionsTakenOf(db: Database.Database, clock: Clock): OfficeDecisionsTaken {
  let found = taken.get(db);
  if (!found) {
    found = new OfficeDecisionsTaken(db, clock);
    taken.set(db, found);
  }
  return found;
}
