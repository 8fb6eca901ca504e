// Pause stops sending, not collecting: tasks already at the service are paid for, and the banner
// promises their readings still arrive. The real sandbox over HTTP; the engine's time is a manual
// clock the test moves, so polls fall due only when it says so.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../main/actions/session';
import { FAST_ENGINE, harness, type Harness } from '../helpers/engine-harness';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';

let h: Harness | undefined;
let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  await h?.close();
  s = undefined;
  h = undefined;
});

/**
 * Moves the engine's clock on in small steps, letting real HTTP answers arrive between them,
 * until `done` holds (a hang guard on the wall clock, never a measurement).
 */
async function driveUntil(clock: ManualClock, done: () => boolean): Promise<void> {
  const started = Date.now();
  while (!done() && Date.now() - started < 60_000) {
    await clock.advance(250);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('pause', () => {
  it('keeps collecting the readings already at the service while nothing new is sent', async () => {
    h = await harness({ photos: 8, duplicates: 0 });
    h.sandbox.control.setAiOnline(false);
    const clock = createManualClock(Date.now());
    s = openSession({
      dbFile: h.dbFile,
      baseUrl: h.sandbox.url,
      apiKey: h.sandbox.apiKey,
      config: { ...FAST_ENGINE, batchMode: 'never', maxConcurrency: 3 },
      clock,
    });
    const session = s;
    await session.actions.addPhotos([h.photos]);
    await session.engine.start();
    await driveUntil(clock, () => session.engine.status().counts.submitted >= 3);
    expect(session.engine.status().counts.submitted).toBe(3);

    session.engine.pause();
    const sent = h.sandbox.ledger.tasks().length;
    const queued = session.engine.status().counts.queued;
    expect(queued).toBeGreaterThan(0);
    h.sandbox.control.setAiOnline(true);
    await driveUntil(clock, () => session.engine.status().counts.done >= sent);

    const counts = session.engine.status().counts;
    expect(counts.done).toBe(sent);
    expect(counts.submitted).toBe(0);
    // Nothing new went up while paused.
    expect(h.sandbox.ledger.tasks().length).toBe(sent);
    expect(counts.queued).toBe(queued);

    session.engine.resume();
    await driveUntil(clock, () => session.engine.status().counts.queued === 0);
    expect(session.engine.status().counts.queued).toBe(0);
  }, 120_000);
});
