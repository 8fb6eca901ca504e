// The scanner against a generated sample folder: its verdicts match the manifest file by file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateSampleFolder, type SampleManifest } from '../../sandbox/samples';
import { outcomeOf, scanAll } from './helpers/fixtures';

let work: string;
let manifest: SampleManifest;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'meterdesk-scan-samples-'));
  manifest = await generateSampleFolder(path.join(work, 'photos'), {
    count: 10,
    seed: 21,
    includeBadFiles: true,
    width: 128,
  });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

it('agrees with the sample manifest on every file', async () => {
  const found = await scanAll([manifest.dir]);
  const expected = new Map<string, string>();
  for (const file of manifest.files) {
    const e = file.expected;
    if (e.outcome === 'accepted') expected.set(file.relPath, `accepted ${e.format}`);
    else if (e.outcome === 'rejected') expected.set(file.relPath, `rejected ${e.failureKind}`);
  }
  expect(new Map([...found].map(([rel, f]) => [rel, outcomeOf(f)]))).toEqual(expected);
  for (const file of found.values()) expect(file.rootPath).toBe(manifest.dir);

  // Duplicates hash the same as their source.
  for (const copy of manifest.files.filter((f) => f.duplicateOf)) {
    const a = found.get(copy.relPath)?.outcome;
    const b = found.get(copy.duplicateOf ?? '')?.outcome;
    expect(a?.kind === 'accepted' && b?.kind === 'accepted' && a.sha256 === b.sha256).toBe(true);
  }
});
