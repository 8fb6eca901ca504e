// The office-wide billing export and route progress (issue 23, item 8): two desks, each with its
// own queue, read overlapping parts of one route against one real sandbox and one real
// PostgreSQL office (only one of them loads the route sheet: the office's route is the other's); `export --office` then writes the same rows in the same columns as one desk's
// billing export of the union of their photos, each meter once, and `routes --office` counts
// the route as that desk's `routes` does.
import { cpSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../main/cli/commands/run';
import { writeDemoRoute } from '../../main/cli/commands/demo-route';
import { main } from '../../main/cli/main';
import { createSandbox, type Sandbox } from '../../sandbox';
import { captureIo } from '../helpers/cli-io';
import { FAST_AI } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';
import { migratedOffice } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const NOW = new Date('2026-03-02T08:00:00Z');

let sandbox: Sandbox;
let t: ReturnType<typeof tempDir>;
let sheet: string;
let files: string[];

beforeAll(async () => {
  t = tempDir('meterdesk-office-export-');
  const photos = join(t.dir, 'photos');
  const manifest = await cachedSampleFolder(photos, {
    count: 8,
    seed: 31,
    duplicates: 0,
    subfolders: false,
    width: 480,
  });
  sheet = (await writeDemoRoute(t.dir, photos, manifest.files, NOW)).sheet;
  // Every photo, the rollover ones of 'Route 7' too, side by side as one reader's card holds them.
  files = readdirSync(photos, { recursive: true, encoding: 'utf8' })
    .map((f) => join(photos, f))
    .filter((f) => statSync(f).isFile() && /\.jpe?g$/i.test(f))
    .sort();
  sandbox = await createSandbox({ ai: FAST_AI });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  t.cleanup();
});

/** A folder holding copies (same bytes) of photos `from`..`to` (1-based, inclusive). */
function folderOf(name: string, from: number, to: number): string {
  const dir = join(t.dir, name);
  mkdirSync(dir);
  for (const f of files.slice(from - 1, to)) {
    // The photos carry no camera date: the read date is the file's, kept as a card reader would.
    cpSync(f, join(dir, f.split('/').pop() ?? f), { preserveTimestamps: true });
  }
  return dir;
}

async function run(folder: string, db: string, extra: string[], withRoute = true): Promise<string> {
  const io = captureIo({});
  const route = withRoute ? ['--route', sheet] : [];
  const args = [folder, ...route, '--camera-counters', '--db', db, ...extra];
  const code = await runCommand(args, io, {
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    sandbox: null,
    dbFile: db,
  });
  expect(code, io.all()).toBe(0);
  return io.all();
}

/** The CSV's lines without the task id, the last column: each desk's upload has a task of its own. */
function withoutTask(csv: string): string[] {
  const lines = readFileSync(csv, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/;task_id$/);
  return lines.map((l) => l.slice(0, l.lastIndexOf(';')));
}

describe.skipIf(officeSkip !== null)('export and routes --office', () => {
  it('write the union of two desks as one desk would, each meter once', async () => {
    const o = await migratedOffice(cluster(), 0);
    const split = Math.ceil(files.length * 0.6);
    const shared = files.length - split + 1;
    const anna = folderOf('anna', 1, split);
    const ben = folderOf('ben', shared, files.length);
    // Anna loads the route sheet; Ben never does: the office's route is his (issue 30, item 1).
    for (const [who, folder] of [
      ['anna', anna],
      ['ben', ben],
    ] as const) {
      const said = await run(
        folder,
        join(t.dir, `${who}.sqlite`),
        ['--office', await o.deskUrl(who), '--desk', `${who}@pc`],
        who === 'anna',
      );
      if (who === 'ben') expect(said).toMatch(/Office: took \d+ routes? loaded at another desk/);
    }
    // One desk alone over every photo, without an office: what the office export must equal.
    const single = join(t.dir, 'single.csv');
    const all = folderOf('all', 1, files.length);
    await run(all, join(t.dir, 'single.sqlite'), ['--export', single]);

    const officeCsv = join(t.dir, 'office.csv');
    const io = captureIo({ METER_DESK_OFFICE_URL: await o.deskUrl('carl') });
    const none = join(t.dir, 'no-queue-here.sqlite');
    expect(await main(['export', officeCsv, '--db', none, '--desk', 'carl@pc'], io)).toBe(0);
    expect(io.stdout()).toMatch(/Office billing export .*: \d+ rows to /);
    expect(io.stdout()).toContain('anna@pc');
    expect(io.stdout()).toContain('ben@pc');
    const office = withoutTask(officeCsv);
    expect(office).toEqual(withoutTask(single));
    // A meter in both desks' folders (photo `shared`) is one row, read.
    const both = /(\d{4})\.jpe?g$/i.exec(files[shared - 1] ?? '')?.[1] ?? '';
    expect(both).not.toBe('');
    const rows = office.filter((l) => l.startsWith(`${both};`));
    expect(rows).toHaveLength(1);

    // The office's routes, worded as a desk's: the single desk's counts, with how many are read.
    const desk = captureIo({});
    expect(await main(['routes', '--db', join(t.dir, 'single.sqlite')], desk)).toBe(0);
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
