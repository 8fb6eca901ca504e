// Smoke test of the memory benchmark: the engine in its own process uploads a few large photos end
// to end and the figures hang together. No memory or timing thresholds (machines are noisy;
// bench/ measures).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareLargePhotos } from '../../bench/lib/large-photos';
import { runMemoryCase, type MemoryRow } from '../../bench/lib/memory-run';
import {
  baselineRss,
  compareRuns,
  deltaRss,
  peakRss,
  targetMet,
} from '../../bench/lib/memory-verdict';
import { renderTable } from '../../bench/lib/table';
import { memoryTable, type MemoryReport } from '../../bench/memory';
import { checkImage } from '../../sandbox/image-check';
import { findReadingMarker } from '../../sandbox/reading';

const PHOTOS = 6;
const BYTES = 1_500_000;

let parent: string;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'meterdesk-memtest-'));
});

afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('memory benchmark', () => {
  it('makes distinct photos of the exact size that the sandbox reads by their marker', async () => {
    const folder = await prepareLargePhotos(PHOTOS, BYTES, { parent });
    const names = (await readdir(folder.dir)).sort();
    expect(names).toHaveLength(PHOTOS);
    const hashes = new Set<string>();
    for (const name of names) {
      const bytes = await readFile(join(folder.dir, name));
      expect(bytes.length).toBe(BYTES);
      expect(checkImage(bytes)).toEqual({ ok: true, format: 'jpeg' });
      expect(findReadingMarker(bytes)?.reading).toBe(folder.readings.get(name));
      hashes.add(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(hashes.size).toBe(PHOTOS);
    // A smaller folder of the same size reuses the pool's photos.
    const fewer = await prepareLargePhotos(2, BYTES, { parent });
    expect((await readdir(fewer.dir)).sort()).toEqual(names.slice(0, 2));
  });

  it('runs the engine in a process of its own over large photos and reports its memory', async () => {
    const row = await runMemoryCase(
      { photos: PHOTOS, photoBytes: BYTES, concurrency: 4, parallelUploads: 2 },
      { photosParent: parent },
    );
    expect(row.outcome).toBe('complete');
    expect(row.queued).toBe(PHOTOS);
    expect(row.done).toBe(PHOTOS);
    expect(row.failed).toBe(0);
    expect(row.wrongReadings).toBe(0);
    expect(row.chargedTwice).toBe(0);
    expect(row.http429).toBe(0);
    expect(row.tasksCreated).toBe(PHOTOS);
    expect(row.maxUploadsInFlight).toBeGreaterThanOrEqual(1);
    expect(row.maxUploadsInFlight).toBeLessThanOrEqual(2);
    expect(row.maxFilesUploading).toBeGreaterThanOrEqual(1);
    expect(row.maxFilesUploading).toBeLessThanOrEqual(4);

    for (const phase of [row.idle, row.scan, row.upload]) {
      expect(phase.samples).toBeGreaterThan(0);
      expect(phase.peak.rss).toBeGreaterThanOrEqual(phase.last.rss);
      expect(phase.peak.heapUsed).toBeGreaterThan(0);
    }
    if (process.platform === 'linux') {
      expect(row.upload.kernelPeakRss).toBeGreaterThan(0);
      expect(row.upload.kernelPeakIsPhase).toBe(true);
    }
    expect(baselineRss(row)).toBeGreaterThan(0);
    expect(peakRss(row)).toBeGreaterThan(baselineRss(row));
    expect(deltaRss(row)).toBe(peakRss(row) - baselineRss(row));
    expect(row.retained.heapUsed).toBeGreaterThan(0);

    checkReport(row);
  }, 90_000);
});

/** The verdict and the table, on the real row and a copy of it that "used" twice the photos. */
function checkReport(row: MemoryRow): void {
  const more: MemoryRow = { ...row, case: { ...row.case, photos: row.case.photos * 2 } };
  const comparisons = compareRuns([row, more]);
  expect(comparisons).toHaveLength(1);
  expect(comparisons[0]).toMatchObject({ dimension: 'photos', from: PHOTOS, to: PHOTOS * 2 });
  expect(comparisons[0]?.ratio).toBeCloseTo(1, 9);
  expect(targetMet(comparisons)).toBe(true);

  const report: MemoryReport = {
    benchmark: 'memory',
    quick: true,
    startedAt: new Date().toISOString(),
    totalMs: 1,
    jobs: 1,
    machine: {
      cpus: 2,
      cpuModel: 'test',
      memoryGiB: 1,
      node: process.version,
      platform: 'test',
      loadAtStart: 0,
    },
    loadAtEnd: 0,
    code: { commit: 'abcdef0', dirty: false },
    target: 'test',
    rows: [row],
    comparisons,
    targetMet: true,
  };
  const text = renderTable(memoryTable(report));
  expect(text).toContain('peak RSS MiB');
  expect(text).toContain(`${PHOTOS} -> ${PHOTOS * 2} photos`);
  expect(text).toContain('**met**');
}
