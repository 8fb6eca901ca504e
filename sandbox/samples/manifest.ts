// What a generated sample folder contains and what a scanner should make of each file.
// The failure kinds are spelled like the client's, but declared here: the sandbox stands for
// the outside world and imports nothing of the client.
import type { SampleFormat } from './marker';

export type SampleFailureKind = 'empty_file' | 'too_large' | 'unsupported_format';

export type SampleExpectation =
  /** A JPEG, PNG or WEBP photo the client must accept (whatever its extension says). */
  | { outcome: 'accepted'; format: SampleFormat }
  /** A file the client must reject locally; `why` says what it is. */
  | { outcome: 'rejected'; failureKind: SampleFailureKind; why: string }
  /** OS junk (.DS_Store, Thumbs.db, AppleDouble ._ files) a scanner should pass over silently. */
  | { outcome: 'skipped'; why: string };

export interface SampleManifestEntry {
  /** Relative to the folder, '/' separators. */
  relPath: string;
  size: number;
  expected: SampleExpectation;
  /** The reading and type in the file's marker, or null when it has none. */
  reading: string | null;
  meterType: string | null;
  /** For a byte-identical copy: the relPath of the file it copies. */
  duplicateOf: string | null;
  /** A photo no service could read (sandbox/samples/flaws.ts): what is wrong with it. */
  flaw?: 'blurred' | 'dark' | 'overexposed' | 'tiny';
  /** The serial of the meter photographed (its sticker's code when it is not swapped). */
  serial?: string;
  /** What the photo's sticker says: the serial, or another photo's meter's for a swapped case. */
  code?: string;
}

export interface SampleManifest {
  dir: string;
  seed: number;
  files: SampleManifestEntry[];
  counts: { accepted: number; rejected: number; skipped: number; duplicates: number };
  bytes: number;
}

export function summarizeManifest(
  dir: string,
  seed: number,
  files: SampleManifestEntry[],
): SampleManifest {
  const counts = { accepted: 0, rejected: 0, skipped: 0, duplicates: 0 };
  let bytes = 0;
  for (const file of files) {
    counts[file.expected.outcome] += 1;
    if (file.duplicateOf !== null) counts.duplicates += 1;
    bytes += file.size;
  }
  return { dir, seed, files, counts, bytes };
}
