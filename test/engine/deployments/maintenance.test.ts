// A maintenance window (every endpoint 503 with Retry-After) is a hold of the whole key, never a
// photo's failure: the run waits as the service asks, one request at a time, and finishes with
// every reading once the service is back, saying what happened in plain words.
import { afterEach, describe, expect, it } from 'vitest';
import { engineText } from '../../../common/engine-messages';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a maintenance window', () => {
  it('holds every photo until the service is back, fails none and pays each once', async () => {
    h = await harness({
      photos: 8,
      duplicates: 0,
      // A short window in real time; the profile's is 160 s.
      sandbox: { profile: 'maintenance-window', faults: { maintenanceMs: 4_000 } },
    });
    // A short grace, so retries that were counted against a photo would use up its attempts
    // within the window.
    const s = h.open({ batchMode: 'never', resumeGraceMs: 100 });
    const lines: string[] = [];
    s.engine.on('log', (line) => lines.push(line));
    expect(await runToEnd(s, [h.photos])).toBe('complete');

    const counts = s.engine.status().counts;
    expect(counts).toMatchObject({ done: 8, failed: 0 });
    const { faults } = h.sandbox.ledger.counts();
    expect(faults.maintenance).toBeGreaterThan(0);
    // One request at a time asks whether the service is back, as often as it says.
    expect(faults.maintenance).toBeLessThanOrEqual(15);
    // Charges per photo's sha256: each read once.
    expect(Object.values(h.sandbox.ledger.quotaCharges()).every((n) => n === 1)).toBe(true);

    const began = engineText('serviceHoldBegan', { seconds: 1, serviceSays: '' }).slice(0, 40);
    expect(lines.some((l) => l.startsWith(began))).toBe(true);
    expect(lines.some((l) => /answers again after \d+ s of unavailability/.test(l))).toBe(true);
  });
});
