// A route sheet loaded into a real queue file: the meters written (a first load, then a newer
// export of the same sheet updating every one), each route's progress, and the billing export of
// every meter: what a clerk waits for after choosing a sheet of 100,000 meters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportBilling } from '../../main/billing/billing-export';
import { billingRows, routeProgress } from '../../main/billing/meter-readings';
import { loadRouteSheet } from '../../main/billing/routes';
import { openStore } from '../../main/store/store';
import { routeSheet } from './route-sheets';

export interface QueueLoadFigures {
  readonly meters: number;
  readonly firstLoadMs: number;
  readonly updateMs: number;
  readonly progressMs: number;
  readonly exportMs: number;
  readonly exportedRows: number;
}

export async function measureQueueLoad(meters: number): Promise<QueueLoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-bench-routes-'));
  const store = openStore(join(dir, 'queue.sqlite'));
  try {
    const bytes = routeSheet(meters, 'utf8-comma');
    const now = new Date();
    const time = async (work: () => unknown): Promise<number> => {
      const t0 = performance.now();
      await work();
      return performance.now() - t0;
    };
    const load = async (): Promise<void> => {
      const loaded = await loadRouteSheet(store, bytes, { name: 'bench.csv', now });
      if (!loaded.ok) throw new Error('the benchmark sheet did not load');
    };
    const firstLoadMs = await time(load);
    const updateMs = await time(load);
    const progressMs = await time(() => routeProgress(store));
    let exportedRows = 0;
    const exportMs = await time(async () => {
      exportedRows = (await exportBilling(billingRows(store), join(dir, 'billing.csv'))).rows;
    });
    return { meters, firstLoadMs, updateMs, progressMs, exportMs, exportedRows };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
