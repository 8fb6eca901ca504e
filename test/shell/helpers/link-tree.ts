import {
  copyFileSync,
  constants,
  linkSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Gives `to` the tree of `from` as hard links (copies across file systems), symbolic links inside
 * it kept as they are. A project folder that must hold its files itself, rather than link to them,
 * gets them this way in a second or two instead of copying hundreds of megabytes.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkOrCopy(source, target);
  }
}

function linkOrCopy(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(source, target, constants.COPYFILE_FICLONE);
  }
}
