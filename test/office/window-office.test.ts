// The window's desk in office mode, through the contract into the real backend, on the built-in
// sandbox over HTTP and a real throwaway PostgreSQL: applying the Office settings restarts the
// engine with an office desk beside it, whose outbox publishes each reading under the desk's name;
// applying "no office" stops it, and the next photos stay on this desk.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedSampleFolder } from '../helpers/samples';
import { openDesktop, until, value } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnCluster } from './anna-on-cluster';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('the window’s desk in office mode', () => {
  it('publishes its readings once the Office settings are applied, and none after "no office"', async () => {
    const cluster = office();
    const settings = await annaOnCluster(cluster);
    const admin = cluster.adminOn(settings.database);
    const published = async (): Promise<number> => {
      const { rows } = await admin.query<{ n: string }>(
        `SELECT count(*) AS n FROM readings WHERE desk = 'anna@pc-7'`,
      );
      return Number(rows[0]?.n ?? 0);
    };

    const desk = await openDesktop();
    try {
      const b = desk.bridge;
      const { sampleFolder } = value(await b.startSandbox({ photos: 4 }));
      value(await b.saveOffice({ settings, password: ANNA_PASSWORD }));
      value(await b.addPaths({ paths: [sampleFolder] }));
      const done = await until(async () => {
        const counts = value(await b.snapshot()).status.counts;
        return counts.queued + counts.uploading + counts.submitted === 0 && counts.done;
      }, 'the photos to be read');
      await until(async () => (await published()) === done, 'the readings to be published');

      value(await b.saveOffice({ settings: null }));
      const more = join(desk.dir, 'more photos');
      await cachedSampleFolder(more, { count: 3, seed: 23 });
      value(await b.addPaths({ paths: [more] }));
      await until(async () => {
        const counts = value(await b.snapshot()).status.counts;
        return counts.queued + counts.uploading + counts.submitted === 0 && counts.done > done;
      }, 'the new photos to be read');
      expect(await published()).toBe(done);
    } finally {
      await desk.close();
    }
  }, 60_000);
});
