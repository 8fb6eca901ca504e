// What the watcher decides from names and mounts: which files are litter, and which folders are
// network shares to poll. The mount table is Linux's /proc/self/mountinfo format.
import { describe, expect, it } from 'vitest';
import { isIgnored, pollsFolder } from '../../main/watch/file-events';
import { fileSystemTypeOf, isNetworkFileSystem } from '../../main/watch/file-system-type';

const MOUNTS = [
  '22 1 0:21 / /proc rw,nosuid - proc proc rw',
  '23 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw',
  '24 23 0:5 / /dev rw - devtmpfs udev rw',
  '25 23 0:40 / /mnt/office\\040share rw - cifs //nas/share rw',
  '26 23 0:41 / /srv/kernel-view rw - sysfs sysfs rw',
  '27 23 0:42 / /mnt/nfs rw - nfs4 nas:/photos rw',
].join('\n');

describe('file system types', () => {
  it('knows the file system a path is on, the deepest mount winning', () => {
    expect(fileSystemTypeOf('/srv/kernel-view/x', MOUNTS)).toBe('sysfs');
    expect(fileSystemTypeOf('/srv/kernel-viewer', MOUNTS)).toBe('ext4');
    expect(fileSystemTypeOf('/mnt/office share/MeterDesk', MOUNTS)).toBe('cifs');
    expect(fileSystemTypeOf('/home/clerk', MOUNTS)).toBe('ext4');
    expect(fileSystemTypeOf('/home/clerk', null)).toBeNull();
  });

  it('polls network shares only', () => {
    expect(pollsFolder('/mnt/office share/meter photos', MOUNTS)).toBe(true);
    expect(pollsFolder('/mnt/nfs/route 4', MOUNTS)).toBe(true);
    expect(pollsFolder('/home/clerk/photos', MOUNTS)).toBe(false);
    expect(pollsFolder('/home/clerk/photos', null)).toBe(false);
    expect(isNetworkFileSystem('fuse.sshfs')).toBe(true);
    expect(isNetworkFileSystem('ext4')).toBe(false);
  });
});

describe('litter in watched folders', () => {
  const root = '/w';
  it('skips hidden files, partial downloads and OS litter, at any depth', () => {
    expect(isIgnored(root, '/w/.meter.jpg.part', true)).toBe(true);
    expect(isIgnored(root, '/w/Thumbs.db', true)).toBe(true);
    expect(isIgnored(root, '/w/@eaDir/x.jpg', true)).toBe(true);
    expect(isIgnored(root, '/w/route/.thumbnails', false)).toBe(true);
    expect(isIgnored(root, '/w/route/.thumbnails/a.jpg', true)).toBe(true);
  });

  it('watches photos, ordinary folders and the folder itself, even a hidden one', () => {
    expect(isIgnored(root, '/w/meter 7.jpg', true)).toBe(false);
    expect(isIgnored(root, '/w/route 4', false)).toBe(false);
    expect(isIgnored(root, '/w/route 4', null)).toBe(false);
    expect(isIgnored('/home/clerk/.sync', '/home/clerk/.sync', null)).toBe(false);
    expect(isIgnored('/home/clerk/.sync', '/home/clerk/.sync/a.jpg', true)).toBe(false);
  });
});
