// The office-wide billing export and route progress (issue 23, item 8): two desks, each with its
// own queue, read overlapping parts of one route against one real sandbox and one real
// PostgreSQL office (only one of them loads the route sheet: the office's route is the other's); `export --office` then writes the same rows in the same columns as one desk's
// billing export of the union of their photos, each meter once, and `routes --office` counts
// the route as that desk's `routes` does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from '../helpers/cli-io';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { useRoutePhotoFolders, withoutTask } from './route-photo-folders';

const cluster = useOfficeCluster();
const photos = useRoutePhotoFolders('meterdesk-office-export-');
const { folderOf } = photos;

async function run(folder: string, db: string, extra: string[], withRoute = true): Promise<string> {
  const route = withRoute ? ['--route', photos.sheet] : [];
  return photos.run([folder, ...route, '--camera-counters', '--db', db, ...extra], db);
}

describe.skipIf(officeSkip !== null)('export and routes --office', () => {
  it('write the union of two desks as one desk would, each meter once', async () => {
    const o = await migratedOffice(cluster(), 0);
    const split = Math.ceil(photos.files.length * 0.6);
    const shared = photos.files.length - split + 1;
    const anna = folderOf('anna', 1, split);
    const ben = folderOf('ben', shared, photos.files.length);
    // Anna loads the route sheet; Ben never does: the office's route is his (issue 30, item 1).
    for (const [who, folder] of [
      ['anna', anna],
      ['ben', ben],
    ] as const) {
      const said = await run(
        folder,
        join(photos.dir, `${who}.sqlite`),
        ['--office', await o.deskUrl(who), '--desk', `${who}@pc`],
        who === 'anna',
      );
      if (who === 'ben') expect(said).toMatch(/Office: took \d+ routes? loaded at another desk/);
    }
    // One desk alone over every photo, without an office: what the office export must equal.
    const single = join(photos.dir, 'single.csv');
    const all = folderOf('all', 1, photos.files.length);
    await run(all, join(photos.dir, 'single.sqlite'), ['--export', single]);

    const officeCsv = join(photos.dir, 'office.csv');
    const io = captureIo({ METER_DESK_OFFICE_URL: await o.deskUrl('carl') });
    const none = join(photos.dir, 'no-queue-here.sqlite');
    expect(await main(['export', officeCsv, '--db', none, '--desk', 'carl@pc'], io)).toBe(0);
    expect(io.stdout()).toMatch(/Office billing export .*: \d+ rows to /);
    expect(io.stdout()).toContain('anna@pc');
    expect(io.stdout()).toContain('ben@pc');
    const office = withoutTask(officeCsv);
    expect(office).toEqual(withoutTask(single));
    // A meter in both desks' folders (photo `shared`) is one row, read.
    const both = /(\d{4})\.jpe?g$/i.exec(photos.files[shared - 1] ?? '')?.[1] ?? '';
    expect(both).not.toBe('');
    const rows = office.filter((l) => l.startsWith(`${both};`));
    expect(rows).toHaveLength(1);

    // The office's routes, worded as a desk's: the single desk's counts, with how many are read.
    const desk = captureIo({});
    expect(await main(['routes', '--db', join(photos.dir, 'single.sqlite')], desk)).toBe(0);
    const routes = captureIo({});
    const url = await o.deskUrl('carl');
    expect(await main(['routes', '--office', url, '--db', none], routes), routes.all()).toBe(0);
    const deskLines = desk.stdout().trim().split('\n');
    const officeLines = routes.stdout().trim().split('\n');
    expect(officeLines.at(-1)).toMatch(
      new RegExp(`^Office: ${escape(deskLines.at(-1) ?? '')}; \\d+ read$`),
    );
    expect(officeLines[0]).toMatch(/^route\s+meters\s+read\s+passed\/confirmed\s+not checked/);
    expect(routes.all()).not.toContain('pw-carl');
    await o.close();
  }, 120_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
