import path, { type PlatformPath } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders and files handed to MeterDesk on its command line ("Open with", a second launch). The
 * executable (and, unpackaged, the app path) come first; switches are Chromium's or ours, never
 * paths. Linux file managers hand over file:// addresses (the desktop file's %U): those become
 * paths; other addresses are not MeterDesk's to open. Relative paths are taken from the launching
 * process's working folder; `pathApi` lets tests resolve Windows shapes (drive letters, UNC shares)
 * on any platform.
 */
export function launchPaths(
  argv: readonly string[],
  cwd: string,
  leading: number,
  pathApi: PlatformPath = path,
): string[] {
  return argv
    .slice(leading)
    .filter((arg) => arg !== '' && !arg.startsWith('-'))
    .map((arg) => argumentPath(arg, pathApi))
    .filter((arg): arg is string => arg !== null)
    .map((arg) => pathApi.resolve(cwd, arg));
}

/** A path as given, a file:// address as its path, null for any other address or a bad one. */
function argumentPath(arg: string, pathApi: PlatformPath): string | null {
  if (!/^[a-z][a-z0-9+.-]+:\/\//i.test(arg)) return arg;
  if (!/^file:\/\//i.test(arg)) return null;
  try {
    return fileURLToPath(arg, { windows: pathApi === path.win32 });
  } catch {
    return null;
  }
}
