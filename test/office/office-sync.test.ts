// The shape the office's four syncs share (main/office/office-sync.ts), through one of them, the
// profile sync, against an office that fails its first reads: a failed turn says why in the log,
// answers idle and is tried again on its own after 1 s, then 2 s (backing off, no note needed);
// a turn that succeeds applies what it read; once stopped, neither a note nor a retry runs a turn.
import { describe, expect, it } from 'vitest';
import type { PlausibilityProfile } from '../../common/billing/plausibility-profiles';
import { TURN_RETRY } from '../../main/office/one-turn-at-a-time';
import { ProfileSync } from '../../main/office/profile-sync';
import type { OfficeProfile } from '../../main/office/store/office-limits';
import { createManualClock } from '../helpers/manual-clock';

const PROFILE: PlausibilityProfile = 'sap_bands';

function flakyOffice(failures: number) {
  let reads = 0;
  return {
    reads: () => reads,
    office: {
      plausibilityProfile: (): Promise<OfficeProfile | null> => {
        reads += 1;
        return reads <= failures
          ? Promise.reject(new Error(`office away (read ${String(reads)})`))
          : Promise.resolve({
              profile: PROFILE,
              desk: 'anna@pc-7',
              setAt: new Date(0),
              version: 1,
            });
      },
    },
  };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('an office sync’s shared shape', () => {
  it('logs a failed turn, tries it again backing off, then applies what it read', async () => {
    const clock = createManualClock(0);
    const { office, reads } = flakyOffice(2);
    const logs: string[] = [];
    const said: string[] = [];
    const taken: PlausibilityProfile[] = [];
    const sync = new ProfileSync({
      office,
      clock,
      take: (p) => {
        taken.push(p);
        return true;
      },
      say: (l) => said.push(l),
      log: (l) => logs.push(l),
    });
    expect(await sync.sync()).toBeNull();
    expect(logs).toEqual([
      'Office: plausibility limits not read now, tried again shortly (office away (read 1)).',
    ]);
    await clock.advance(TURN_RETRY.firstMs - 1);
    expect(reads()).toBe(1);
    await clock.advance(1);
    await settled();
    expect(reads()).toBe(2);
    expect(logs).toHaveLength(2);
    // The second failure waits twice as long.
    await clock.advance(TURN_RETRY.firstMs * 2 - 1);
    expect(reads()).toBe(2);
    await clock.advance(1);
    await settled();
    expect(reads()).toBe(3);
    expect(taken).toEqual([PROFILE]);
    expect(said).toEqual([
      'Office: plausibility limits "sap_bands" as anna@pc-7 chose them for the office.',
    ]);
    await sync.stop();
  });

  it('tries nothing once stopped, neither a note nor a pending retry', async () => {
    const clock = createManualClock(0);
    const { office, reads } = flakyOffice(1);
    const sync = new ProfileSync({ office, clock, take: () => false, say: () => undefined });
    expect(await sync.sync()).toBeNull();
    await sync.stop();
    sync.soon();
    await clock.advance(TURN_RETRY.maxMs * 2);
    await settled();
    expect(reads()).toBe(1);
    expect(await sync.sync()).toBeNull();
    expect(reads()).toBe(1);
  });
});
