// What clerks decided per meter (migration 012): a history, newest last. The meter's decision is
// its newest row not undone; undo stamps that row, and the one before is the meter's again. What
// may follow what is common/billing/decision-rules.ts; this only keeps it.
import type Database from 'better-sqlite3';
import {
  decisionParams,
  parseDecision,
  type MeterDecision,
  type StoredDecision,
} from '../../common/billing/meter-decision';
import { systemClock, type Clock } from '../time/clock';

interface DecisionRow {
  id: number;
  meter_id: string;
  kind: string;
  params: string;
  made_at: string;
  desk: string | null;
}

function toStored(row: DecisionRow): StoredDecision | null {
  const decision = parseDecision(row.kind, row.params);
  if (decision === null) return null;
  const stored = { id: row.id, madeAt: row.made_at, decision };
  return row.desk === null ? stored : { ...stored, desk: row.desk };
}

/** The SQL that picks a meter's decision (for meters joined by `meter_id`). */
export const CURRENT_DECISION = `SELECT MAX(id) FROM meter_decisions d
  WHERE d.meter_id = meters.meter_id AND d.undone_at IS NULL`;

export class MeterDecisionsRepo {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.s = {
      add: db.prepare(
        `INSERT INTO meter_decisions (meter_id, kind, params, made_at, desk)
         VALUES (@meterId, @kind, @params, @now, @desk)`,
      ),
      current: db.prepare<[string], DecisionRow>(
        `SELECT * FROM meter_decisions WHERE meter_id = ? AND undone_at IS NULL
          ORDER BY id DESC LIMIT 1`,
      ),
      undo: db.prepare('UPDATE meter_decisions SET undone_at = @now WHERE id = @id'),
      ofKind: db.prepare<[string, string], DecisionRow>(
        `SELECT * FROM meter_decisions WHERE meter_id = ? AND kind = ? AND undone_at IS NULL
          ORDER BY id DESC`,
      ),
      lastJob: db.prepare<[], number>('SELECT IFNULL(MAX(id), 0) FROM jobs').pluck(),
    };
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** The meter's decision; null when none (or the newest is one this build cannot read). */
  current(meterId: string): StoredDecision | null {
    const row = this.s.current.get(meterId);
    return row ? toStored(row) : null;
  }

  /**
   * Records a decision; it is the meter's from now on. `desk`: made at another desk of the office
   * (taken from it), at the time it was made there.
   */
  add(
    meterId: string,
    decision: MeterDecision,
    at?: { desk: string; madeAt: string },
  ): StoredDecision {
    const now = at?.madeAt ?? this.now();
    const desk = at?.desk ?? null;
    const params = decisionParams(decision);
    const id = Number(
      this.s.add.run({ meterId, kind: decision.kind, params, now, desk }).lastInsertRowid,
    );
    return desk === null ? { id, madeAt: now, decision } : { id, madeAt: now, decision, desk };
  }

  /** Takes the meter's decision back; the one taken back, or null when there was none. */
  undo(meterId: string): StoredDecision | null {
    return this.db.transaction(() => {
      const row = this.s.current.get(meterId);
      if (!row) return null;
      this.s.undo.run({ id: row.id, now: this.now() });
      return toStored(row);
    })();
  }

  /** The newest photo's id: photos added after a meter is sent for re-read have larger ones. */
  lastJobId(): number {
    return this.s.lastJob.get() ?? 0;
  }

  /** The meter's decisions of one kind that stand in its history (newest first). */
  ofKind(meterId: string, kind: MeterDecision['kind']): StoredDecision[] {
    return this.s.ofKind
      .all(meterId, kind)
      .map(toStored)
      .filter((d): d is StoredDecision => d !== null);
  }
}
