// The window's billing views over a large route: how long the overview (route panel, export
// dialog), a filtered meter list, the picker's search and one meter's detail take at 10,000 and
// 100,000 meters in a real SQLite queue. The views read every meter per call (walking order,
// outcome per meter): this says what that costs. Run with `npx tsx bench/billing-views.ts [--quick]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  billingOverview,
  findMeters,
  listMeters,
  meterDetail,
} from '../main/backend/handlers/billing-meters';
import { openStore } from '../main/store/store';
import { sheetMeters } from './lib/sheet-meters';
import { medianMs } from './lib/stats';

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
const sizes = values.quick ? [10_000] : [10_000, 100_000];
const rounds = values.quick ? 1 : 3;
const dir = mkdtempSync(join(tmpdir(), 'meterdesk-bench-billing-'));
try {
  console.log(
    'meters | overview ms | list flagged ms | list all (first 200) ms | find ms | detail ms',
  );
  for (const n of sizes) {
    const store = openStore(join(dir, `queue-${String(n)}.sqlite`));
    try {
      const all = sheetMeters(n, {
        idDigits: 7,
        routeSize: 1000,
        registerDecimals: 3,
        previousReading: '00100.000',
        previousReadingValue: 100,
        previousReadAt: '2026-09-01',
        avgDailyUse: 0.5,
      });
      store.meters.loadSheet(
        {
          name: 'bench.csv',
          mapping: { version: 1, fields: { meterId: 'meter_id' } },
          encoding: 'utf-8',
          delimiter: ',',
        },
        all,
      );
      const mid = all[Math.floor(n / 2)]?.meterId ?? '';
      const figures = [
        medianMs(rounds, () => billingOverview(store)),
        medianMs(rounds, () => listMeters(store, { filter: 'flagged' })),
        medianMs(rounds, () => listMeters(store, { filter: 'all' })),
        medianMs(rounds, () => findMeters(store, mid.slice(0, 6), 12)),
        medianMs(rounds, () => meterDetail(store, mid, Date.now())),
      ];
      console.log(`${String(n)} | ${figures.map((f) => f.toFixed(1)).join(' | ')}`);
    } finally {
      store.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
