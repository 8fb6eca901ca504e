// Awkward folders at the engine level: the scanner's verdicts are tested in test/scan; here the
// whole run (scan, queue, upload, poll, export) must end with every file final and explained.
import { parse } from 'csv-parse/sync';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../common/job-record';
import { main } from '../../main/cli/main';
import { addPaths } from '../../main/engine/add-paths';
import type { Session } from '../../main/actions/session';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo } from '../helpers/cli-io';
import { jobText } from '../../common/job-messages';

/** A job's error in English, as the log and the CSV say it. */
const said = (j: JobRecord | undefined): string => (j?.errorMessage ? jobText(j.errorMessage) : '');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const jobs = (s: Session): JobRecord[] => [...s.store.queries.iterate({})];

/** The harness's photos at the top of its folder, with the reading each carries. */
function samples(hh: Harness): { path: string; reading: string }[] {
  return hh.manifest.files
    .filter((f) => f.expected.outcome === 'accepted' && !f.relPath.includes('/') && f.reading)
    .map((f) => ({ path: join(hh.photos, f.relPath), reading: f.reading ?? '' }));
}

function expectEveryJobExplained(all: readonly JobRecord[]): void {
  for (const j of all) {
    expect(['done', 'failed', 'rejected'], j.relPath).toContain(j.state);
    if (j.state === 'done') expect(j.aiReading, j.relPath).toBeTruthy();
    else expect(j.errorMessage && jobText(j.errorMessage).trim(), j.relPath).toBeTruthy();
  }
}

describe('awkward folders, whole runs', { timeout: 90_000 }, () => {
  it('a folder with symlink loops: each real photo read once, the loop reported', async () => {
    h = await harness({ photos: 3, duplicates: 0, subfolders: false });
    const [a, b] = samples(h);
    if (!a || !b) throw new Error('no sample photos');
    const root = join(h.dir, 'loops');
    mkdirSync(join(root, 'inner'), { recursive: true });
    copyFileSync(a.path, join(root, 'a.jpg'));
    copyFileSync(b.path, join(root, 'inner', 'b.jpg'));
    symlinkSync('..', join(root, 'inner', 'up')); // back up the tree
    symlinkSync('self', join(root, 'self')); // a link to itself
    symlinkSync(join(root, 'inner'), join(root, 'inner-again')); // the same folder twice
    const s = h.open();
    await s.actions.addPhotos([root]);
    await s.engine.start();
    expect(await s.engine.waitSettled()).toBe('complete');
    const all = jobs(s);
    expect(all.map((j) => j.relPath).sort()).toEqual(['a.jpg', 'inner/b.jpg', 'self']);
    expect(all.find((j) => j.relPath === 'a.jpg')?.aiReading).toBe(a.reading);
    expect(all.find((j) => j.relPath === 'inner/b.jpg')?.aiReading).toBe(b.reading);
    expect(all.find((j) => j.relPath === 'self')).toMatchObject({
      state: 'rejected',
      failureKind: 'unreadable',
    });
    expect(said(all.find((j) => j.relPath === 'self'))).toMatch(/link loop/i);
    expect(h.sandbox.ledger.tasks()).toHaveLength(2);
  });

  it('a photo still being copied when the folder was added is read when the folder is added again', async () => {
    h = await harness({ photos: 3, duplicates: 0, subfolders: false });
    const [a, b] = samples(h);
    if (!a || !b) throw new Error('no sample photos');
    const root = join(h.dir, 'card');
    mkdirSync(root);
    copyFileSync(a.path, join(root, 'done.jpg'));
    const whole = readFileSync(b.path);
    const copying = join(root, 'copying.jpg');
    writeFileSync(copying, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const s = h.open();
    await s.actions.addPhotos([root]);
    await s.engine.start();
    expect(await s.engine.waitSettled()).toBe('complete');
    const cut = jobs(s).find((j) => j.relPath === 'copying.jpg');
    expect(cut).toMatchObject({ state: 'rejected', failureKind: 'unsupported_format' });
    expect(said(cut)).toMatch(/truncated/);

    // The copy finishes; the user adds the same folder again (or runs the same command again).
    writeFileSync(copying, whole);
    utimesSync(copying, new Date(), new Date(Date.now() + 2_000));
    const again = await s.actions.addPhotos([root]);
    expect(again).toMatchObject({ queued: 1, known: 1 });
    expect(await s.engine.waitSettled()).toBe('complete');
    expect(jobs(s).find((j) => j.relPath === 'copying.jpg')).toMatchObject({
      state: 'done',
      aiReading: b.reading,
      errorMessage: null,
      failureKind: null,
    });
    // Still cut short the next time: still rejected, and not queued.
    writeFileSync(join(root, 'other.jpg'), whole.subarray(0, 100));
    await s.actions.addPhotos([root]);
    writeFileSync(join(root, 'other.jpg'), whole.subarray(0, 200));
    const third = await s.actions.addPhotos([root]);
    expect(third).toMatchObject({ queued: 0 });
    expect(jobs(s).find((j) => j.relPath === 'other.jpg')?.state).toBe('rejected');
    expect(await s.engine.waitSettled()).toBe('complete');
    for (const n of Object.values(h.sandbox.ledger.quotaCharges())) expect(n).toBe(1);
  });

  it('files deleted while the folder is being scanned: the run completes, every recorded file explained', async () => {
    h = await harness({ photos: 4, duplicates: 0, subfolders: false });
    const photos = samples(h);
    const root = join(h.dir, 'big');
    mkdirSync(root);
    // Many files, few contents: the engine uploads each content once.
    for (let i = 0; i < 1_500; i++) {
      const src = photos[i % photos.length];
      if (!src) throw new Error('no sample photos');
      copyFileSync(src.path, join(root, `IMG_${String(i).padStart(5, '0')}.jpg`));
    }
    const s = h.open();
    let deleted = 0;
    await addPaths(s.store, [root], {
      onProgress: () => {
        if (deleted) return;
        // After the first chunk is recorded, everything not read yet disappears.
        for (const name of readdirSync(root)) {
          rmSync(join(root, name));
          deleted++;
        }
      },
    });
    await s.engine.start();
    expect(await s.engine.waitSettled()).toBe('complete');
    const all = jobs(s);
    expect(deleted).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(500);
    expect(all.length).toBeLessThan(1_500);
    expectEveryJobExplained(all);
    const vanished = all.filter((j) => j.failureKind === 'vanished');
    expect(all.filter((j) => j.state === 'done').length + vanished.length).toBe(all.length);
    for (const v of vanished) expect(said(v)).toMatch(/moved, renamed or deleted/);
    expect(h.sandbox.ledger.tasks().length).toBeLessThanOrEqual(photos.length);
  });

  it('paths longer than 260 characters with hostile names: read, exported, parsed back exactly', async () => {
    h = await harness({ photos: 3, duplicates: 0, subfolders: false });
    const [a, b] = samples(h);
    if (!a || !b) throw new Error('no sample photos');
    const segments = [
      'Building A, "east wing" — meters',
      'קומה 2 ‏(RTL)‏ عداد المياه',
      '💧💧 basement\u202eevil\u202c',
      'x'.repeat(60),
      'y'.repeat(60),
    ];
    const deep = join(h.dir, 'long', ...segments);
    mkdirSync(deep, { recursive: true });
    const names = [
      `=HYPERLINK("x") ${'z'.repeat(120)}.jpg`,
      `line\nbreak, "quoted" 🚰 ${'w'.repeat(100)}.jpg`,
    ];
    copyFileSync(a.path, join(deep, names[0] ?? ''));
    copyFileSync(b.path, join(deep, names[1] ?? ''));
    const root = join(h.dir, 'long');
    const rels = names.map((n) => [...segments, n].join('/'));
    for (const rel of rels) expect(rel.length).toBeGreaterThan(260);
    const csv = join(h.dir, 'long.csv');
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
    });
    expect(await main(['run', root, '--db', h.dbFile, '--export', csv], io)).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    });
    expect(rows).toHaveLength(2);
    const want = new Map([
      [rels[0] ?? '', a.reading],
      [rels[1] ?? '', b.reading],
    ]);
    for (const [file, reading] of want) {
      const row = rows.find((r) => r.file === file);
      expect(row, file).toBeDefined();
      expect(row?.status).toBe('done');
      expect(row?.reading).toBe(reading);
    }
  });
});
