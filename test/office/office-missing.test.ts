// Issue 30, item 8, on a real server with two desks: the office's field list. Anna loaded route R1
// (M0..M4, a German sheet: Windows-1252, ";", decimal comma, dd.mm.yyyy); Anna read M0 and sent it
// for re-read, Ben read M1, Ben skipped M2 for a dog (a visit can fix that), Anna M3 as damaged
// (it cannot), nobody read M4. `routes --missing OUT --office URL` lists M0, M2 and M4 in walking
// order (never M1, which another desk read) in the sheet's dialect; the window's "Export missing
// meters" at a desk of the office writes the very same file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { officeMissingMeters } from '../../main/office/office-missing';
import type { OfficeStore } from '../../main/office/store/office-store';
import type { PublishedDecision } from '../../main/office/store/publish';
import { captureIo } from '../helpers/cli-io';
import { openDesktop, until, value } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnOffice } from './anna-on-cluster';
import { minutes, publishedReading, routeOfMeters, withTwoDesks } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

const GERMAN = {
  encoding: 'windows-1252',
  delimiter: ';',
  decimalMark: ',',
  dateFormat: 'dd.mm.yyyy',
} as const;

function decided(
  desk: 'desk-0' | 'desk-1',
  over: Partial<PublishedDecision> & Pick<PublishedDecision, 'key' | 'kind' | 'meterNumber'>,
): PublishedDecision {
  return {
    desk,
    clerk: desk === 'desk-0' ? 'Anna' : 'Ben',
    sha256: null,
    fileName: null,
    reading: null,
    skipCode: null,
    note: null,
    decidedAt: minutes(30),
    ...over,
  };
}

async function aDayOnR1(anna: OfficeStore, ben: OfficeStore): Promise<void> {
  await anna.loadRoute(routeOfMeters('R1', 5));
  await anna.publishDialect({ user: 'Anna', routeKeys: ['R1'], dialect: GERMAN, at: minutes(0) });
  await anna.publishReading(publishedReading(0, { toReview: false }));
  await ben.publishReading(
    publishedReading(1, { key: 'desk-1:1', desk: 'desk-1', user: 'Ben', toReview: false }),
  );
  const reread = { key: 'a1', kind: 'reread', meterNumber: 'M0' } as const;
  await anna.publishDecision(decided('desk-0', { ...reread, note: '{"reason":"unreadable"}' }));
  await ben.publishDecision(
    decided('desk-1', {
      ...{ key: 'b1', kind: 'skip', meterNumber: 'M2', skipCode: 'dog' },
      note: 'Hündin am Tor',
    }),
  );
  await anna.publishDecision(
    decided('desk-0', { key: 'a2', kind: 'skip', meterNumber: 'M3', skipCode: 'damaged' }),
  );
}

describe.skipIf(officeSkip !== null)('the office’s field list', () => {
  it('lists what no desk read, the re-reads and visit skips, in the sheet’s dialect', async () => {
    const desk = await openDesktop();
    try {
      await withTwoDesks(office(), async (anna, ben, o) => {
        await aDayOnR1(anna, ben);
        const list = await officeMissingMeters(ben);
        expect(list.dialect).toEqual(GERMAN);
        expect(list.missing.map((m) => [m.meterId, m.why, m.note])).toEqual([
          ['M0', 'reread', 'Re-read: the photo cannot be read.'],
          ['M2', 'skip', 'Skipped: dog (Hündin am Tor).'],
          ['M4', 'no_reading', expect.stringContaining('No photo') as string],
        ]);

        // The CLI, from a desk without a queue of its own.
        const out = join(desk.dir, 'field list.csv');
        const io = captureIo({});
        const args = ['routes', '--office', await o.deskUrl('carl'), '--missing', out];
        const code = await main([...args, '--db', join(desk.dir, 'none.sqlite')], io);
        expect(code, io.all()).toBe(0);
        expect(io.all()).toContain(
          `3 meters for the field (no desk read them, re-reads, visit skips) written to ${out}`,
        );
        const bytes = readFileSync(out);
        expect(bytes.includes(Buffer.from('H\xfcndin', 'latin1'))).toBe(true);
        const lines = new TextDecoder('windows-1252').decode(bytes).split('\r\n');
        expect(lines[0]).toBe(
          'meter_id;account;address;route;sequence;why;visit;photo;previous_reading;previous_read_at',
        );
        expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['M0', 'M2', 'M4', '']);
        expect(lines[2]).toBe('M2;;;R1;3;Skipped: dog (Hündin am Tor).;skip;;00090;02.01.2026');

        // The window's "Export missing meters" at Anna's desk in the office: the same file.
        value(await desk.bridge.startSandbox({ photos: 1 }));
        const settings = await annaOnOffice(office(), o);
        value(await desk.bridge.saveOffice({ settings, password: ANNA_PASSWORD }));
        await until(
          async () => value(await desk.bridge.snapshot()).office?.state === 'connected',
          'the desk to connect to the office',
        );
        const byWindow = join(desk.dir, 'window field list.csv');
        desk.os.saveAnswers.push(byWindow);
        expect(value(await desk.bridge.exportMissing({ language: 'en' }))).toMatchObject({
          canceled: false,
          rows: 3,
        });
        expect(readFileSync(byWindow)).toEqual(bytes);
      });
    } finally {
      await desk.close();
    }
  }, 120_000);
});
