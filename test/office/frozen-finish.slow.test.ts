// A desk that has done its work finishes within its budget while the office's server is frozen
// (issue 30: a desk that had read everything at 7 s exited at 125 s, when a 120 s freeze ended):
// what it could not publish waits in its outbox. The desk's statement timeout is made longer than
// the budget here, so only the budget can end the wait. Slow: it waits out the budget for real.
import { afterEach, describe, expect, it } from 'vitest';
import { startOfficeDesk } from '../../main/office/office-desk';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore } from '../../main/store/store';
import { systemClock } from '../../main/time/clock';
import { tempDir } from '../helpers/tmp';
import { freezeOffice } from './frozen-server';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A hang guard, never a measurement: the budget below is 1 s, the desk's statements wait 60 s. */
const HANG_MS = 20_000;

describe.skipIf(officeSkip !== null)('a desk finishing while the office is frozen', () => {
  it('ends within its budget and keeps what it could not publish', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const t = tempDir('meterdesk-frozen-finish-');
    const store = openStore(`${t.dir}/queue.sqlite`);
    cleanups.push(() => {
      store.close();
      t.cleanup();
    });
    const said: string[] = [];
    const desk = await startOfficeDesk({
      store,
      url: await o.deskUrl('anna'),
      desk: 'anna@pc1',
      clock: systemClock,
      say: (line) => said.push(line),
      // Nothing publishes before the freeze; a statement would wait far past the budget.
      publishEveryMs: 600_000,
      rowsEveryMs: 600_000,
      db: { connectMs: 500, queryMs: 60_000 },
    });
    const outbox = officeOutboxOf(store.db, systemClock);
    outbox.addDecision({ kind: 'skip', meterNumber: 'M1', skipCode: 'no_access' });
    outbox.addDecision({ kind: 'confirm', meterNumber: 'M2' });
    const frozen = await freezeOffice(cluster.admin, o.database);
    try {
      let guard: NodeJS.Timeout | undefined;
      const hung = new Promise<'hung'>((resolve) => {
        guard = setTimeout(() => {
          resolve('hung');
        }, HANG_MS);
      });
      const finished = await Promise.race([desk.finish(1_000), hung]);
      clearTimeout(guard);
      expect(finished).toMatchObject({ pending: 2 });
      expect(outbox.counts()).toMatchObject({ pending: 2, published: 0 });
      expect(said.at(-1)).toMatch(/2 entries wait in this desk's outbox/);
    } finally {
      frozen.thaw();
    }
  });
});
