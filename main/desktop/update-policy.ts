// Where automatic updates stay off although IT named a feed, because they could not work or would
// surprise: said in the window's update line (UpdateView.held) and in the log.
// - macOS: Squirrel.Mac installs only an update signed by the same Developer ID as the running app;
//   MeterDesk's macOS builds are signed ad hoc (electron-builder.yml), so every update would fail
//   after its download. On once the builds carry a Developer ID signature (MAC_BUILDS_SIGNED).
// - Linux deb (and rpm/pacman): electron-updater installs the new package with `pkexec dpkg -i`
//   when MeterDesk quits, asking for an administrator's password at every such quit. Offices
//   update packages through their own software distribution (apt), so the app leaves it to them.
//   The AppImage updates itself (it is a file the user owns).
// Windows (per-user NSIS) updates as before.
import type { UpdateHold } from '../../common/ipc/update-view';

/** Set to true once the macOS builds are signed with a Developer ID and notarized. */
export const MAC_BUILDS_SIGNED = false;

/** What electron-builder writes to resources/package-type for Linux packages. */
const PACKAGE_MANAGED = new Set(['deb', 'rpm', 'pacman']);

export function updatesHeldBy(
  platform: NodeJS.Platform,
  packageType: string | null,
  macSigned = MAC_BUILDS_SIGNED,
): UpdateHold | null {
  if (platform === 'darwin' && !macSigned) return 'unsigned-mac';
  if (platform === 'linux' && packageType !== null && PACKAGE_MANAGED.has(packageType.trim())) {
    return 'package-manager';
  }
  return null;
}

/** The log's and the tooltip's English for a hold; the window words it from its catalogue. */
export const HOLD_ENGLISH: Record<UpdateHold, string> = {
  'unsigned-mac':
    'Automatic updates are off on macOS until MeterDesk is signed with a Developer ID: macOS would refuse the update. Install new versions from the dmg.',
  'package-manager':
    'Automatic updates are off for the deb package: it is updated through your package manager (apt), as IT distributes it.',
};
