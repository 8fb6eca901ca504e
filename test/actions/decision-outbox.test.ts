// Issue 30: a clerk's decision and its office outbox entry are one SQLite transaction. Here the
// outbox entry cannot be written (a temporary trigger refuses it, as a disk that fails or a
// process that dies between the two would leave them): every kind of decision is then kept
// neither in the queue nor in the outbox, never in the queue alone. Without the fault both are
// kept, under the office's key when the office recorded the decision first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { officeOutboxOf } from '../../main/store/office-outbox';
import type { Store } from '../../main/store/store';
import {
  DECISIONS_NOW,
  NEW_METER,
  openDecisionQueue,
  type DecisionQueue,
} from '../billing/decision-queue';
import { readPhoto } from '../billing/read-photo';
import { createManualClock } from '../helpers/manual-clock';

let queue: DecisionQueue;
let store: Store;
let actions: QueueActions;
let photo: number;

beforeEach(async () => {
  queue = openDecisionQueue('meterdesk-decision-outbox-');
  ({ store, actions } = queue);
  expect(await queue.loadSheet(['M1;R;10;5;1;00100,0;2026-10-23;1,5'])).toBe(true);
  photo = await readPhoto(store, {
    rootId: queue.rootId,
    relPath: 'M1.jpg',
    reading: '00112.0',
    readAt: '2026-11-22T09:00:00',
    sha256: 'a'.repeat(64),
    now: new Date(DECISIONS_NOW),
  });
  officeOutbox().publishAs({ desk: 'anna@pc1', clerk: 'anna' });
});
afterEach(() => {
  queue.close();
});

function officeOutbox() {
  return officeOutboxOf(store.db, createManualClock(DECISIONS_NOW));
}

/** The decisions kept for the office: their kind and key. */
function decisionsKept(): { kind: unknown; key: string }[] {
  return officeOutbox()
    .since(0, 100)
    .filter((e) => e.kind === 'decision')
    .map((e) => ({ kind: e.payload.kind, key: e.key }));
}

/** What the queue holds of the clerk's work: the photo's review and the meter's decision. */
function queueState(): { review: string | null; meterDecision: string | null } {
  return {
    review: store.jobs.get(photo)?.reviewAction ?? null,
    meterDecision: store.decisions.current('M1')?.decision.kind ?? null,
  };
}

/** From now on the outbox refuses decisions, as a write that fails midway. */
function outboxFails(): void {
  store.db.exec(`CREATE TEMP TRIGGER outbox_fails BEFORE INSERT ON main.office_outbox
    WHEN NEW.kind = 'decision' BEGIN SELECT RAISE(ABORT, 'outbox write failed'); END`);
}

const made: [string, (a: QueueActions) => unknown][] = [
  ['confirm', (a) => a.review(photo, 'accepted', null)],
  ['correct', (a) => a.review(photo, 'corrected', '00113.0')],
  ['skip', (a) => a.recordSkip('M1', 'no_access', null)],
  ['typed reading', (a) => a.typeReading('M1', '00115.0')],
  ['typed', (a) => a.decideMeter('M1', { kind: 'typed', reading: '00115.0' })],
  [
    'exchange',
    (a) => a.decideMeter('M1', { ...NEW_METER, oldFinal: '00110.0', newStart: '00002.0' }),
  ],
  ['re-read', (a) => a.decideMeter('M1', { kind: 'reread', reason: 'implausible' })],
  ['estimate', (a) => a.decideMeter('M1', { kind: 'estimate' })],
];

describe('a decision whose outbox entry cannot be written', () => {
  it.each(made)('%s: neither in the queue nor in the outbox', async (_name, decide) => {
    outboxFails();
    await expect(decide(actions)).rejects.toThrow('outbox write failed');
    expect(queueState()).toEqual({ review: null, meterDecision: null });
    expect(decisionsKept()).toEqual([]);
  });

  it('an undone review stands, kept once for the office', async () => {
    expect(await actions.review(photo, 'accepted', null)).toBe(true);
    const row = store.jobs.get(photo);
    const undone = {
      action: 'accepted' as const,
      reading: null,
      reviewedAt: row?.reviewedAt ?? '',
    };
    outboxFails();
    await expect(
      actions.undoReview(photo, undone, { action: null, reading: null, reviewedAt: null }),
    ).rejects.toThrow('outbox write failed');
    expect(queueState().review).toBe('accepted');
    expect(decisionsKept().map((d) => d.kind)).toEqual(['confirm']);
  });

  it('an undone meter decision stands, kept once for the office', async () => {
    expect((await actions.decideMeter('M1', { kind: 'estimate' }))?.ok).toBe(true);
    outboxFails();
    await expect(actions.undoMeterDecision('M1')).rejects.toThrow('outbox write failed');
    expect(queueState().meterDecision).toBe('estimate');
    expect(decisionsKept().map((d) => d.kind)).toEqual(['estimate']);
  });
});

describe('a decision the outbox takes', () => {
  it.each(made)('%s: in the queue and in the outbox', async (_name, decide) => {
    await decide(actions);
    const state = queueState();
    expect(state.review ?? state.meterDecision).not.toBeNull();
    expect(decisionsKept()).toHaveLength(1);
  });

  it("keeps the office's key when the office recorded it first, a new key of its own else", async () => {
    // The office's answer through the port the actions declare (main/office/office-first.ts
    // implements it; test/office/office-first-action.test.ts asks a real office).
    const officeFirst = new QueueActions({
      store: () => store,
      engine: () => null,
      clock: createManualClock(DECISIONS_NOW),
      office: () => ({
        decideFirst: (ask) =>
          Promise.resolve(
            ask.decision.kind === 'confirm'
              ? { kind: 'accepted', key: 'ben@pc2:decision:office-first' }
              : { kind: 'alone' },
          ),
      }),
    });
    expect(await officeFirst.review(photo, 'accepted', null)).toBe(true);
    expect((await officeFirst.decideMeter('M1', { kind: 'estimate' }))?.ok).toBe(true);
    const [first, second] = decisionsKept();
    expect(first).toEqual({ kind: 'confirm', key: 'ben@pc2:decision:office-first' });
    expect(second?.key).toMatch(/^anna@pc1:decision:[0-9a-f-]{36}$/);
  });

  it('a refused decision keeps nothing', async () => {
    expect((await actions.decideMeter('M1', { kind: 'reread', reason: 'implausible' }))?.ok).toBe(
      true,
    );
    expect(
      await actions.decideMeter('M1', { kind: 'reread', reason: 'implausible' }),
    ).toMatchObject({
      ok: false,
    });
    expect(await actions.review(photo + 1000, 'accepted', null)).toBe(false);
    expect(decisionsKept().map((d) => d.kind)).toEqual(['reread']);
  });
});
