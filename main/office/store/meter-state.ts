// Where a decision leaves its meter in the office, one rule for both ways a decision arrives (made
// office-first, meter-edits.ts; published from a desk's outbox, publish.ts): a decision makes the
// meter decided; an undo takes the newest decision not yet undone back, so the meter returns to its
// state before it: decided by the one before, else flagged when a reading of it asks for review
// (as publishing that reading flagged it), else open (issue 30: undo left it decided).
import type { OfficeClient } from './office-db';
import type { DecisionKind } from './publish';

export type MeterReviewState = 'open' | 'flagged' | 'decided';

/** Decisions still in force after this history (oldest first): each undo takes one back. */
export function decisionsInForce(kinds: readonly DecisionKind[]): number {
  let standing = 0;
  for (const kind of kinds) standing = kind === 'undo' ? Math.max(0, standing - 1) : standing + 1;
  return standing;
}

/**
 * Sets the meter's review state after `d` (already inserted in this transaction) and ends the
 * deciding desk's own review lease; another desk's lease is never ended by this desk's decision.
 */
export async function meterStateAfter(
  c: OfficeClient,
  meterId: number,
  d: { kind: DecisionKind; desk: string; clerk: string; decidedAt: Date },
): Promise<{ version: number; state: MeterReviewState }> {
  const state = d.kind === 'undo' ? await stateAfterUndo(c, meterId) : 'decided';
  const updated = await c.query<{ version: number }>(
    `UPDATE meters SET review_state = $2, updated_by = $3, updated_at = $4 WHERE id = $1
     RETURNING version`,
    [meterId, state, d.clerk, d.decidedAt],
  );
  await c.query('DELETE FROM review_leases WHERE meter_id = $1 AND desk = $2', [meterId, d.desk]);
  return { version: updated.rows[0]?.version ?? 0, state };
}

async function stateAfterUndo(c: OfficeClient, meterId: number): Promise<MeterReviewState> {
  const history = await c.query<{ kind: DecisionKind }>(
    'SELECT kind FROM decisions WHERE meter_id = $1 ORDER BY id',
    [meterId],
  );
  if (decisionsInForce(history.rows.map((r) => r.kind)) > 0) return 'decided';
  const flagged = await c.query(
    'SELECT 1 FROM readings WHERE meter_id = $1 AND to_review LIMIT 1',
    [meterId],
  );
  return (flagged.rowCount ?? 0) > 0 ? 'flagged' : 'open';
}
