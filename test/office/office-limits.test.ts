// The office's plausibility limits (issue 33 in office mode; office migration 012): desk A chooses
// SAP's bands in office mode through the action layer; the office keeps the choice (audited),
// desk B, running, follows it on the live note, and desk C, started later, takes it at start.
// A reading at x1.83 of its expectation (and one at x0.4), which MeterDesk's own limits pass, is
// then flagged at B and C and in the office's billing rows, which equal B's own rows. Real SQLite
// queues, one real PostgreSQL office.
import { afterEach, describe, expect, it } from 'vitest';
import { QueueActions } from '../../main/actions/queue-actions';
import { plausibilityConfig } from '../../main/billing/assess';
import { billingRows } from '../../main/billing/meter-readings';
import { publishDesk } from '../../main/office/billing-publish';
import { OfficeFirstGate } from '../../main/office/office-first';
import { startOfficeDesk, type OfficeDesk } from '../../main/office/office-desk';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { systemClock } from '../../main/time/clock';
import { profileOf } from '../../common/billing/plausibility-profiles';
import type { BillingRow } from '../../common/billing/billing-row';
import { DECISIONS_NOW, openDecisionQueue, type DecisionQueue } from '../billing/decision-queue';
import { readThreeReadings } from '../billing/profile-readings';
import { migratedOffice, type MigratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();

const open: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** A desk's queue with the route sheet and the three readings, publishing as `desk`. */
async function deskQueue(desk: string): Promise<DecisionQueue> {
  const q = openDecisionQueue(`meterdesk-office-limits-${desk}-`);
  open.push(q);
  officeOutboxOf(q.store.db, systemClock).publishAs({ desk, clerk: desk.split('@')[0] ?? desk });
  await readThreeReadings(q);
  return q;
}

async function startDesk(o: MigratedOffice, q: DecisionQueue, desk: string): Promise<OfficeDesk> {
  const started = await startOfficeDesk({
    store: q.store,
    url: await o.deskUrl(desk.split('@')[0] ?? desk),
    desk,
    clock: systemClock,
    say: () => undefined,
    takeProfile: (profile) => q.actions.takeOfficeProfile(profile),
  });
  open.push({ close: () => started.finish(5_000) });
  return started;
}

const levels = (q: DecisionQueue): (string | null)[] =>
  [...billingRows(q.store)].map((r) => r.plausibility);

async function officeRows(office: OfficeStore): Promise<Map<string, BillingRow>> {
  const { rows } = await office.billingRows();
  return new Map(rows.map((r) => [r.row.meterId ?? '', r.row]));
}

describe.skipIf(officeSkip !== null)('the office plausibility profile', () => {
  it('chosen at desk A: followed at B (live) and C (at start), and by the office rows', async () => {
    const o = await migratedOffice(cluster(), 0);
    open.push(o);
    const admin = cluster().adminOn(o.database);
    open.push({ close: () => admin.end() });
    const b = await deskQueue('ben@pc');
    const ben = await startDesk(o, b, 'ben@pc');
    await publishDesk(b.store, ben.office, 'ben@pc', new Date(DECISIONS_NOW));
    expect(await ben.publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
    const dora = openOfficeStore(await o.deskUrl('dora'), { desk: 'dora@pc' });
    open.push(dora);
    // MeterDesk's own limits, everywhere: x1.83 and x0.4 pass.
    expect(levels(b)).toEqual(['ok', 'ok', 'ok']);
    expect([...(await officeRows(dora)).values()].map((r) => r.plausibility)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);

    // Desk A chooses SAP's bands in the window, in office mode: through the action layer.
    const a = openDecisionQueue('meterdesk-office-limits-anna-');
    open.push(a);
    const anna = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc' });
    open.push(anna);
    const gate = new OfficeFirstGate({
      running: () => Promise.resolve({ office: anna }),
      me: () => ({ desk: 'anna@pc', clerk: 'anna' }),
      clock: () => systemClock,
      time: systemClock,
    });
    const actions = new QueueActions({
      store: () => a.store,
      engine: () => null,
      clock: systemClock,
      office: () => gate,
    });
    expect(await actions.setPlausibilityProfile('sap_bands')).toBe('office');
    expect(profileOf(plausibilityConfig(a.store))).toBe('sap_bands');
    expect(await dora.plausibilityProfile()).toMatchObject({
      profile: 'sap_bands',
      desk: 'anna@pc',
    });
    const audit = await admin.query<{ desk_user: string; after: { profile: string } }>(
      `SELECT desk_user, after FROM audit WHERE table_name = 'office_plausibility'`,
    );
    expect(audit.rows.map((r) => [r.desk_user, r.after.profile])).toEqual([
      ['anna@pc', 'sap_bands'],
    ]);

    // B follows on the live note; x1.83 is high and x0.4 low by SAP's bands.
    await expect
      .poll(() => profileOf(plausibilityConfig(b.store)), { timeout: 20_000 })
      .toBe('sap_bands');
    expect(levels(b)).toEqual(['ok', 'warning', 'warning']);
    // C, started after the choice, judges by it before its first reading is checked.
    const c = await deskQueue('carl@pc');
    await startDesk(o, c, 'carl@pc');
    expect(profileOf(plausibilityConfig(c.store))).toBe('sap_bands');
    expect(levels(c)).toEqual(['ok', 'warning', 'warning']);

    // The office's rows, derived again with the office's profile, equal B's own rows.
    const office = await officeRows(dora);
    expect(office.get('M2')?.plausibility).toBe('warning');
    expect(office.get('M2')?.reasons).toMatch(/83% above .*limit \+70%/);
    // The office keeps a stamp without an offset as UTC (timestamptz): the one difference.
    const sameDay = (r: BillingRow | undefined) => r && { ...r, readAt: r.readAt?.slice(0, 19) };
    for (const row of billingRows(b.store))
      expect(sameDay(office.get(row.meterId ?? ''))).toEqual(sameDay(row));
  }, 60_000);
});
