// Network shares on macOS (SMB, AFP, NFS, WebDAV mounted under /Volumes) and Windows (UNC paths,
// mapped drives) are polled like Linux's: their servers do not report files other machines write.
// The tables are given: macOS's mount list as /sbin/mount prints it, Windows' drive types as .NET
// names them.
import { describe, expect, it } from 'vitest';
import {
  isOnNetworkShare,
  isWindowsNetworkPath,
  macFileSystemTypeOf,
} from '../../main/watch/file-system-type';

const MAC_MOUNTS = [
  '/dev/disk3s1s1 on / (apfs, sealed, local, read-only, journaled)',
  'devfs on /dev (devfs, local, nobrowse)',
  '/dev/disk3s5 on /System/Volumes/Data (apfs, local, journaled, nobrowse, protect)',
  'map auto_home on /System/Volumes/Data/home (autofs, automounted, nobrowse)',
  '//clerk@nas.local/Meter%20Photos on /Volumes/Meter Photos (smbfs, nodev, nosuid, mounted by clerk)',
  'afp_0TQbYQ2hnqtS0mbzqg0VCq0a-1.2d000006 on /Volumes/Archive (afpfs, nodev, nosuid, mounted by clerk)',
  'nas:/export/route on /Volumes/route (2024) (nfs, nodev, nosuid, mounted by clerk)',
  'https://dav.example.org/photos on /Volumes/photos (webdav, nodev, noexec, nosuid, mounted by clerk)',
  '/dev/disk4s1 on /Volumes/SD CARD (msdos, local, nodev, nosuid, noowners, mounted by clerk)',
].join('\n');

describe('macOS network shares', () => {
  it('reads the type of the deepest mount, spaces and brackets in its name', () => {
    expect(macFileSystemTypeOf('/Volumes/Meter Photos/Route 4', MAC_MOUNTS)).toBe('smbfs');
    expect(macFileSystemTypeOf('/Volumes/route (2024)/a', MAC_MOUNTS)).toBe('nfs');
    expect(macFileSystemTypeOf('/Volumes/SD CARD/DCIM', MAC_MOUNTS)).toBe('msdos');
    expect(macFileSystemTypeOf('/Users/clerk/Pictures', MAC_MOUNTS)).toBe('apfs');
  });

  it('polls SMB, AFP, NFS and WebDAV folders, not the disk or a card', () => {
    const on = (path: string): boolean =>
      isOnNetworkShare(path, { platform: 'darwin', macMounts: MAC_MOUNTS });
    expect(on('/Volumes/Meter Photos/Route 4')).toBe(true);
    expect(on('/Volumes/Archive/2025')).toBe(true);
    expect(on('/Volumes/route (2024)')).toBe(true);
    expect(on('/Volumes/photos/x')).toBe(true);
    expect(on('/Volumes/SD CARD/DCIM')).toBe(false);
    expect(on('/Users/clerk/Pictures')).toBe(false);
    expect(isOnNetworkShare('/Volumes/Meter Photos', { platform: 'darwin', macMounts: null })).toBe(
      false,
    );
  });
});

describe('Windows network shares', () => {
  const drives = new Map([
    ['C', 'Fixed'],
    ['D', 'Removable'],
    ['M', 'Network'],
  ]);

  it('polls UNC paths, in every spelling', () => {
    expect(isWindowsNetworkPath('\\\\nas\\meter\\July', drives)).toBe(true);
    expect(isWindowsNetworkPath('//nas/meter/July', drives)).toBe(true);
    expect(isWindowsNetworkPath('\\\\?\\UNC\\nas\\meter\\July', drives)).toBe(true);
  });

  it('polls drive letters mapped to a share, not local drives', () => {
    expect(isWindowsNetworkPath('M:\\Route 4', drives)).toBe(true);
    expect(isWindowsNetworkPath('m:\\Route 4', drives)).toBe(true);
    expect(isWindowsNetworkPath('\\\\?\\M:\\Route 4', drives)).toBe(true);
    expect(isWindowsNetworkPath('C:\\Users\\clerk\\Pictures', drives)).toBe(false);
    expect(isWindowsNetworkPath('\\\\?\\C:\\Photos', drives)).toBe(false);
    expect(isWindowsNetworkPath('D:\\DCIM', drives)).toBe(false);
    // Drive types unknown: a drive letter is taken as local.
    expect(isWindowsNetworkPath('M:\\Route 4', null)).toBe(false);
  });

  it('decides through isOnNetworkShare on Windows', () => {
    expect(isOnNetworkShare('M:\\Route 4', { platform: 'win32', driveTypes: drives })).toBe(true);
    expect(isOnNetworkShare('\\\\nas\\meter', { platform: 'win32', driveTypes: null })).toBe(true);
    expect(isOnNetworkShare('C:\\x', { platform: 'win32', driveTypes: drives })).toBe(false);
  });
});
