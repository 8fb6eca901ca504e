// The supervisor's report (issue 23, item 7) against a real PostgreSQL: two desks publish readings
// from two photo folders, two clerks decide, and `office report` counts routes, clerks, readers
// and the day's quota, on screen and in one CSV; a day before stays out of it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BillingRow } from '../../common/billing/billing-row';
import type { MeterState } from '../../common/billing/meter-outcome';
import { officeDayReport } from '../../main/office/store/office-report';
import type { OfficeStore } from '../../main/office/store/office-store';
import type { PublishedDecision } from '../../main/office/store/publish';
import { tempDir } from '../helpers/tmp';
import { minutes, publishedReading, routeOfMeters, withTwoDesks } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const DAY = { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z') };
const YESTERDAY = -12 * 60;

function billing(meter: string, state: MeterState, reading: string | null): BillingRow {
  return {
    meterId: meter,
    account: null,
    address: null,
    route: 'R1',
    sequence: null,
    readAt: null,
    reading,
    aiReading: reading,
    confirmation: null,
    readType: reading === null ? 'no_read' : 'actual',
    skipCode: null,
    skipNote: null,
    consumption: null,
    previousReading: '00090',
    previousReadAt: null,
    registerDecimals: 0,
    plausibility: null,
    reasons: '',
    useOnBill: state === 'confirmed',
    photo: null,
    photoSha256: null,
    taskId: null,
    unmatched: false,
    duplicateOf: null,
  };
}

function decision(
  key: string,
  kind: PublishedDecision['kind'],
  clerk: string,
  meter: string,
  minute: number,
): PublishedDecision {
  return {
    key,
    kind,
    desk: clerk === 'Anna' ? 'desk-0' : 'desk-1',
    clerk,
    sha256: null,
    fileName: null,
    meterNumber: meter,
    reading: null,
    skipCode: kind === 'skip' ? 'no_access' : null,
    note: null,
    decidedAt: minutes(minute),
  };
}

/**
 * Route R1 (M0..M3). Anna's desk reads folder north (M0, M1, and M0 again from the cache), Ben's
 * folder south (M2, and M3 the day before) and M3.jpg at the desk's top, which fails. Anna
 * confirms M0, skips M1 and asks for a re-read of M0 over 90 minutes; Ben skips M2 once today and
 * confirmed M3 the day before.
 */
async function anOfficeDay(anna: OfficeStore, ben: OfficeStore): Promise<void> {
  await anna.loadRoute(routeOfMeters('R1', 4));
  const read = (desk: OfficeStore, n: number, name: string, over = {}) =>
    desk.publishReading(
      publishedReading(n, { key: `${name}:${n}`, fileName: name, resultSource: 'fresh', ...over }),
    );
  await read(anna, 0, 'north/M0.jpg');
  await read(anna, 1, 'north/sub/M1.jpg', { meterNumber: 'M1' });
  await read(anna, 10, 'north/M0-again.jpg', { meterNumber: 'M0', resultSource: 'cached' });
  const bens = { desk: 'desk-1', user: 'Ben' };
  await read(ben, 2, 'south/M2.jpg', bens);
  await read(ben, 3, 'south/M3.jpg', { ...bens, publishedAt: minutes(YESTERDAY) });
  await read(ben, 13, 'M3.jpg', {
    ...bens,
    meterNumber: 'M3',
    status: 'failed',
    reading: null,
    resultSource: null,
  });
  await anna.publishDecision(decision('a1', 'confirm', 'Anna', 'M0', 0));
  await anna.publishDecision(decision('a2', 'skip', 'Anna', 'M1', 30));
  await anna.publishDecision(decision('a3', 'reread', 'Anna', 'M0', 90));
  await ben.publishDecision(decision('b1', 'skip', 'Ben', 'M2', 10));
  await ben.publishDecision(decision('b0', 'confirm', 'Ben', 'M3', YESTERDAY));
  const rows: [string, MeterState, string | null][] = [
    ['M0', 'confirmed', '00100'],
    ['M1', 'skipped', null],
    ['M2', 'flagged', '00100'],
  ];
  await anna.publishBilling({
    desk: 'desk-0',
    user: 'Anna',
    dialect: null,
    at: minutes(100),
    rows: rows.map(([meter, state, reading]) => ({
      routeKey: 'R1',
      meterNumber: meter,
      state,
      billable: state === 'confirmed',
      row: billing(meter, state, reading),
    })),
  });
}

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/main.ts', ...args], {
    env: { ...process.env, TZ: 'UTC', METER_DESK_OFFICE_URL: '' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      resolve({ code, out, err });
    }),
  );
}

describe.skipIf(officeSkip !== null)('meter-desk office report', () => {
  it('counts routes, clerks, readers and the quota of one day', async () => {
    await withTwoDesks(cluster(), async (anna, ben, o) => {
      await anOfficeDay(anna, ben);
      const r = await officeDayReport(await o.deskUrl('supervisor'), DAY, 'test');
      expect(r.clerks.map((c) => [c.clerk, c.decisions, c.first, c.last])).toEqual([
        ['Anna', 3, minutes(0), minutes(90)],
        ['Ben', 1, minutes(10), minutes(10)],
      ]);
      expect(r.readers).toEqual([
        { reader: 'desk-1', photos: 1, skips: 0, rereads: 0 },
        { reader: 'north', photos: 3, skips: 1, rereads: 1 },
        { reader: 'south', photos: 1, skips: 1, rereads: 0 },
      ]);
      expect(r.quota).toEqual({ paid: 3, failed: 1 });
      const dayBefore = { from: minutes(YESTERDAY - 60), to: DAY.from };
      const before = await officeDayReport(await o.deskUrl('supervisor'), dayBefore, 'test');
      expect(before.quota).toEqual({ paid: 1, failed: 0 });
      expect(before.clerks.map((c) => [c.clerk, c.decisions])).toEqual([['Ben', 1]]);
    });
  });

  it('prints the tables and writes the same sections to one CSV, as a real process', async () => {
    await withTwoDesks(cluster(), async (anna, ben, o) => {
      await anOfficeDay(anna, ben);
      const t = tempDir('meterdesk-office-report-');
      try {
        const csv = join(t.dir, 'report.csv');
        const url = await o.deskUrl('supervisor');
        const run = await cli([
          'office',
          'report',
          '--office',
          url,
          '--day',
          '2026-03-02',
          '--csv',
          csv,
        ]);
        expect(run.code, run.err).toBe(0);
        expect(run.out).not.toContain(decodeURIComponent(new URL(url).password));
        const lines = run.out.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
        expect(lines).toContain(
          'route meters read passed/confirmed not checked flagged skipped pending missing',
        );
        expect(lines).toContain('R1 4 2 1 0 1 1 0 1');
        expect(lines).toContain('Anna 3 08:00 09:30 2.0');
        expect(lines).toContain('Ben 1 08:10 08:10 -');
        expect(lines).toContain('north 3 1 33.3% 1 33.3%');
        expect(lines).toContain('Quota used on 2026-03-02: 3 paid readings, 1 failed attempts');
        const rows = readFileSync(csv, 'utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        expect(rows[0]).toMatch(
          /^section,name,meters,read,passed_or_confirmed,not_checked,flagged,skipped,pending,missing,/,
        );
        expect(rows).toContain('route,R1,4,2,1,0,1,1,0,1,,,,,,,,,,,');
        expect(rows).toContain(
          'clerk,Anna,,,,,,,,,3,2026-03-02T08:00:00.000Z,2026-03-02T09:30:00.000Z,2.00,,,,,,,',
        );
        expect(rows).toContain('reader,south,,,,,,,,,,,,,1,1,1.0000,0,0.0000,,');
        expect(rows).toContain('quota,2026-03-02,,,,,,,,,,,,,,,,,,3,1');
        expect(rows).toHaveLength(8);
      } finally {
        t.cleanup();
      }
    });
  });

  it('refuses a missing --office, a malformed day and an unreachable office, writing no file', async () => {
    const t = tempDir('meterdesk-office-report-bad-');
    try {
      const csv = join(t.dir, 'report.csv');
      const none = await cli(['office', 'report', '--csv', csv]);
      expect([none.code, none.err]).toEqual([2, expect.stringContaining('needs --office URL')]);
      const url = 'postgres://meterdesk:secret-away@127.0.0.1:1/office';
      const bad = await cli(['office', 'report', '--office', url, '--day', '2026-02-30']);
      expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('--day must be a date')]);
      const away = await cli(['office', 'report', '--office', url, '--csv', csv]);
      expect([away.code, away.err]).toEqual([4, expect.stringContaining('not reachable')]);
      expect(away.err + away.out).not.toContain('secret-away');
      expect(existsSync(csv)).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
