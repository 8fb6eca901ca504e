// Unreadable files and folders. Permissions only bite an unprivileged user: root reads mode-000
// files anyway. So when the tests run as root (CI does), the scan runs in a child process as
// 'nobody' (uid/gid 65534), for whom the modes are real; as any other user it runs in-process.
import { execFile } from 'node:child_process';
import { chmod, mkdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScannedFile } from '../../main/scan';
import {
  image,
  outcomeOf,
  reasonOf,
  scanAll,
  tempFolder,
  type TempFolder,
} from './helpers/fixtures';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
let t: TempFolder;
/** Why the unreadable cases cannot run here, or null when they can. */
let skipReason: string | null = null;

async function scanAsNobody(root: string): Promise<Map<string, ScannedFile>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      'test/scan/helpers/scan-as-json.ts',
      root,
    ],
    {
      cwd: repoRoot,
      uid: NOBODY,
      gid: NOBODY,
      env: { ...process.env, HOME: t.dir },
      maxBuffer: 16 << 20,
    },
  );
  const files = JSON.parse(stdout) as ScannedFile[];
  return new Map(files.map((f) => [f.relPath, f]));
}

/** Scans as a user for whom file modes apply. */
function scanUnprivileged(root: string): Promise<Map<string, ScannedFile>> {
  return isRoot ? scanAsNobody(root) : scanAll([root]);
}

beforeAll(async () => {
  t = await tempFolder();
  if (process.platform === 'win32') {
    skipReason = 'POSIX file modes do not apply on Windows';
    return;
  }
  if (isRoot) {
    // 'nobody' must be able to reach the temp folder; probe that we may switch user at all.
    await chmod(t.dir, 0o755);
    try {
      await scanAsNobody(t.dir);
    } catch (error) {
      skipReason = `running as root and cannot run a scan as uid ${NOBODY}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }
  if (skipReason) console.warn(`[scan permissions] skipped: ${skipReason}`);
});

afterAll(async () => {
  // Give the owner its rights back so the folder can be removed.
  await chmod(t.abs('perm/locked'), 0o755).catch(() => undefined);
  await chmod(t.abs('perm/no-list'), 0o755).catch(() => undefined);
  await t.remove();
});

describe('read-only media (a locked SD card, a CD, a read-only share)', () => {
  it('is scanned without writing anything: every photo accepted, nothing touched', async (ctx) => {
    if (skipReason) {
      ctx.skip();
      return;
    }
    const jpeg = await image('jpeg', 61);
    await t.put('card/DCIM/100MEDIA/IMG_0001.JPG', jpeg);
    await t.put('card/DCIM/100MEDIA/IMG_0002.JPG', await image('jpeg', 62));
    const files = ['card/DCIM/100MEDIA/IMG_0001.JPG', 'card/DCIM/100MEDIA/IMG_0002.JPG'];
    const old = new Date('2025-06-01T07:30:00Z');
    for (const f of files) {
      await utimes(t.abs(f), old, old);
      await chmod(t.abs(f), 0o444);
    }
    for (const d of ['card/DCIM/100MEDIA', 'card/DCIM', 'card']) await chmod(t.abs(d), 0o555);

    const found = await scanUnprivileged(t.abs('card'));
    expect(new Map([...found].map(([rel, f]) => [rel, outcomeOf(f)]))).toEqual(
      new Map([
        ['DCIM/100MEDIA/IMG_0001.JPG', 'accepted jpeg'],
        ['DCIM/100MEDIA/IMG_0002.JPG', 'accepted jpeg'],
      ]),
    );
    for (const f of files) expect((await stat(t.abs(f))).mtime).toEqual(old);
    for (const d of ['card', 'card/DCIM', 'card/DCIM/100MEDIA']) await chmod(t.abs(d), 0o755);
  });
});

describe('unreadable files and folders', () => {
  it('reports an unreadable file and an unreadable folder, and scans the rest', async (ctx) => {
    if (skipReason) {
      ctx.skip();
      return;
    }
    const jpeg = await image('jpeg');
    await t.put('perm/ok.jpg', jpeg);
    await t.put('perm/secret.jpg', jpeg);
    await chmod(t.abs('perm/secret.jpg'), 0o000);
    await t.put('perm/locked/inside.jpg', jpeg);
    await chmod(t.abs('perm/locked'), 0o000);
    // Listable-not: execute without read permission.
    await t.put('perm/no-list/hidden-from-us.jpg', jpeg);
    await chmod(t.abs('perm/no-list'), 0o311);
    await mkdir(t.abs('perm/open/deeper'), { recursive: true });
    await t.put('perm/open/deeper/fine.png', await image('png'));

    const found = await scanUnprivileged(t.abs('perm'));
    expect(new Map([...found].map(([rel, f]) => [rel, outcomeOf(f)]))).toEqual(
      new Map([
        ['ok.jpg', 'accepted jpeg'],
        ['secret.jpg', 'rejected unreadable'],
        ['locked', 'rejected unreadable'],
        ['no-list', 'rejected unreadable'],
        ['open/deeper/fine.png', 'accepted png'],
      ]),
    );
    const secret = found.get('secret.jpg');
    expect(reasonOf(secret)).toMatch(/Permission denied/);
    expect(secret?.size).toBe(jpeg.length); // stat still works without read permission
    const locked = found.get('locked');
    expect(locked?.path).toBe(t.abs('perm/locked'));
    expect(reasonOf(locked)).toMatch(
      /Permission denied for this folder; the photos in it were not scanned/,
    );
  });
});
