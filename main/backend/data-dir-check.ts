// Where the queue may live. Folders under /proc, /sys or /dev belong to the kernel: nothing there
// holds files, and touching them can go badly (on Node 20 a recursive mkdir under /proc spins for
// ever, hanging the backend). So such a place is refused from its name, from where its symbolic
// links lead and from the kind of file system it is mounted on, before anything is created there;
// then the folder is made one level at a time and proven writable by writing a small file.
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, parse, resolve, sep } from 'node:path';
import { logMessage, logText, type LogMessage } from '../../common/engine-messages';
import { fileSystemTypeOf, under } from '../watch/file-system-type';

/** File systems of the kernel and the system, never of files (Linux names, /proc/self/mountinfo). */
const PSEUDO_FILE_SYSTEMS = new Set([
  'proc',
  'sysfs',
  'devtmpfs',
  'devpts',
  'devfs',
  'cgroup',
  'cgroup2',
  'debugfs',
  'tracefs',
  'securityfs',
  'pstore',
  'bpf',
  'configfs',
  'fusectl',
  'mqueue',
  'hugetlbfs',
  'binfmt_misc',
  'efivarfs',
  'autofs',
  'nsfs',
]);

/** System folders refused by name on Linux and macOS, whatever is mounted there. */
const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev'];

function systemFolderOf(path: string): string | null {
  if (sep !== '/') return null;
  return SYSTEM_FOLDERS.find((f) => under(path, f)) ?? null;
}

/** The deepest part of `path` that exists, with its symbolic links followed. */
function existingRealPath(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  try {
    return realpathSync(at);
  } catch {
    return at;
  }
}

/** A place refused before anything is made there: `said` is why, as a code (English its message). */
export class DataDirProblem extends Error {
  override readonly name = 'DataDirProblem';

  constructor(readonly said: LogMessage) {
    super(logText(said));
  }
}

/** A folder that cannot hold the data, as the code the window words (dataFolderUnusable). */
export function dataFolderUnusable(
  dir: string,
  why: string,
  at: { readonly folder?: string; readonly real?: string } = {},
): LogMessage {
  return logMessage('dataFolderUnusable', {
    dir,
    why,
    folder: at.folder ?? '',
    real: at.real ?? '',
  });
}

/** Refuses system places by name, link target and file system, touching nothing there. */
export function refuseSystemPlace(dir: string): void {
  const path = resolve(dir);
  const named = systemFolderOf(path);
  if (named) {
    throw new DataDirProblem(dataFolderUnusable(path, 'systemFolder', { folder: named }));
  }
  const real = existingRealPath(path);
  const linked = systemFolderOf(real);
  if (linked) {
    throw new DataDirProblem(dataFolderUnusable(path, 'linksToSystem', { folder: linked, real }));
  }
  const type = fileSystemTypeOf(real);
  if (type !== null && PSEUDO_FILE_SYSTEMS.has(type)) {
    throw new DataDirProblem(dataFolderUnusable(path, 'pseudoFileSystem', { real: type }));
  }
}

/** Creates the missing levels one by one (no recursive mkdir) and proves the folder writable. */
export function makeWritable(dir: string): void {
  const path = resolve(dir);
  const missing: string[] = [];
  for (let at = path; !existsSync(at); at = dirname(at)) {
    if (at === parse(at).root) break;
    missing.unshift(at);
  }
  for (const level of missing) mkdirSync(level);
  const probe = join(path, `.meterdesk-write-check-${String(process.pid)}`);
  writeFileSync(probe, 'MeterDesk checks it can write here; this file is removed at once.');
  rmSync(probe, { force: true });
}
