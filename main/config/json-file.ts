// Small JSON files the desktop app keeps beside the queue (settings, window bounds, the encrypted
// key fallback). Written through the atomic writer, so a crash mid-write never leaves half a file
// behind.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomicSync } from '../files/atomic-file';

/** The parsed content, or null when the file is missing or not JSON. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJsonFile(file: string, value: unknown, mode = 0o644): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomicSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode });
}
