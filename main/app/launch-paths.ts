import path from 'node:path';

/**
 * Folders and files handed to MeterDesk on its command line ("Open with", a second launch). The
 * executable (and, unpackaged, the app path) come first; switches are Chromium's or ours, never
 * paths. Relative paths are taken from the launching process's working folder.
 */
export function launchPaths(argv: readonly string[], cwd: string, leading: number): string[] {
  return argv
    .slice(leading)
    .filter((arg) => arg !== '' && !arg.startsWith('-'))
    .map((arg) => path.resolve(cwd, arg));
}
