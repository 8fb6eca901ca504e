// What a launch hands over: Linux file managers pass folders as file:// addresses (the desktop
// file's Exec ends in %U), Windows' Explorer verb and macOS pass paths.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchPaths } from '../../main/desktop/launch-paths';

describe('paths from a launch', () => {
  it('turns file:// addresses from a Linux file manager into paths', () => {
    expect(
      launchPaths(
        ['/opt/MeterDesk/meter-desk', 'file:///home/clerk/Route%204', 'file:///media/usb/DCIM'],
        '/home/clerk',
        1,
        path.posix,
      ),
    ).toEqual(['/home/clerk/Route 4', '/media/usb/DCIM']);
  });

  it('reads Windows file addresses, drive and share, as Windows paths', () => {
    expect(
      launchPaths(
        ['MeterDesk.exe', 'file:///C:/Photos/Route%207', 'file://nas/meter/July'],
        'C:\\Users\\clerk',
        1,
        path.win32,
      ),
    ).toEqual(['C:\\Photos\\Route 7', '\\\\nas\\meter\\July']);
  });

  it('drops other addresses and broken ones, keeps plain paths', () => {
    expect(
      launchPaths(
        ['meter-desk', 'https://example.org/x', 'file://host/x', 'Route 4', '/abs'],
        '/home/clerk',
        1,
        path.posix,
      ),
    ).toEqual(['/home/clerk/Route 4', '/abs']);
  });
});
