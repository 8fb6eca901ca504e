// Live updates between desks (issue 23, item 6) on a real server: a decision one desk publishes
// reaches another desk's listener as a typed change; a server that stops and starts again is
// reconnected to (on the desk's clock) with a 'resync'; a note the desk cannot read is logged and
// passed over.
import { afterEach, describe, expect, it } from 'vitest';
import { startOfficeDesk } from '../../main/office/office-desk';
import {
  OFFICE_LIVE_CHANNEL,
  OfficeLive,
  type OfficeChange,
  type OfficeLiveEvent,
} from '../../main/office/store/office-live';
import type { PublishedDecision } from '../../main/office/store/publish';
import { openStore } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import type { OfficeStore } from '../../main/office/store/office-store';
import { migratedOffice, minutes, routeOfMeters, T0, type MigratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Every event a listener hears, and a wait for the next one that matches. */
function events(live: OfficeLive): {
  heard: OfficeLiveEvent[];
  next(match: (e: OfficeLiveEvent) => boolean): Promise<OfficeLiveEvent>;
} {
  const heard: OfficeLiveEvent[] = [];
  const waiting: {
    match: (e: OfficeLiveEvent) => boolean;
    resolve: (e: OfficeLiveEvent) => void;
  }[] = [];
  live.on((e) => {
    heard.push(e);
    for (const w of waiting.filter((x) => x.match(e))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(e);
    }
  });
  return {
    heard,
    next: (match) => new Promise((resolve) => waiting.push({ match, resolve })),
  };
}

const changeTo = (meterNumber: string) => (e: OfficeLiveEvent) =>
  e.kind === 'change' && e.change.table === 'decisions' && e.change.meterNumber === meterNumber;

function decision(n: number): PublishedDecision {
  return {
    key: `desk-0:decision:${n}`,
    kind: 'type',
    desk: 'desk-0',
    clerk: 'Anna',
    sha256: null,
    fileName: null,
    meterNumber: `M${n}`,
    reading: '00200',
    skipCode: null,
    note: null,
    decidedAt: minutes(n),
  };
}

/** A fresh office whose desk-0 (Anna) has loaded route R-9 with meters M0..M(n-1). */
async function annaWithRoute(meters: number): Promise<{ o: MigratedOffice; anna: OfficeStore }> {
  const o = await migratedOffice(office(), 1);
  cleanups.push(() => o.close());
  const [anna] = o.desks;
  if (!anna) throw new Error('desk');
  await anna.loadRoute(routeOfMeters('R-9', meters));
  return { o, anna };
}

describe.skipIf(officeSkip !== null)('live updates between desks', () => {
  it("brings a decision desk A publishes to desk B's screen as a typed change", async () => {
    const { o, anna } = await annaWithRoute(3);
    const t = tempDir('meterdesk-live-');
    const store = openStore(`${t.dir}/queue.sqlite`);
    cleanups.push(() => {
      store.close();
      t.cleanup();
    });
    const ben = await startOfficeDesk({
      store,
      url: await o.deskUrl('ben'),
      desk: 'ben@pc2',
      clock: createManualClock(T0.getTime()),
      say: () => undefined,
    });
    cleanups.push(() => ben.finish(0));
    await ben.live.start();
    const heard = events(ben.live);

    const arrived = heard.next(changeTo('M1'));
    await anna.publishDecision(decision(1));
    expect(await arrived).toEqual({
      kind: 'change',
      change: {
        table: 'decisions',
        op: 'INSERT',
        id: 1,
        meterId: 2,
        meterNumber: 'M1',
        routeKey: null,
        sha256: null,
        desk: 'desk-0',
        version: 1,
      } satisfies OfficeChange,
    });
    // The same commit decided the meter: its change comes too, with its route.
    await expect
      .poll(() => heard.heard.map((e) => (e.kind === 'change' ? e.change.table : e.kind)))
      .toContain('meters');
    const meter = heard.heard.find((e) => e.kind === 'change' && e.change.table === 'meters');
    expect(meter).toMatchObject({
      change: { table: 'meters', op: 'UPDATE', routeKey: 'R-9', meterNumber: 'M1', desk: 'Anna' },
    });
  });

  it('reconnects after the server stops and starts again, says resync, and hears changes again', async () => {
    const cluster = office();
    const { o, anna } = await annaWithRoute(3);
    const lines: string[] = [];
    const clock = createManualClock(T0.getTime());
    const url = await o.deskUrl('ben');
    const live = new OfficeLive({ url, clock, desk: 'ben@pc2', log: (l) => lines.push(l) });
    cleanups.push(() => live.close());
    await live.start();
    const heard = events(live);

    const lost = heard.next((e) => e.kind === 'down');
    await cluster.cluster.halt();
    try {
      expect(await lost).toMatchObject({ kind: 'down', retryInMs: 250 });
      expect(live.connected).toBe(false);
      // Nothing is tried until the desk's clock says so; then each refused attempt waits longer.
      const refused = heard.next((e) => e.kind === 'down');
      await clock.advance(250);
      expect(await refused).toMatchObject({ kind: 'down', retryInMs: 500 });
    } finally {
      await cluster.cluster.resume();
    }
    const resync = heard.next((e) => e.kind === 'resync');
    await clock.advance(500);
    await resync;
    expect(live.connected).toBe(true);
    expect(heard.heard.map((e) => e.kind)).toEqual(['down', 'down', 'resync']);
    // One line for the outage and one for its end, none with the password.
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain('pw-ben');

    const arrived = heard.next(changeTo('M2'));
    await anna.publishDecision(decision(2));
    expect(await arrived).toMatchObject({ change: { meterNumber: 'M2', desk: 'desk-0' } });
  });

  it('finds a connection gone silent by its check, connects anew and says resync', async () => {
    const { o, anna } = await annaWithRoute(3);
    const clock = createManualClock(T0.getTime());
    const live = new OfficeLive({ url: await o.deskUrl('ben'), clock, desk: 'ben@pc2' });
    cleanups.push(() => live.close());
    await live.start();
    const heard = events(live);
    // The listener's server process frozen: its connection stays open, but nothing answers.
    const admin = office().adminOn(o.database);
    const backend = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE application_name = 'MeterDesk live ben@pc2' AND datname = $1`,
      [o.database],
    );
    const pid = backend.rows[0]?.pid;
    if (pid === undefined) throw new Error('no listening backend');
    process.kill(pid, 'SIGSTOP');
    try {
      await clock.advance(30_000);
      expect(live.connected).toBe(true);
      const lost = heard.next((e) => e.kind === 'down');
      await clock.advance(10_000);
      expect(await lost).toMatchObject({ reason: 'no answer from the server within 10000 ms' });
      const resync = heard.next((e) => e.kind === 'resync');
      await clock.advance(250);
      await resync;
      const arrived = heard.next(changeTo('M1'));
      await anna.publishDecision(decision(1));
      await arrived;
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  it('logs and passes over a note from an unknown table or one that is not JSON', async () => {
    const { o, anna } = await annaWithRoute(1);
    const lines: string[] = [];
    const live = new OfficeLive({
      url: await o.deskUrl('ben'),
      clock: createManualClock(T0.getTime()),
      log: (l) => lines.push(l),
    });
    cleanups.push(() => live.close());
    await live.start();
    const heard = events(live);
    // A listener that throws does not keep the others from hearing.
    live.on(() => {
      throw new Error('a broken screen');
    });

    const admin = office().adminOn(o.database);
    for (const note of ['{not json', '{"table":"photos","op":"UPDATE"}', '42', '']) {
      await admin.query('SELECT pg_notify($1, $2)', [OFFICE_LIVE_CHANNEL, note]);
    }
    const arrived = heard.next(changeTo('M0'));
    await anna.publishDecision(decision(0));
    await arrived;
    expect(heard.heard.every((e) => e.kind === 'change')).toBe(true);
    expect(lines.filter((l) => l.includes('ignored a note'))).toEqual([
      'Office live: ignored a note (not JSON): {not json',
      'Office live: ignored a note (unknown table "photos"): {"table":"photos","op":"UPDATE"}',
      'Office live: ignored a note (not an object): 42',
      'Office live: ignored a note (not JSON): ',
    ]);
    expect(lines.some((l) => l.includes('a broken screen'))).toBe(true);
    expect(live.connected).toBe(true);
  });
});
