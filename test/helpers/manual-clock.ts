// A deterministic clock for simulations: time moves only when the test says so, timers fire in
// order, and pending promise callbacks run between timers.
import type { Clock } from '../../main/time/clock';

interface Timer {
  readonly id: number;
  readonly atMs: number;
  readonly fn: () => void;
}

export interface ManualClock extends Clock {
  sleep(ms: number): Promise<void>;
  /** Runs timers in time order until none is left or `untilMs` is reached. */
  run(untilMs: number): Promise<void>;
  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number): Promise<void>;
  pendingTimers(): number;
}

/** Lets every already-queued promise callback run (a macrotask turn). */
export function settleMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createManualClock(startMs: number): ManualClock {
  let now = startMs;
  let nextId = 1;
  let timers: Timer[] = [];

  const clock: ManualClock = {
    now: () => now,
    setTimer: (fn, ms) => {
      const timer = { id: nextId++, atMs: now + Math.max(0, ms), fn };
      timers.push(timer);
      return timer.id;
    },
    clearTimer: (handle) => {
      timers = timers.filter((t) => t.id !== handle);
    },
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        clock.setTimer(resolve, ms);
      }),
    run: async (untilMs) => {
      await settleMicrotasks();
      for (;;) {
        if (timers.length === 0) return;
        timers.sort((a, b) => a.atMs - b.atMs || a.id - b.id);
        const next = timers[0] as Timer;
        if (next.atMs > untilMs) return;
        timers.shift();
        now = Math.max(now, next.atMs);
        next.fn();
        await settleMicrotasks();
      }
    },
    advance: async (ms) => {
      const until = now + ms;
      await clock.run(until);
      now = Math.max(now, until);
      await settleMicrotasks();
    },
    pendingTimers: () => timers.length,
  };
  return clock;
}
