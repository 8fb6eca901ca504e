// Smoke test of the scan benchmark: it runs end to end on a few photos and its figures are
// coherent. No timing thresholds (machines are noisy; bench/ measures speed).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanPaths } from '../../main/scan';
import { MEAN_FILE_BYTES, prepareScanFolder } from '../../bench/lib/scan-folder';
import { median } from '../../bench/lib/stats';
import { renderTable } from '../../bench/lib/table';
import { runScan, scanTable } from '../../bench/scan';

const parents: string[] = [];
afterAll(async () => {
  await Promise.all(parents.map((p) => rm(p, { recursive: true, force: true })));
});

describe('scan benchmark', () => {
  it('generates distinct photos of about 150 KB that the scanner accepts', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'meterdesk-scan-test-'));
    parents.push(parent);
    const folder = await prepareScanFolder(20, parent);
    expect(folder.count).toBe(20);
    expect(folder.jpeg + folder.png).toBe(20);
    expect(folder.png).toBe(2);
    const hashes = new Set<string>();
    let bytes = 0;
    for await (const file of scanPaths([folder.dir])) {
      expect(file.outcome.kind).toBe('accepted');
      if (file.outcome.kind === 'accepted') hashes.add(file.outcome.sha256);
      bytes += file.size;
      expect(file.size).toBeGreaterThan(MEAN_FILE_BYTES * 0.85);
      expect(file.size).toBeLessThan(MEAN_FILE_BYTES * 1.15);
    }
    expect(hashes.size).toBe(20);
    expect(bytes).toBe(folder.bytes);
    // A second call finds the cached folder.
    expect(await prepareScanFolder(20, parent)).toEqual(folder);
  });

  it('measures the product and the reference readers over the same files', async () => {
    const report = await runScan({ quick: true, files: 12, rounds: 1, log: () => undefined });
    expect(report.folder.count).toBe(12);
    expect(report.product.runsMs).toHaveLength(1);
    expect(report.sha256sum.runsMs).toHaveLength(1);
    for (const f of [
      report.product,
      report.sha256sum,
      ...(report.openssl ? [report.openssl] : []),
    ]) {
      expect(f.medianMs).toBe(median(f.runsMs));
      expect(f.medianMs).toBeGreaterThan(0);
      expect(f.filesPerS).toBeCloseTo(12 / (f.medianMs / 1000), 6);
      expect(f.mbPerS).toBeCloseTo(report.folder.bytes / 1e6 / (f.medianMs / 1000), 6);
    }
    expect(report.ratio).toBeCloseTo(report.sha256sum.medianMs / report.product.medianMs, 9);
    const table = scanTable(report);
    expect(table.rows.length).toBe(report.openssl ? 3 : 2);
    expect(table.rows[1]?.[9]).toBe(report.ratio >= 0.8 ? 'yes' : 'no');
    expect(renderTable(table)).toContain('sha256sum');
  });
});
