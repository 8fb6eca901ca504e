// Office mode's hook in the action layer: every decision a person makes passes here on its way
// into the desk's office outbox (main/store/office-outbox.ts), in the same synchronous step as the
// queue write, never waiting for the office database. While the queue does not publish (no office
// configured) nothing is kept.
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { officeOutboxOf, type OutboxDecision } from '../store/office-outbox';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';

export function keepForOffice(store: Store, clock: Clock, decision: OutboxDecision): void {
  officeOutboxOf(store.db, clock).addDecision(decision);
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
