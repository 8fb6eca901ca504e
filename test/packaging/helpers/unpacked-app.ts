import { join } from 'node:path';

/**
 * The executable of the app electron-builder left unpacked in `release` beside the installers
 * (the very tree the installers hold): linux-unpacked, win-unpacked, mac (Intel) or mac-arm64,
 * with "-arm64" on the others' folders for an arm64 build.
 */
export function unpackedExecutable(release: string, platform: string, arch: string): string {
  const armed = arch === 'x64' ? '' : `-${arch}`;
  switch (platform) {
    case 'darwin':
      return join(release, `mac${armed}`, 'MeterDesk.app', 'Contents', 'MacOS', 'MeterDesk');
    case 'win32':
      return join(release, `win${armed}-unpacked`, 'MeterDesk.exe');
    default:
      // linux.executableName is unset: the package name.
      return join(release, `linux${armed}-unpacked`, 'meter-desk');
  }
}
