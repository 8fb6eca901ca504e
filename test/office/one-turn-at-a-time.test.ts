// The office syncs' one-turn-at-a-time rule: a burst of calls during a turn costs one more turn,
// `soon` waits for a burst to settle, a stopped sync starts nothing, and stopping waits for the
// turn in flight.
import { describe, expect, it } from 'vitest';
import { OneTurnAtATime } from '../../main/office/one-turn-at-a-time';
import { createManualClock } from '../helpers/manual-clock';

const SETTLE_MS = 500;

function gatedTurns() {
  const clock = createManualClock(0);
  const gates: (() => void)[] = [];
  let turns = 0;
  const sync = new OneTurnAtATime<number>(
    () =>
      new Promise<number>((resolve) => {
        turns += 1;
        const n = turns;
        gates.push(() => {
          resolve(n);
        });
      }),
    -1,
    clock,
    SETTLE_MS,
  );
  const open = async (): Promise<void> => {
    gates.shift()?.();
    // Let the finished turn's finally start the next one.
    await new Promise((r) => setImmediate(r));
  };
  return { sync, open, clock, turns: () => turns };
}

describe('one turn at a time', () => {
  it('answers a burst during a turn with that turn, then runs once more', async () => {
    const { sync, open, turns } = gatedTurns();
    const first = sync.run();
    const during = [sync.run(), sync.run(), sync.run()];
    expect(turns()).toBe(1);
    await open();
    expect(await first).toBe(1);
    expect(await Promise.all(during)).toEqual([1, 1, 1]);
    expect(turns()).toBe(2);
    await open();
    await new Promise((r) => setImmediate(r));
    expect(turns()).toBe(2);
  });

  it('runs one turn for a burst of soon() calls, once the burst has settled', async () => {
    const { sync, clock, turns } = gatedTurns();
    sync.soon();
    await clock.advance(SETTLE_MS - 1);
    sync.soon();
    await clock.advance(SETTLE_MS - 1);
    expect(turns()).toBe(0);
    await clock.advance(1);
    expect(turns()).toBe(1);
  });

  it('starts nothing once stopped, and stopping waits for the turn in flight', async () => {
    const { sync, open, clock, turns } = gatedTurns();
    void sync.run();
    void sync.run();
    let stopped = false;
    const stopping = sync.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    await open();
    await stopping;
    expect(stopped).toBe(true);
    expect(turns()).toBe(1);
    expect(await sync.run()).toBe(-1);
    expect(sync.stopped).toBe(true);
    sync.soon();
    await clock.advance(SETTLE_MS);
    expect(turns()).toBe(1);
  });

  it('tries a failed turn again on its own, backing off, and from the first wait after a success', async () => {
    const clock = createManualClock(0);
    const outcomes = ['fail', 'fail', 'ok', 'fail'];
    const at: number[] = [];
    const sync = new OneTurnAtATime<string>(
      () => {
        at.push(clock.now());
        const outcome = outcomes.shift() ?? 'ok';
        return outcome === 'ok' ? Promise.resolve(outcome) : Promise.reject(new Error('away'));
      },
      'idle',
      clock,
      SETTLE_MS,
      { firstMs: 1_000, maxMs: 1_500 },
    );
    expect(await sync.run()).toBe('idle');
    await clock.advance(999);
    expect(at).toEqual([0]);
    await clock.advance(1);
    // The second failure waits twice as long, capped at maxMs; the success ends the retries.
    await clock.advance(1_500);
    expect(at).toEqual([0, 1_000, 2_500]);
    await clock.advance(60_000);
    expect(at).toEqual([0, 1_000, 2_500]);
    // A failure after a success waits the first time again; a stopped sync tries nothing.
    await sync.run();
    await clock.advance(1_000);
    expect(at).toEqual([0, 1_000, 2_500, 62_500, 63_500]);
    outcomes.push('fail');
    await sync.run();
    await sync.stop();
    await clock.advance(60_000);
    expect(at).toHaveLength(6);
  });
});
