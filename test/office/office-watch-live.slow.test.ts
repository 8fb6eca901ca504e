// `meter-desk watch --office` prints other desks' changes as they happen (docs/office.md, Live
// updates): a real watch command on the built-in sandbox, a real PostgreSQL, and another desk
// publishing through its own office store. One line per change, worded from the note and the
// office (the decision's kind, the meter's number); a renewed lease is not news; this desk's own
// changes never print; a lost connection says that everything is read again.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESYNC_LINE } from '../../main/cli/commands/office-live-lines';
import { watchCommand } from '../../main/cli/commands/watch';
import { openOfficeStore } from '../../main/office/store/office-store';
import type { PublishedDecision } from '../../main/office/store/publish';
import { captureIo } from '../helpers/cli-io';
import { waitFor } from '../helpers/engine-harness';
import { tempDir } from '../helpers/tmp';
import { migratedOffice, minutes, publishedReading, routeOfMeters } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });

const decision = (key: string, over: Partial<PublishedDecision>): PublishedDecision => ({
  key,
  kind: 'confirm',
  desk: 'anna@pc-7',
  clerk: 'anna',
  sha256: null,
  fileName: null,
  meterNumber: 'M1',
  reading: null,
  skipCode: null,
  note: null,
  decidedAt: minutes(1),
  ...over,
});

describe.skipIf(officeSkip !== null)('meter-desk watch --office', () => {
  it('prints other desks’ changes as they happen, never its own, and says when it reads again', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const admin = cluster.adminOn(o.database);
    const anna = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc-7' });
    const benElsewhere = openOfficeStore(await o.deskUrl('ben'), { desk: 'ben@pc-2' });
    await anna.loadRoute(routeOfMeters('R1', 3));
    const t = tempDir('meterdesk-watch-live-');
    const inbox = join(t.dir, 'inbox');
    mkdirSync(inbox);
    const io = captureIo({ METER_DESK_OFFICE_URL: await o.deskUrl('ben') });
    const stop = new AbortController();
    const args = [inbox, '--db', join(t.dir, 'ben.sqlite'), '--desk', 'ben@pc-2'];
    const watching = watchCommand(args, io, { signal: stop.signal });
    const seen = (text: string) => () => io.stderr().includes(text);
    try {
      await waitFor(seen(`Watching ${inbox}`), 30_000, () => io.all());
      // Notes sent before the desk listens are not heard: wait until its LISTEN is in.
      const listening = async (): Promise<boolean> =>
        (
          await admin.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE application_name = 'MeterDesk live ben@pc-2' AND query LIKE 'LISTEN%'`,
          )
        ).rows.length > 0;
      for (let tries = 0; !(await listening()) && tries < 300; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      await anna.publishReading(publishedReading(1, { key: 'anna:r1', desk: 'anna@pc-7' }));
      await waitFor(seen('Office: anna@pc-7 read meter M1.'), 30_000, () => io.all());
      const lease = { desk: 'anna@pc-7', clerk: 'anna', leaseMs: 900_000 };
      const taken = await anna.leaseNextFlagged(lease);
      expect(taken).toMatchObject({ meterNumber: 'M1' });
      await waitFor(seen('Office: anna@pc-7 is reviewing meter M1.'), 30_000, () => io.all());
      await anna.publishDecision(decision('anna:d1', {}));
      await waitFor(seen('Office: anna@pc-7 confirmed meter M1.'), 30_000, () => io.all());
      // This desk's own decision (made at another PC under the same desk name) is not told.
      await benElsewhere.publishDecision(
        decision('ben:d1', { desk: 'ben@pc-2', meterNumber: 'M2' }),
      );
      await anna.publishDecision(decision('anna:d2', { kind: 'skip', meterNumber: 'M0' }));
      await waitFor(seen('Office: anna@pc-7 skipped meter M0.'), 30_000, () => io.all());

      await cluster.cluster.halt();
      await cluster.cluster.resume();
      await waitFor(seen(RESYNC_LINE), 60_000, () => io.all());
    } finally {
      stop.abort();
      expect(await watching).toBe(0);
      await anna.close();
      await benElsewhere.close();
      t.cleanup();
    }
    const officeLines = io
      .stderr()
      .split('\n')
      .filter((line) => / (read|is reviewing|confirmed|skipped|decided) /.test(line));
    expect(officeLines).toEqual([
      'Office: anna@pc-7 read meter M1.',
      'Office: anna@pc-7 is reviewing meter M1.',
      'Office: anna@pc-7 confirmed meter M1.',
      'Office: anna@pc-7 skipped meter M0.',
    ]);
  });
});
