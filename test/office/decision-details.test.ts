// Issue 30: what a desk publishes of a decision carries its details, so the office derives the
// row the deciding desk derives: a typed reading's read day and whether the customer read it, an
// estimate's reading and how it was reached. A desk with a route sheet and no photos types one
// meter's reading (on a day of its own, read by the customer), types another's (the route's read
// day) and estimates a third; its outbox publishes them to a real PostgreSQL office and the
// office's rows of those meters equal the desk's own billing rows, and so do those of another
// desk with the same sheet that takes the decisions from the office.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingRow } from '../../common/billing/billing-row';
import { QueueActions } from '../../main/actions/queue-actions';
import { billingRows } from '../../main/billing/meter-readings';
import { publishDesk } from '../../main/office/billing-publish';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { openStore } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const HEADER =
  'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use';
const NOW = Date.parse('2026-03-02T10:00:00Z');

/** What a row bills, without what only a photo gives (none here). */
const billed = (r: BillingRow | undefined) =>
  r && {
    meterId: r.meterId,
    readAt: r.readAt,
    reading: r.reading,
    confirmation: r.confirmation,
    readType: r.readType,
    consumption: r.consumption,
    previousReading: r.previousReading,
    plausibility: r.plausibility,
    reasons: r.reasons,
    useOnBill: r.useOnBill,
  };

describe.skipIf(officeSkip !== null)('decisions published with their details', () => {
  it('a typed reading with its day and customer mark, and an estimate, derive the desk’s rows in the office', async () => {
    const o = await migratedOffice(cluster(), 0);
    cleanups.push(() => o.close());
    const t = tempDir('meterdesk-decision-details-');
    const store = openStore(join(t.dir, 'queue.sqlite'));
    cleanups.push(() => {
      store.close();
      t.cleanup();
    });
    const clock = createManualClock(NOW);
    const outbox = officeOutboxOf(store.db, clock);
    outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
    const sheet = join(t.dir, 'r.csv');
    writeFileSync(
      sheet,
      `${[
        HEADER,
        'M1;R-7;1;5;0;00100;2026-01-02;1.5',
        'M2;R-7;2;5;0;00200;2026-01-02;2',
        'M3;R-7;3;5;0;00300;2026-01-02;0.5',
      ].join('\r\n')}\r\n`,
    );
    const actions = new QueueActions({ store: () => store, engine: () => null, clock });
    expect((await actions.loadRouteSheet(sheet, { name: 'r.csv' })).ok).toBe(true);
    expect(await actions.typeReading('M1', '00150', '2026-02-20', true)).toBe(true);
    expect(await actions.typeReading('M2', '00260')).toBe(true);
    expect(
      await actions.decideMeter('M3', { kind: 'estimate', readAt: '2026-02-25' }),
    ).toMatchObject({ ok: true });

    const desk = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc1' });
    cleanups.push(() => desk.close());
    await publishDesk(store, desk, 'anna@pc1', new Date(NOW));
    const publisher = new OutboxPublisher({ outbox, office: desk, clock });
    expect(await publisher.drain()).toMatchObject({ reachable: true, pending: 0, published: 3 });

    const mine = [...billingRows(store)];
    const office = (await desk.billingRows()).rows.map((r) => r.row);
    const of = (rows: readonly BillingRow[], meter: string) =>
      billed(rows.find((r) => r.meterId === meter));
    for (const meter of ['M1', 'M2', 'M3']) expect(of(office, meter)).toEqual(of(mine, meter));
    // Another desk with the same sheet takes them from the office as they were made.
    const u = tempDir('meterdesk-decision-details-ben-');
    const benStore = openStore(join(u.dir, 'queue.sqlite'));
    cleanups.push(() => {
      benStore.close();
      u.cleanup();
    });
    const ben = new QueueActions({ store: () => benStore, engine: () => null, clock });
    expect((await ben.loadRouteSheet(sheet, { name: 'r.csv' })).ok).toBe(true);
    const news = await desk.decisionNews({
      after: 0,
      desk: 'ben@pc2',
      queue: 'b0b0b0b0',
      taken: [],
    });
    expect(await ben.takeOfficeDecisions(news)).toMatchObject({ applied: 3 });
    const bens = [...billingRows(benStore)];
    for (const meter of ['M1', 'M2', 'M3']) expect(of(bens, meter)).toEqual(of(mine, meter));

    // What the details changed: the customer's day and read type, the estimate itself.
    expect(of(office, 'M1')).toMatchObject({ readAt: '2026-02-20', readType: 'customer' });
    expect(of(office, 'M3')).toMatchObject({
      readType: 'estimated',
      confirmation: 'estimated',
      readAt: '2026-02-25',
      reading: '00327',
    });
  });
});
