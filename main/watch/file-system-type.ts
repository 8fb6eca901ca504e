// Which kind of file system a path is on: from Linux's mount table, macOS's mount list, Windows'
// drive types. The data folder check refuses the kernel's own (proc, sysfs...); the watcher polls
// network shares, whose servers do not report changes made on other machines to this one's change
// notifications. The tables are read here and parsed by pure functions, tested with given tables.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** `path` is `folder` or inside it ('/'-separated paths). */
export function under(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** The file system type `path` is on, from the mount table; null where there is none to read. */
export function fileSystemTypeOf(path: string, mountinfo = readMountInfo()): string | null {
  if (mountinfo === null) return null;
  let best: { point: string; type: string } | null = null;
  for (const line of mountinfo.split('\n')) {
    // "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw,errors=continue"
    const [left, right] = line.split(' - ');
    const point = left?.split(' ')[4]?.replace(/\\040/g, ' ');
    const type = right?.split(' ')[0];
    if (!point || !type) continue;
    if (point !== '/' && !under(path, point)) continue;
    if (!best || point.length >= best.point.length) best = { point, type };
  }
  return best?.type ?? null;
}

function readMountInfo(): string | null {
  if (process.platform !== 'linux') return null;
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return null;
  }
}

/** Network file systems as Linux and macOS name them (SMB/CIFS, NFS, AFP, SSHFS, WebDAV...). */
const NETWORK_FILE_SYSTEMS = new Set([
  'afpfs',
  'webdav',
  'ftp',
  'cifs',
  'smb3',
  'smbfs',
  'nfs',
  'nfs4',
  'afs',
  '9p',
  'ceph',
  'glusterfs',
  'fuse.sshfs',
  'fuse.rclone',
  'fuse.davfs2',
  'davfs',
  'fuse.gvfsd-fuse',
]);

export function isNetworkFileSystem(type: string | null): boolean {
  return type !== null && NETWORK_FILE_SYSTEMS.has(type);
}

/**
 * The file system type `path` is on, from macOS's mount list (the output of /sbin/mount):
 * "//clerk@nas.local/Photos on /Volumes/Photos (smbfs, nodev, nosuid, mounted by clerk)".
 */
export function macFileSystemTypeOf(path: string, mounts: string): string | null {
  let best: { point: string; type: string } | null = null;
  for (const line of mounts.split('\n')) {
    // The mount point may hold spaces and brackets: it ends where the last " (" begins.
    const on = line.indexOf(' on /');
    const options = line.lastIndexOf(' (');
    if (on < 0 || options < on) continue;
    const point = line.slice(on + 4, options);
    const type = line
      .slice(options + 2)
      .split(/[,)]/)[0]
      ?.trim();
    if (!point || !type) continue;
    if (point !== '/' && !under(path, point)) continue;
    if (!best || point.length >= best.point.length) best = { point, type };
  }
  return best?.type ?? null;
}

/**
 * A Windows path on a network share: a UNC path (\\server\share, also as \\?\UNC\...) or a
 * drive letter IT mapped to one. `driveTypes` holds each letter's type as .NET's
 * DriveInfo.DriveType names it ("Network", "Fixed", "Removable"...).
 */
export function isWindowsNetworkPath(
  path: string,
  driveTypes: ReadonlyMap<string, string> | null,
): boolean {
  const p = path.replace(/\//g, '\\');
  if (/^\\\\[?.]\\UNC\\/i.test(p)) return true;
  const drive = /^(?:\\\\[?.]\\)?([a-z]):/i.exec(p)?.[1];
  if (drive) return driveTypes?.get(drive.toUpperCase()) === 'Network';
  return /^\\\\[^\\?.]/.test(p);
}

/** What isOnNetworkShare reads; tests pass their own. */
export interface MountTables {
  readonly platform: NodeJS.Platform;
  /** Linux: /proc/self/mountinfo. */
  readonly mountinfo?: string | null;
  /** macOS: the output of /sbin/mount. */
  readonly macMounts?: string | null;
  /** Windows: drive letter (upper case) to its DriveInfo.DriveType. */
  readonly driveTypes?: ReadonlyMap<string, string> | null;
}

/** `path` (a real path) is on a network share, as far as this system's tables tell. */
export function isOnNetworkShare(path: string, tables: MountTables = systemTables(path)): boolean {
  switch (tables.platform) {
    case 'win32':
      return isWindowsNetworkPath(path, tables.driveTypes ?? null);
    case 'darwin':
      return isNetworkFileSystem(
        tables.macMounts ? macFileSystemTypeOf(path, tables.macMounts) : null,
      );
    default:
      return isNetworkFileSystem(fileSystemTypeOf(path, tables.mountinfo ?? null));
  }
}

/** This system's tables, only the one `path` needs (a UNC path needs none). */
function systemTables(path: string): MountTables {
  const platform = process.platform;
  if (platform === 'win32') {
    return { platform, driveTypes: /^[a-z]:/i.test(path) ? readWindowsDriveTypes() : null };
  }
  if (platform === 'darwin') return { platform, macMounts: quietOutput('/sbin/mount', []) };
  return { platform, mountinfo: readMountInfo() };
}

function readWindowsDriveTypes(): Map<string, string> | null {
  // DriveType comes from GetDriveType: no network round trip, even for a mapped drive that is away.
  const out = quietOutput('powershell.exe', [
    '-NoProfile',
    '-NonInteractive',
    '-Command',
    "[System.IO.DriveInfo]::GetDrives() | ForEach-Object { $_.Name.Substring(0,1) + ' ' + $_.DriveType }",
  ]);
  if (out === null) return null;
  const types = new Map<string, string>();
  for (const line of out.split(/\r?\n/)) {
    const [letter, type] = line.trim().split(' ');
    if (letter && type) types.set(letter.toUpperCase(), type);
  }
  return types;
}

function quietOutput(file: string, args: string[]): string | null {
  try {
    return execFileSync(file, args, {
      encoding: 'utf8',
      timeout: 10_000,
      windowsHide: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}
