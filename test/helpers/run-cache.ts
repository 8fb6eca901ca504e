// What a test run makes once and many files use (rendered sample folders, the built renderer). The
// run's global setup (run-cache-setup.ts) creates a folder, names it in METERDESK_RUN_CACHE for
// every test process and removes it at the end; each entry's key names everything its content
// depends on, sources included, so an entry is never stale, even in watch mode. Without that
// folder (a file run by other means, the chaos runner, a benchmark) callers make their own, as
// before: nothing depends on the cache but speed.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const RUN_CACHE_ENV = 'METERDESK_RUN_CACHE';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The run's cache folder, or null when this process runs outside `vitest run`'s set-up. */
export function runCacheDir(): string | null {
  const dir = process.env[RUN_CACHE_ENV];
  return dir && existsSync(dir) ? dir : null;
}

/** A short, stable name for a value (JSON, keys in the order given). */
export function cacheKey(prefix: string, value: unknown): string {
  return `${prefix}-${createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20)}`;
}

const sourceHashes = new Map<string, string>();

/** Hash of these files and folders (relative to the repository; folders end in /): names, contents. */
export function sourceHash(paths: readonly string[]): string {
  const id = paths.join('\n');
  const known = sourceHashes.get(id);
  if (known) return known;
  const files = paths.flatMap((path) =>
    path.endsWith('/')
      ? readdirSync(join(ROOT, path), { withFileTypes: true, recursive: true })
          .filter((e) => e.isFile())
          .map((e) => relative(ROOT, join(e.parentPath, e.name)))
      : [path],
  );
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(ROOT, file)));
  const digest = hash.digest('hex');
  sourceHashes.set(id, digest);
  return digest;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The cache folder for `key`, filled by `make` the first time any process of the run asks for it;
 * null when there is no run cache. Concurrent askers wait for the one making it (a lock folder
 * holding its pid; a lock whose process died is taken over). A failed `make` leaves no entry, so
 * the next asker tries again and meets the same error.
 */
export async function cachedFolder(
  key: string,
  make: (dir: string) => Promise<void>,
): Promise<string | null> {
  const root = runCacheDir();
  if (!root) return null;
  return folderIn(root, key, make);
}

/**
 * The folder that keeps entries from one run to the next (`.tmp/test-cache/`, ignored by git):
 * for what depends only on sources named in its key, such as rendered sample folders.
 */
export const KEPT_CACHE = join(ROOT, '.tmp', 'test-cache');

/** How long a kept entry nobody used stays (global setup removes older ones). */
const KEPT_FOR_MS = 7 * 86_400_000;

/**
 * Like cachedFolder, but kept for later runs: `key` must name everything the content depends on
 * (options, the sources that make it, library versions). Null outside `vitest run`'s set-up.
 */
export async function keptFolder(
  key: string,
  make: (dir: string) => Promise<void>,
): Promise<string | null> {
  if (!runCacheDir()) return null;
  mkdirSync(KEPT_CACHE, { recursive: true });
  const entry = await folderIn(KEPT_CACHE, key, make);
  // Used now: the pruning at the start of a later run counts from here.
  const now = new Date();
  utimesSync(entry, now, now);
  return entry;
}

/** Removes kept entries unused for a week, and work folders of runs that died while making one. */
export function pruneKeptCache(now = Date.now()): void {
  if (!existsSync(KEPT_CACHE)) return;
  for (const name of readdirSync(KEPT_CACHE)) {
    const path = join(KEPT_CACHE, name);
    const stale = now - statSync(path).mtimeMs > KEPT_FOR_MS;
    if (stale || (name.endsWith('.part') && now - statSync(path).mtimeMs > 3_600_000))
      rmSync(path, { recursive: true, force: true });
  }
}

async function folderIn(
  root: string,
  key: string,
  make: (dir: string) => Promise<void>,
): Promise<string> {
  const entry = join(root, key);
  const lock = `${entry}.lock`;
  for (;;) {
    if (existsSync(entry)) return entry;
    try {
      mkdirSync(lock);
    } catch {
      let owner = 0;
      try {
        owner = Number(readdirSync(lock)[0] ?? 0);
      } catch {
        // Released meanwhile: try again.
      }
      if (owner && !processAlive(owner)) rmSync(lock, { recursive: true, force: true });
      await sleep(50);
      continue;
    }
    try {
      mkdirSync(join(lock, String(process.pid)));
      const work = `${entry}.${String(process.pid)}.part`;
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work);
      await make(work);
      // Renamed into place only when complete: an entry that exists is whole.
      renameSync(work, entry);
      return entry;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
