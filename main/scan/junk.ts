// Names the scanner passes over silently: hidden files and the litter operating systems, NAS
// boxes and zip tools leave in photo folders. None of it is a photo the user meant to send, and
// listing it as "rejected" would only bury the real problems.
//
// Decision on folders: hidden (dot) folders are skipped too. They hold caches, thumbnails and
// trash (.thumbnails, .Trashes, .Spotlight-V100, .git, .@__thumb), whose images are either
// duplicates or tiny previews; a meter reader does not keep the photos to bill in a hidden
// folder. A path the user adds explicitly is always scanned, hidden or not.

const JUNK_FILES = new Set([
  'thumbs.db',
  'ehthumbs.db',
  'ehthumbs_vista.db',
  'desktop.ini',
  'icon\r', // macOS custom folder icon
]);

const JUNK_FOLDERS = new Set([
  '__macosx', // resource forks extracted from zip files
  '@eadir', // Synology thumbnails
  '#recycle', // Synology recycle bin
  '$recycle.bin',
  'system volume information',
]);

/** Hidden files (including .DS_Store and AppleDouble ._ files) and OS junk. */
export function isSkippedFile(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~$') || JUNK_FILES.has(name.toLowerCase());
}

/** Hidden folders and OS junk folders (see the decision above). */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || JUNK_FOLDERS.has(name.toLowerCase());
}
