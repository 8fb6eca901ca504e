// Which kind of file system a path is on, from Linux's mount table. The data folder check refuses
// the kernel's own (proc, sysfs...); the watcher polls network shares, whose servers do not report
// changes made on other machines to this one's change notifications.
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

/** Network file systems as Linux names them (SMB/CIFS, NFS, SSHFS, WebDAV and the like). */
const NETWORK_FILE_SYSTEMS = new Set([
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
