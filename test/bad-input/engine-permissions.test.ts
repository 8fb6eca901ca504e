// Unreadable files and folders at the engine level. File modes only bite an unprivileged user, and
// the tests run as root (CI does), so the engine runs in a child process as 'nobody' (uid 65534)
// against the sandbox in this process; as any other user it runs the same way without switching.
import { execFile } from 'node:child_process';
import { chmod, chown, copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { SampleManifest } from '../../sandbox/samples';
import { cachedSampleFolder } from '../helpers/samples';
import { FAST_AI } from '../helpers/engine-harness';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

interface ChildJob {
  relPath: string;
  state: string;
  failureKind: string | null;
  errorMessage: string | null;
  aiReading: string | null;
}

let dir: string;
let sandbox: Sandbox;
let manifest: SampleManifest;
let skipReason: string | null = null;

interface ChildResult {
  outcome: string;
  jobs: ChildJob[];
  logs: string[];
  locked: string | null;
}

async function runEngine(folder: string, lockSecond = false): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      'test/bad-input/fixtures/engine-run-child.ts',
    ],
    {
      cwd: repoRoot,
      ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      env: {
        ...process.env,
        HOME: dir,
        MD_DB: path.join(dir, 'db', `${path.basename(folder)}.sqlite`),
        MD_BASE_URL: sandbox.url,
        MD_API_KEY: sandbox.apiKey,
        MD_PATHS: folder,
        ...(lockSecond ? { MD_LOCK_SECOND: '1' } : {}),
      },
      maxBuffer: 16 << 20,
    },
  );
  return JSON.parse(stdout) as ChildResult;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'meterdesk-perm-'));
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'db'), { mode: 0o777 });
  await chmod(path.join(dir, 'db'), 0o777);
  manifest = await cachedSampleFolder(path.join(dir, 'samples'), {
    count: 4,
    seed: 9,
    duplicates: 0,
    subfolders: false,
    formats: ['jpeg'],
    width: 160,
  });
  sandbox = await createSandbox({ ai: FAST_AI });
  if (process.platform === 'win32') skipReason = 'POSIX file modes do not apply on Windows';
  else if (isRoot) {
    try {
      const probe = path.join(dir, 'probe');
      await mkdir(probe, { mode: 0o755 });
      await runEngine(probe);
    } catch (error) {
      skipReason = `running as root and cannot run the engine as uid ${NOBODY}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`;
    }
  }
  if (skipReason) console.warn(`[engine permissions] skipped: ${skipReason}`);
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  await chmod(path.join(dir, 'perm', 'locked'), 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function photos(): Promise<{ name: string; reading: string }[]> {
  const names = (await readdir(path.join(dir, 'samples'))).sort();
  return names.map((name) => ({
    name,
    reading: manifest.files.find((f) => f.relPath === name)?.reading ?? '',
  }));
}

describe('unreadable files and folders, engine run as an unprivileged user', () => {
  it('reports what it cannot read with a reason and reads everything else', async (ctx) => {
    if (skipReason) {
      ctx.skip();
      return;
    }
    const [a, b, c, d] = await photos();
    if (!a || !b || !c || !d) throw new Error('no sample photos');
    const perm = path.join(dir, 'perm');
    const put = async (rel: string, from: string): Promise<string> => {
      const to = path.join(perm, rel);
      await mkdir(path.dirname(to), { recursive: true, mode: 0o755 });
      await copyFile(path.join(dir, 'samples', from), to);
      await chmod(to, 0o644);
      return to;
    };
    await mkdir(perm, { mode: 0o755 });
    await put('ok.jpg', a.name);
    await put('open/deeper/fine.jpg', b.name);
    await put('also-fine.jpg', c.name);
    await chmod(await put('secret.jpg', c.name), 0o000);
    await put('locked/inside.jpg', d.name);
    await chmod(path.join(perm, 'locked'), 0o000);
    await put('later.jpg', d.name);
    // The engine's user owns the photos, so it can take the read permission of one away itself
    // after the scan (see MD_LOCK_SECOND): readable when scanned, unreadable when uploaded.
    if (isRoot) {
      for (const rel of ['ok.jpg', 'open/deeper/fine.jpg', 'also-fine.jpg', 'later.jpg'])
        await chown(path.join(perm, rel), NOBODY, NOBODY);
    }

    const result = await runEngine(perm, true);
    expect(result.outcome).toBe('complete');
    const byPath = new Map(result.jobs.map((j) => [j.relPath, j]));
    const locked = result.locked;
    if (!locked) throw new Error('the child locked no file');
    const good = new Map([
      ['ok.jpg', a.reading],
      ['open/deeper/fine.jpg', b.reading],
      ['also-fine.jpg', c.reading],
      ['later.jpg', d.reading],
    ]);
    good.delete(locked);
    // Everything readable is read, including the photos that shared a batch with the locked one.
    for (const [rel, reading] of good)
      expect(byPath.get(rel), rel).toMatchObject({ state: 'done', aiReading: reading });
    expect(byPath.get('secret.jpg')).toMatchObject({
      state: 'rejected',
      failureKind: 'unreadable',
    });
    expect(byPath.get('secret.jpg')?.errorMessage).toMatch(/Permission denied/);
    expect(byPath.get('locked')).toMatchObject({ state: 'rejected', failureKind: 'unreadable' });
    expect(byPath.get('locked')?.errorMessage).toMatch(/Permission denied for this folder/);
    // The file that became unreadable fails alone, as unreadable: not "changed on disk", not a
    // network problem, and the run does not go offline over it.
    expect(byPath.get(locked)).toMatchObject({ state: 'failed', failureKind: 'unreadable' });
    expect(byPath.get(locked)?.errorMessage).toMatch(/could not be read/);
    expect(result.logs.filter((l) => /unreachable|unexpected|internal/i.test(l))).toEqual([]);
    expect(result.jobs).toHaveLength(6);
  }, 60_000);
});
