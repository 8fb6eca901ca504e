// History is the office's (issue 33 in office mode; office migration 012). A route of garden
// houses is read at desk B, which has no history; desk A imports the route's two years of
// history with `history import --office`, and nothing else. The office's rows then judge as a desk
// with that history does (desk C, its own import): the right July reading of a garden house,
// which the sheet's yearly average flags, passes against its season, and a zero on an active
// account is flagged as the third zero period in a row. The office export's billed readings
// become office history. Real SQLite queues, one real PostgreSQL office.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { billingRows } from '../../main/billing/meter-readings';
import { main } from '../../main/cli/main';
import { publishDesk } from '../../main/office/billing-publish';
import { QueueActions } from '../../main/actions/queue-actions';
import { OfficeFirstGate } from '../../main/office/office-first';
import { startOfficeDesk } from '../../main/office/office-desk';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { systemClock } from '../../main/time/clock';
import type { BillingRow } from '../../common/billing/billing-row';
import { captureIo } from '../helpers/cli-io';
import { DECISIONS_NOW, openDecisionQueue, type DecisionQueue } from '../billing/decision-queue';
import { gardenRoute, gardenSheet, historyCsv, readingAfter } from './garden-history';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const route = gardenRoute();

const open: { close: () => unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** A queue with the garden sheet, G3's July (26 m³, a dry July) and S's zero read. */
async function readRoute(who: string): Promise<DecisionQueue> {
  const q = openDecisionQueue(`meterdesk-office-history-${who}-`);
  open.push(q);
  officeOutboxOf(q.store.db, systemClock).publishAs({ desk: `${who}@pc`, clerk: who });
  const sheet = join(q.dir, 'garden.csv');
  writeFileSync(sheet, gardenSheet(route));
  expect((await q.actions.loadRouteSheet(sheet, { name: 'garden.csv' })).ok).toBe(true);
  const july = {
    G3: readingAfter(route.get('G3') ?? [], 26),
    S: readingAfter(route.get('S') ?? [], 0),
  };
  await q.readMeters(july, '2026-07-15T09:00:00Z');
  return q;
}

async function officeRows(office: OfficeStore): Promise<Map<string, BillingRow>> {
  const { rows } = await office.billingRows();
  return new Map(rows.map((r) => [r.row.meterId ?? '', r.row]));
}

const codes = (r: BillingRow | undefined) =>
  (r?.reasonParts?.check?.flagged ?? []).map((c) => c.code);

describe.skipIf(officeSkip !== null)("the office's meter history", () => {
  it('imported at desk A only: the office judges as a desk with the history', async () => {
    const o = await migratedOffice(cluster(), 0);
    open.push(o);
    const b = await readRoute('ben');
    // B runs in office mode, taking the office's history as it comes.
    const said: string[] = [];
    const ben = await startOfficeDesk({
      store: b.store,
      url: await o.deskUrl('ben'),
      desk: 'ben@pc',
      clock: systemClock,
      say: (line) => said.push(line),
      takeHistory: (rows) => b.actions.takeOfficeHistory(rows),
    });
    open.push({ close: () => ben.finish(5_000) });
    await publishDesk(b.store, ben.office, 'ben@pc', new Date(DECISIONS_NOW));
    expect(await ben.publisher.drain()).toMatchObject({ reachable: true, pending: 0 });
    const dora = openOfficeStore(await o.deskUrl('dora'), { desk: 'dora@pc' });
    open.push(dora);
    // Without history the office judges by the sheet's yearly average, as B does.
    const before = await officeRows(dora);
    expect(before.get('G3')?.plausibility).toBe('warning');

    // Desk A imports the history into the office, and reads nothing.
    const file = join(b.dir, 'history.csv');
    writeFileSync(file, historyCsv(route));
    const io = captureIo({});
    const url = await o.deskUrl('anna');
    const annaDb = join(b.dir, 'anna.sqlite');
    const args = ['history', 'import', file, '--office', url, '--desk', 'anna@pc', '--db', annaDb];
    expect(await main(args, io), io.all()).toBe(0);
    expect(io.stdout()).toContain(
      `The office now holds ${String(25 * 31)} history readings of 31 meters.`,
    );
    expect(io.all()).not.toContain('pw-anna');
    // Again: nothing added, nothing refused.
    const again = captureIo({});
    expect(await main(args, again), again.all()).toBe(0);
    expect(again.stdout()).toContain('0 readings added, 775 already there, 0 not taken');

    // Desk C imports the same history into its own queue: what the office must equal.
    const c = await readRoute('carl');
    expect((await c.actions.importHistory(file)).added).toBe(775);
    const desk = new Map([...billingRows(c.store)].map((r) => [r.meterId ?? '', r]));
    expect(desk.get('G3')?.plausibility, desk.get('G3')?.reasons).toBe('ok');

    const office = await officeRows(dora);
    expect(office.get('G3')?.plausibility).toBe('ok');
    expect(office.get('S')?.plausibility).toBe('warning');
    const zero = office.get('S')?.reasonParts?.check?.flagged.find((c) => c.code === 'zero.streak');
    expect(zero?.params).toMatchObject({ count: 3 });
    expect(office.get('S')?.reasons).toContain(
      'No consumption for 3 periods in a row on an active account',
    );
    expect(codes(office.get('S'))).toEqual(codes(desk.get('S')));
    // The office keeps a read date as a timestamp: the same instant, written with milliseconds.
    const sameInstant = (r: BillingRow | undefined) =>
      r && { ...r, readAt: r.readAt && new Date(r.readAt).toISOString() };
    for (const [meter, row] of desk)
      expect(sameInstant(office.get(meter)), meter).toEqual(sameInstant(row));

    // B received the office's history on the live note: its own checks judge alike.
    await expect.poll(() => b.store.history.counts().readings, { timeout: 20_000 }).toBe(775);
    expect(said).toContain('Office: took 775 history readings imported at other desks.');
    for (const row of billingRows(b.store))
      expect(sameInstant(row), row.meterId ?? '').toEqual(sameInstant(desk.get(row.meterId ?? '')));

    // The office export: the readings it bills become the office's history, the next cycle's:
    // the rows the office derives from do not change, so it does not derive them all again.
    const admin = cluster().adminOn(o.database);
    open.push({ close: () => admin.end() });
    const version = async () =>
      (await admin.query<{ v: string }>('SELECT version::text AS v FROM office_history_state'))
        .rows[0]?.v;
    const imported = await version();
    const csv = join(b.dir, 'office.csv');
    const exported = captureIo({ METER_DESK_OFFICE_URL: await o.deskUrl('dora') });
    const none = join(b.dir, 'none.sqlite');
    expect(
      await main(['export', csv, '--db', none, '--desk', 'dora@pc'], exported),
      exported.all(),
    ).toBe(0);
    expect(await version()).toBe(imported);
    const kept = await admin.query<{
      meter_number: string;
      reading: string;
      source: string;
      desk: string;
    }>(
      `SELECT meter_number, reading, source, desk FROM meter_history WHERE read_at = '2026-07-15'`,
    );
    expect(kept.rows).toEqual([
      {
        meter_number: 'G3',
        reading: readingAfter(route.get('G3') ?? [], 26),
        source: 'export',
        desk: 'dora@pc',
      },
    ]);
  }, 90_000);

  it("a desk's own export in office mode adds its billed readings to the office's history", async () => {
    const o = await migratedOffice(cluster(), 0);
    open.push(o);
    const b = await readRoute('ben');
    const ben = openOfficeStore(await o.deskUrl('ben'), { desk: 'ben@pc' });
    open.push(ben);
    const gate = new OfficeFirstGate({
      running: () => Promise.resolve({ office: ben }),
      me: () => ({ desk: 'ben@pc', clerk: 'ben' }),
      clock: () => systemClock,
      time: systemClock,
    });
    const actions = new QueueActions({
      store: () => b.store,
      engine: () => null,
      clock: systemClock,
      office: () => gate,
    });
    // B's own history (not the office's): G3's July passes and is billed, S's zero is flagged.
    const file = join(b.dir, 'history.csv');
    writeFileSync(file, historyCsv(route));
    expect((await b.actions.importHistory(file)).added).toBe(775);
    const billed = [...billingRows(b.store)].filter((r) => r.useOnBill && r.reading !== null);
    expect(await actions.recordExport(billingRows(b.store))).toBe(billed.length);
    const admin = cluster().adminOn(o.database);
    open.push({ close: () => admin.end() });
    const kept = await admin.query<{ meter_number: string; source: string; desk: string }>(
      `SELECT meter_number, source, desk FROM meter_history ORDER BY meter_number`,
    );
    expect(kept.rows).toEqual(
      billed.map((r) => ({ meter_number: r.meterId, source: 'export', desk: 'ben@pc' })),
    );
    expect(kept.rows.map((r) => r.meter_number)).toEqual(['G3']);
  }, 60_000);
});
