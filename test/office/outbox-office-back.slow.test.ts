// After a long outage the outbox publisher's next try can be a minute away; the desk's live
// listener reconnecting is the first sign the office is back, and the desk publishes then
// (bench/office-outage.ts measured up to ~30 s of waiting without it). A real server halted and
// resumed; the desk's clock is manual, so "at once" means without the clock moving.
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxPublisher, type PublisherState } from '../../main/office/outbox-publisher';
import { migratedOffice, T0 } from './office-fixture';
import { readPhoto } from './queue-photos';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaDeskQueue } from './anna-desk-queue';

const office = useOfficeCluster({ halts: true });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(officeSkip !== null)('an office back after an outage', () => {
  it('is published to when the desk hears it is back, not at the outage wait’s next try', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const { store, clock, outbox, desk } = await annaDeskQueue(
      o,
      cleanups,
      'meterdesk-office-back-',
      {
        connectMs: 2_000,
      },
    );
    const states: PublisherState[] = [];
    let told: (() => void) | null = null;
    const publisher = new OutboxPublisher({
      outbox,
      office: desk,
      clock,
      onState: (s) => {
        states.push(s);
        told?.();
      },
    });
    cleanups.push(() => publisher.stop());
    const nextState = (): Promise<void> =>
      new Promise((resolve) => {
        told = resolve;
      });
    readPhoto(store, 'a.jpg', '00120', '2026-03-02T08:00:00.000Z');

    await cluster.cluster.halt();
    try {
      // Tries at 0, 1 s, 3 s and 7 s fail; the next is 8 s later.
      let failed = nextState();
      publisher.start();
      await failed;
      for (const wait of [1_000, 2_000, 4_000]) {
        failed = nextState();
        await clock.advance(wait);
        await failed;
      }
      expect(states.map((s) => s.reachable)).toEqual([false, false, false, false]);
    } finally {
      await cluster.cluster.resume();
    }
    expect(outbox.counts()).toMatchObject({ pending: 1, published: 0 });
    // Back: published now, with 8 s of the outage wait still to run.
    const published = nextState();
    publisher.officeBack();
    await published;
    expect(states.at(-1)).toMatchObject({ reachable: true, pending: 0, published: 1 });
    expect(clock.now() - T0.getTime()).toBe(7_000);
  });
});
