// The outage benchmark's counting: what it calls duplicates, lost and stray, and a small real run
// (three desks, the office's server stopped and started again) in which every reading the desks
// finished is counted once in the office. No timing thresholds (bench/ measures speed).
import { describe, expect, it } from 'vitest';
import { withMigratedCluster } from '../../bench/lib/office-cluster';
import { publishedOnce } from '../../bench/lib/office-counts';
import { outageRun } from '../../bench/office-outage';
import { localClusterUnavailable } from '../../main/office/local-cluster';

const sha = (c: string): string => c.repeat(64);

describe('office outage benchmark', () => {
  it('counts a second row of one reading as a duplicate, a missing row as lost, an unknown one as stray', () => {
    const finished = [
      { desk: 'a', sha256: sha('1') },
      { desk: 'a', sha256: sha('2') },
      { desk: 'b', sha256: sha('1') },
    ];
    const office = [
      { desk: 'a', sha256: sha('1') },
      { desk: 'a', sha256: sha('1') },
      { desk: 'b', sha256: sha('1') },
      { desk: 'b', sha256: sha('3') },
    ];
    expect(publishedOnce(finished, office)).toEqual({
      finished: 3,
      published: 4,
      duplicates: 1,
      lost: 1,
      stray: 1,
    });
  });

  it.skipIf(localClusterUnavailable() !== null)(
    'finds every reading published once after a short stop of the server',
    async () => {
      const run = { photosPerDesk: 4, stopAtMs: 300, stopMs: 1_500, aiMs: 300, concurrency: 2 };
      const figures = await withMigratedCluster('meterdesk-test-outage-', (cluster, dir) =>
        outageRun(cluster, dir, run, () => undefined),
      );
      expect(figures.unread).toBe(0);
      expect(figures.finished).toBe(12);
      expect(figures).toMatchObject({ published: 12, duplicates: 0, lost: 0, stray: 0 });
    },
    60_000,
  );
});
