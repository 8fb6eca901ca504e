// The demo route of eight sample photos and one real sandbox, for the office tests in which
// several desks read overlapping folders of the same photos and the office's export is held
// against what one desk alone writes (office-export and office-billing-facts each built all of
// this, a copy each).
import { cpSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runCommand } from '../../main/cli/commands/run';
import { writeDemoRoute } from '../../main/cli/commands/demo-route';
import { createSandbox, type Sandbox } from '../../sandbox';
import { captureIo } from '../helpers/cli-io';
import { FAST_AI } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';

const NOW = new Date('2026-03-02T08:00:00Z');
/** Eight single photos of the demo route, wide enough for the photo checks. */
const SAMPLES = { count: 8, seed: 31, duplicates: 0, subfolders: false, width: 480 } as const;

export interface RoutePhotoFolders {
  /** The test's own folder: queues, folders and exports go here. */
  readonly dir: string;
  /** The demo route sheet of the photos. */
  readonly sheet: string;
  /** Every photo, the rollover ones of 'Route 7' too, side by side as one reader's card holds them. */
  readonly files: readonly string[];
  /** A folder holding copies (same bytes, same file times) of photos `from`..`to` (1-based, inclusive). */
  folderOf: (name: string, from: number, to: number) => string;
  /** `meterdesk run` with `args` against the sandbox on the queue `db`; what it said (it must exit 0). */
  run: (args: readonly string[], db: string) => Promise<string>;
}

interface Made {
  t: ReturnType<typeof tempDir>;
  sheet: string;
  files: string[];
  sandbox: Sandbox;
}

/** The photos, the sheet and the sandbox, made before the file's tests and removed after them. */
export function useRoutePhotoFolders(prefix: string): RoutePhotoFolders {
  let made: Made | undefined;
  const get = (): Made => {
    if (!made) throw new Error('the route photos are made in beforeAll');
    return made;
  };
  beforeAll(async () => {
    const t = tempDir(prefix);
    const photos = join(t.dir, 'photos');
    const manifest = await cachedSampleFolder(photos, SAMPLES);
    const sheet = (await writeDemoRoute(t.dir, photos, manifest.files, NOW)).sheet;
    const files = readdirSync(photos, { recursive: true, encoding: 'utf8' })
      .map((f) => join(photos, f))
      .filter((f) => statSync(f).isFile() && /\.jpe?g$/i.test(f))
      .sort();
    made = { t, sheet, files, sandbox: await createSandbox({ ai: FAST_AI }) };
  }, 60_000);
  afterAll(async () => {
    await made?.sandbox.close();
    made?.t.cleanup();
  });
  return {
    get dir() {
      return get().t.dir;
    },
    get sheet() {
      return get().sheet;
    },
    get files() {
      return get().files;
    },
    folderOf: (name, from, to) => {
      const dir = join(get().t.dir, name);
      mkdirSync(dir);
      for (const f of get().files.slice(from - 1, to)) {
        // The photos carry no camera date: the read date is the file's, kept as a card reader would.
        cpSync(f, join(dir, f.split('/').pop() ?? f), { preserveTimestamps: true });
      }
      return dir;
    },
    run: async (args, db) => {
      const { sandbox } = get();
      const io = captureIo({});
      const code = await runCommand([...args], io, {
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        sandbox: null,
        dbFile: db,
      });
      expect(code, io.all()).toBe(0);
      return io.all();
    },
  };
}

/** The CSV's lines without the task id, the last column: each desk's upload has a task of its own. */
export function withoutTask(csv: string): string[] {
  const lines = readFileSync(csv, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/;task_id$/);
  return lines.map((l) => l.slice(0, l.lastIndexOf(';')));
}
