// The supervisor's report (issue 23, item 7) against a real PostgreSQL: two desks publish readings
// from two photo folders, two clerks decide, and `office report` counts routes, clerks, readers
// and the day's quota, on screen and in one CSV; a day before stays out of it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { officeDayReport } from '../../main/office/store/office-report';
import { tempDir } from '../helpers/tmp';
import { minutes, publishedReading, routeOfMeters, withTwoDesks } from './office-fixture';
import { anOfficeDay, decision, officeCli, YESTERDAY } from './office-report-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';

const cluster = useOfficeCluster();
/** The CLI in this process: its refusals need no second process (the print test above runs one). */
async function inProcess(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo({ TZ: 'UTC' });
  const code = await main(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
}

const DAY = { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z') };

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
        const run = await officeCli([
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
        expect(lines).toContain('R1 4 1 1 0 0 2 0 1');
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
        expect(rows).toContain('route,R1,4,1,1,0,0,2,0,1,,,,,,,,,,,');
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

  it('names readers by a reader column of the sheet and counts their skips and re-reads from decisions', async () => {
    await withTwoDesks(cluster(), async (anna, ben, o) => {
      // Readings published before the office had their meters (the desk's sheet not given yet),
      // from the top of the desk's folder: no folder names the reader, the sheet does.
      for (const n of [0, 1])
        await ben.publishReading(
          publishedReading(n, {
            key: `top:${n}`,
            desk: 'desk-1',
            user: 'Ben',
            fileName: `M${n}.jpg`,
          }),
        );
      const route = routeOfMeters('R2', 2);
      const reader = ['Kurt', 'Lena'];
      await anna.loadRoute({
        ...route,
        meters: route.meters.map((m, i) => ({
          ...m,
          record: {
            meterId: m.meterNumber,
            account: null,
            address: null,
            route: 'R2',
            sequence: m.sequence,
            registerDigits: 5,
            registerDecimals: 0,
            previousReading: '00090',
            previousReadingValue: 90,
            previousReadAt: '2026-01-02',
            avgDailyUse: null,
            sheetCells: { Ableser: reader[i] ?? '' },
          },
        })),
      });
      await anna.publishDecision(decision('k1', 'skip', 'Anna', 'M0', minutes(20)));
      await anna.publishDecision(decision('l1', 'reread', 'Anna', 'M1', minutes(30)));
      const r = await officeDayReport(await o.deskUrl('supervisor'), DAY, 'test');
      expect(r.readers).toEqual([
        { reader: 'Kurt', photos: 1, skips: 1, rereads: 0 },
        { reader: 'Lena', photos: 1, skips: 0, rereads: 1 },
      ]);
      // The office's count: M0 skipped, M1 sent to be read again (missing until its photo).
      expect(r.routeCounts).toEqual(
        expect.arrayContaining([
          { routeKey: 'R2', state: 'skipped', read: false, meters: 1 },
          { routeKey: 'R2', state: 'missing', read: false, meters: 1 },
        ]),
      );
    });
  });

  it('refuses a missing --office, a malformed day and an unreachable office, writing no file', async () => {
    const t = tempDir('meterdesk-office-report-bad-');
    try {
      const csv = join(t.dir, 'report.csv');
      const none = await inProcess(['office', 'report', '--csv', csv]);
      expect([none.code, none.err]).toEqual([2, expect.stringContaining('needs --office URL')]);
      const url = 'postgres://meterdesk:secret-away@127.0.0.1:1/office';
      const bad = await inProcess(['office', 'report', '--office', url, '--day', '2026-02-30']);
      expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('--day must be a date')]);
      const away = await inProcess(['office', 'report', '--office', url, '--csv', csv]);
      expect([away.code, away.err]).toEqual([4, expect.stringContaining('not reachable')]);
      expect(away.err + away.out).not.toContain('secret-away');
      expect(existsSync(csv)).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
