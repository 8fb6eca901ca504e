// Office mode's hook in the action layer: every decision a person makes is written together with
// its entry in the desk's office outbox (main/store/office-outbox.ts), in one SQLite transaction
// (issue 30: a kill between two transactions kept decisions the office never heard of), never
// waiting for the office database. While the queue does not publish (no office configured)
// nothing is kept.
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { writeWithOutboxEntry, type OutboxDecision } from '../store/office-outbox';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';

/**
 * Runs a decision's queue write and keeps its outbox entry in the same transaction; `entryOf`
 * says which entry the write's result calls for (null: nothing was decided, nothing kept).
 */
export function decideForOffice<T>(
  store: Store,
  clock: Clock,
  write: () => T,
  entryOf: (made: T) => OutboxDecision | null,
): T {
  return writeWithOutboxEntry(store.db, clock, write, entryOf);
}

/** The decision under the key the office already recorded it with (made there first). */
export function withKey(decision: OutboxDecision, officeKey: string | undefined): OutboxDecision {
  return officeKey === undefined ? decision : { ...decision, key: officeKey };
}

/** A meter decision as the office records it; its details as data (JSON), never as a sentence. */
export function officeMeterDecision(meterId: string, request: DecisionRequest): OutboxDecision {
  const meter = { meterNumber: meterId };
  switch (request.kind) {
    case 'typed':
      return { ...meter, kind: 'type', reading: request.reading };
    case 'skip':
      return { ...meter, kind: 'skip', skipCode: request.code, note: request.note ?? null };
    case 'exchange':
      return {
        ...meter,
        kind: 'exchange',
        reading: request.reading ?? null,
        note: JSON.stringify({ oldFinal: request.oldFinal, newStart: request.newStart }),
      };
    case 'reread':
      return {
        ...meter,
        kind: 'reread',
        note: JSON.stringify({ reason: request.reason, note: request.note ?? null }),
      };
    case 'estimate':
      return { ...meter, kind: 'estimate' };
  }
}
