// Settings' plausibility limits read the queue's recent readings and check each again under both
// profiles (main/billing/limits-sample.ts) on the backend's one thread: how long that takes with
// 500 and 2,000 read meters (the sample's cap) in a real SQLite queue, and what choosing a profile
// costs (every meter with a photo checked again and stored). Run with `npx tsx bench/limits.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_LIMIT_READINGS } from '../common/ipc/limits-views';
import { QueueActions } from '../main/actions/queue-actions';
import { limitsSample } from '../main/billing/limits-sample';
import { openStore } from '../main/store/store';
import { PLAUSIBILITY_PROFILES, PROFILE_CONFIGS } from '../common/billing/plausibility-profiles';
import { readPhoto } from '../test/billing/read-photo';
import { createManualClock } from '../test/helpers/manual-clock';
import { sheetMeters } from './lib/sheet-meters';
import { medianMs } from './lib/stats';

const NOW = Date.parse('2026-11-23T12:00:00Z');

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const sizes = values.quick ? [500] : [500, 2000];
const dir = mkdtempSync(join(tmpdir(), 'meterdesk-bench-limits-'));
try {
  console.log('read meters | sample (both profiles) ms | choose a profile ms');
  for (const n of sizes) {
    const clock = createManualClock(NOW);
    const store = openStore(join(dir, `queue-${String(n)}.sqlite`), { clock });
    try {
      store.meters.loadSheet(
        {
          name: 'bench.csv',
          mapping: { version: 1, fields: { meterId: 'meter_id' } },
          encoding: 'utf-8',
          delimiter: ',',
        },
        sheetMeters(n, {
          idDigits: 6,
          registerDecimals: 0,
          previousReading: '00100',
          previousReadingValue: 100,
          previousReadAt: '2026-10-23',
          avgDailyUse: 1,
        }),
      );
      const rootId = store.roots.ensure('/photos', 'folder').id;
      for (let i = 0; i < n; i++) {
        // Use around 30 m³ in 30 days, some far off: the histogram has both sides.
        const used = Math.round(30 * Math.exp(Math.sin(i) * 1.2));
        await readPhoto(store, {
          rootId,
          relPath: `M${String(i).padStart(6, '0')}.jpg`,
          reading: String(100 + used).padStart(5, '0'),
          readAt: '2026-11-22T09:00:00',
          sha256: i.toString(16).padStart(64, '0'),
          now: new Date(NOW),
        });
      }
      const configs = PLAUSIBILITY_PROFILES.map((p) => [p, PROFILE_CONFIGS[p]] as const);
      const sampled = limitsSample(store, configs, MAX_LIMIT_READINGS).length;
      if (sampled !== n) throw new Error(`sampled ${String(sampled)} of ${String(n)} readings`);
      const actions = new QueueActions({ store: () => store, engine: () => null, clock });
      const sample = medianMs(3, () => limitsSample(store, configs, MAX_LIMIT_READINGS));
      let flip = false;
      const choose = medianMs(3, () => {
        flip = !flip;
        // No office here: the whole choice runs before the promise is returned.
        void actions.setPlausibilityProfile(flip ? 'sap_bands' : 'history');
      });
      console.log(`${String(n)} | ${sample.toFixed(0)} | ${choose.toFixed(0)}`);
    } finally {
      store.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
