// Office mode's hook in the action layer, the one path of every decision a person makes (issue 30,
// item 5), window and CLI alike: the desk's rules first (the caller's), then the office with the
// version the clerk saw (through the port, office-port.ts; refused there, nothing is written here),
// then the queue write together with its entry in the desk's office outbox
// (main/store/office-outbox.ts) in one SQLite transaction (a kill between two transactions kept
// decisions the office never heard of). While the queue does not publish nothing is kept.
import type { MeterDecision } from '../../common/billing/meter-decision';
import { writeWithOutboxEntry, type OutboxDecision } from '../store/office-outbox';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { keyOf, type OfficeAsk, type RefusedInOffice } from '../../common/office-decision-port';
import type { ActionSite } from './site';

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

/**
 * The office first (when one is in use and `ask` names a meter), then `write` with the decision's
 * outbox entry under the office's key, in one transaction; `made` says whether `write` decided.
 * Refused in the office: nothing is written and the refusal is the answer.
 */
export async function decideOfficeFirst<T>(
  site: ActionSite,
  ask: OfficeAsk | null,
  decision: OutboxDecision,
  write: (store: Store) => T,
  made: (result: T) => boolean,
): Promise<T | RefusedInOffice> {
  const port = ask === null ? null : (site.office?.() ?? null);
  const first = port && ask ? await port.decideFirst(ask) : ({ kind: 'alone' } as const);
  if (first.kind === 'refused') return { ok: false, changedBy: first.changedBy };
  // The queue as it is now: the window may have opened another while the office answered.
  const store = site.store();
  const key = keyOf(first);
  return decideForOffice(
    store,
    site.clock,
    () => write(store),
    (r) => (made(r) ? withKey(decision, key) : null),
  );
}

/** Whether an action's answer is the office's refusal (nothing written). */
export const refusedInOffice = (answer: unknown): answer is RefusedInOffice =>
  typeof answer === 'object' && answer !== null && 'changedBy' in answer;

/** The decision under the key the office already recorded it with (made there first). */
export function withKey(decision: OutboxDecision, officeKey: string | undefined): OutboxDecision {
  return officeKey === undefined ? decision : { ...decision, key: officeKey };
}

/**
 * A meter decision as the office records it, from the decision as this desk keeps it (the rules'
 * result, not the clerk's request): its details as data (JSON), never as a sentence. A typed
 * reading carries its read day and whether the customer read it, an estimate its reading and how
 * it was reached, so the office derives the row this desk derives (issue 30).
 */
export function officeMeterDecision(meterId: string, decision: MeterDecision): OutboxDecision {
  const meter = { meterNumber: meterId };
  switch (decision.kind) {
    case 'typed':
      return {
        ...meter,
        kind: 'type',
        reading: decision.reading,
        note: JSON.stringify({
          readAt: decision.readAt,
          ...(decision.byCustomer === true && { byCustomer: true }),
        }),
      };
    case 'skip':
      return { ...meter, kind: 'skip', skipCode: decision.code, note: decision.note };
    case 'exchange':
      return {
        ...meter,
        kind: 'exchange',
        reading: decision.reading,
        // Every detail billing books, so the office and the desks taking it write the same rows.
        note: JSON.stringify({
          oldFinal: decision.oldFinal,
          newStart: decision.newStart,
          // An exchange from an older build has neither: left out, as it keeps them.
          ...(decision.newMeter !== undefined && { newMeter: decision.newMeter }),
          newSerial: decision.newSerial ?? null,
          ...(decision.exchangedAt !== undefined && { exchangedAt: decision.exchangedAt }),
        }),
      };
    case 'reread':
      return {
        ...meter,
        kind: 'reread',
        note: JSON.stringify({ reason: decision.reason, note: decision.note }),
      };
    case 'estimate': {
      const { readAt, days, consumption, avgDailyUse, consecutive } = decision;
      return {
        ...meter,
        kind: 'estimate',
        reading: decision.reading,
        note: JSON.stringify({ readAt, days, consumption, avgDailyUse, consecutive }),
      };
    }
  }
}
