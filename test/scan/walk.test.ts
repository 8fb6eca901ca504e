// Walking dropped folders: recursion, junk and hidden files, links and link loops, odd names,
// roots given in different ways, special files and files that vanish mid-scan.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanPaths, type ScannedFile } from '../../main/scan';
import { image, outcomeOf, reasonOf, scanAll, useTempFolder } from './helpers/fixtures';

const t = useTempFolder();
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await image('jpeg');
});

describe('walking folders', () => {
  it('recurses into subfolders and reports relPaths with "/"', async () => {
    await t.put('tree/top.jpg', jpeg);
    await t.put('tree/A/one.jpg', jpeg);
    await t.put('tree/A/B/C/deep.jpg', jpeg);
    const found = await scanAll([t.abs('tree')]);
    expect([...found.keys()].sort()).toEqual(['A/B/C/deep.jpg', 'A/one.jpg', 'top.jpg']);
    expect(found.get('A/B/C/deep.jpg')?.path).toBe(t.abs('tree/A/B/C/deep.jpg'));
  });

  it('skips hidden files, OS junk and hidden or junk folders silently', async () => {
    await t.put('junk/keep.jpg', jpeg);
    for (const name of [
      '.DS_Store',
      'Thumbs.db',
      'desktop.ini',
      '._keep.jpg',
      '.hidden.jpg',
      '~$lock.jpg',
    ]) {
      await t.put(`junk/${name}`, name === '.hidden.jpg' ? jpeg : 'junk');
    }
    await t.put('junk/.thumbnails/thumb.jpg', jpeg);
    await t.put('junk/__MACOSX/._keep.jpg', 'x');
    await t.put('junk/@eaDir/keep.jpg/SYNOFILE_THUMB_M.jpg', jpeg);
    await t.put('junk/sub/.DS_Store', 'x');
    await t.put('junk/sub/ok.png', await image('png'));
    const found = await scanAll([t.abs('junk')]);
    expect([...found.keys()].sort()).toEqual(['keep.jpg', 'sub/ok.png']);
  });

  it('scans a hidden file or folder the user added explicitly', async () => {
    const file = await t.put('explicit/.secret.jpg', jpeg);
    await t.put('explicit/.folder/in.jpg', jpeg);
    const found = await scanAll([file, t.abs('explicit/.folder')]);
    expect(outcomeOf(found.get('.secret.jpg'))).toBe('accepted jpeg');
    expect(outcomeOf(found.get('in.jpg'))).toBe('accepted jpeg');
  });

  it('reports a file root under its base name and resolves relative roots', async () => {
    const file = await t.put('roots/photo one.jpg', jpeg);
    const viaFile = [...(await scanAll([file])).values()];
    expect(viaFile).toHaveLength(1);
    expect(viaFile[0]).toMatchObject({ rootPath: file, relPath: 'photo one.jpg', path: file });
    const relative = path.relative(process.cwd(), t.abs('roots'));
    const viaFolder = [...(await scanAll([relative])).values()];
    expect(viaFolder).toHaveLength(1);
    expect(viaFolder[0]).toMatchObject({
      rootPath: t.abs('roots'),
      relPath: 'photo one.jpg',
      path: file,
    });
  });

  it('reports every file once when roots overlap or repeat', async () => {
    await t.put('overlap/a.jpg', jpeg);
    await t.put('overlap/sub/b.jpg', jpeg);
    const seen: ScannedFile[] = [];
    for await (const f of scanPaths([t.abs('overlap'), t.abs('overlap/sub'), t.abs('overlap')])) {
      seen.push(f);
    }
    expect(seen.map((f) => f.path).sort()).toEqual([
      t.abs('overlap/a.jpg'),
      t.abs('overlap/sub/b.jpg'),
    ]);
  });

  it('reports a missing root as vanished', async () => {
    const missing = path.join(t.dir, 'no-such-folder');
    const found = [...(await scanAll([missing])).values()];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      path: missing,
      rootPath: missing,
      relPath: 'no-such-folder',
      outcome: { kind: 'rejected', failureKind: 'vanished' },
    });
  });
});

describe('links', () => {
  it('survives symlink loops and reports each real file once', async () => {
    await t.put('loops/photos/a.jpg', jpeg);
    await t.put('loops/photos/inner/b.jpg', jpeg);
    await symlink('..', t.abs('loops/photos/inner/up')); // points back to photos/
    await symlink('../..', t.abs('loops/photos/inner/up2'));
    await symlink('self', t.abs('loops/photos/self')); // a link to itself
    const found = await scanAll([t.abs('loops/photos')]);
    expect(new Map([...found].map(([rel, f]) => [rel, outcomeOf(f)]))).toEqual(
      new Map([
        ['a.jpg', 'accepted jpeg'],
        ['inner/b.jpg', 'accepted jpeg'],
        ['self', 'rejected unreadable'],
      ]),
    );
    expect(reasonOf(found.get('self'))).toMatch(/link loop/i);
  });

  it('follows links to files and folders elsewhere, under the link name', async () => {
    await t.put('elsewhere/real/x.png', await image('png'));
    await t.put('linked/local.jpg', jpeg);
    await symlink(t.abs('elsewhere/real'), t.abs('linked/shortcut'));
    await symlink(t.abs('elsewhere/real/x.png'), t.abs('linked/alias.png'));
    const found = await scanAll([t.abs('linked')]);
    expect([...found.keys()].sort()).toEqual(['alias.png', 'local.jpg', 'shortcut/x.png']);
    expect(found.get('shortcut/x.png')?.path).toBe(t.abs('linked/shortcut/x.png'));
  });

  it('reports a dangling link as unreadable', async () => {
    await mkdir(t.abs('dangling'), { recursive: true });
    await symlink(t.abs('dangling/gone.jpg'), t.abs('dangling/link.jpg'));
    const found = await scanAll([t.abs('dangling')]);
    expect(outcomeOf(found.get('link.jpg'))).toBe('rejected unreadable');
    expect(reasonOf(found.get('link.jpg'))).toMatch(/Broken link/);
  });
});

describe('special files and odd names', () => {
  it('rejects a named pipe without opening it (the scan does not hang)', async () => {
    await mkdir(t.abs('fifo'), { recursive: true });
    execFileSync('mkfifo', [t.abs('fifo/pipe.jpg')]);
    await t.put('fifo/ok.jpg', jpeg);
    const found = await scanAll([t.abs('fifo')]);
    expect(outcomeOf(found.get('ok.jpg'))).toBe('accepted jpeg');
    expect(outcomeOf(found.get('pipe.jpg'))).toBe('rejected unreadable');
    expect(reasonOf(found.get('pipe.jpg'))).toMatch(/named pipe/);
  });

  it('handles names with commas, quotes, newlines, emoji and right-to-left text', async () => {
    const names = [
      'flat 3, kitchen.jpg',
      'say "cheese".jpg',
      "o'clock.jpg",
      'two\nlines.jpg',
      'tab\there.jpg',
      'meter 💧🚿.jpg',
      'עדכון מונה.jpg',
      'قراءة العداد.jpg',
      '-starts-with-dash.jpg',
      'back\\slash.jpg',
      'Zähler ü.jpg',
      'ＦＵＬＬＷＩＤＴＨ.jpg',
    ];
    for (const name of names) await t.put(`names/${name}`, jpeg);
    await t.put('names/sub, with comma/"quoted" 📁/inner.jpg', jpeg);
    const found = await scanAll([t.abs('names')]);
    expect([...found.keys()].sort()).toEqual(
      [...names, 'sub, with comma/"quoted" 📁/inner.jpg'].sort(),
    );
    for (const file of found.values()) expect(outcomeOf(file), file.relPath).toBe('accepted jpeg');
  });

  it('reports a file name that is not valid UTF-8 instead of failing on it', async () => {
    await mkdir(t.abs('bytes'), { recursive: true });
    await writeFile(Buffer.from(`${t.abs('bytes')}/\xff\xfeold.jpg`, 'latin1'), jpeg);
    await t.put('bytes/fine.jpg', jpeg);
    const found = [...(await scanAll([t.abs('bytes')])).values()];
    expect(found).toHaveLength(2);
    const bad = found.find((f) => f.relPath !== 'fine.jpg');
    expect(outcomeOf(bad)).toBe('rejected unreadable');
    expect(reasonOf(bad)).toMatch(/not valid Unicode/);
  });
});

describe('files that vanish during the scan', () => {
  it('reports files deleted after listing as vanished, every file at most once', async () => {
    for (let i = 0; i < 200; i++) await t.put(`vanish/f${String(i).padStart(3, '0')}.jpg`, jpeg);
    const seen = new Map<string, ScannedFile>();
    for await (const file of scanPaths([t.abs('vanish')], { hashConcurrency: 1 })) {
      expect(seen.has(file.relPath)).toBe(false);
      seen.set(file.relPath, file);
      // After the first result, everything left disappears (the listing is read in batches,
      // so some entries are already known to the scanner).
      if (seen.size === 1) await rm(t.abs('vanish'), { recursive: true });
    }
    const kinds = [...seen.values()].map(outcomeOf);
    expect(kinds.filter((k) => k === 'rejected vanished').length).toBeGreaterThan(0);
    expect(kinds.every((k) => k === 'accepted jpeg' || k === 'rejected vanished')).toBe(true);
    const vanished = [...seen.values()].find((f) => outcomeOf(f) === 'rejected vanished');
    expect(reasonOf(vanished)).toMatch(/moved, renamed or deleted/);
  });
});
