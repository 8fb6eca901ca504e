import path, { type PlatformPath } from 'node:path';

/**
 * Folders and files handed to MeterDesk on its command line ("Open with", a second launch). The
 * executable (and, unpackaged, the app path) come first; switches are Chromium's or ours, never
 * paths. Relative paths are taken from the launching process's working folder; `pathApi` lets
 * tests resolve Windows shapes (drive letters, UNC shares) on any platform.
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
    .map((arg) => pathApi.resolve(cwd, arg));
}
