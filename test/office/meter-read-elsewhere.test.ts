// Issue 30, item 8, on a real server: another desk's photo and reading are visible in a meter's
// detail at this desk. The office's view of a meter carries each photo's first reading with the
// desk that read it (a copy published again later by another desk keeps the first), and the window's
// view names the ones read at other desks, not this desk's own.
import { describe, expect, it } from 'vitest';
import { meterView } from '../../main/backend/office-meter-view';
import { minutes, publishedReading, routeOfMeters, sha, withTwoDesks } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)("a meter's photos read at other desks", () => {
  it('are in the office view with their desk, reading and date; this desk’s own are not', async () => {
    await withTwoDesks(office(), async (anna, ben) => {
      await anna.loadRoute(routeOfMeters('R', 3));
      await anna.publishReading(
        publishedReading(1, { readAt: '2026-03-01T09:00:00Z', reading: '00111' }),
      );
      // Ben's copy of the same photo, published later: the first reading is the photo's.
      await ben.publishReading(
        publishedReading(1, {
          key: 'desk-1:reading:1',
          desk: 'desk-1',
          readAt: '2026-03-04T10:00:00Z',
          publishedAt: minutes(5),
        }),
      );
      // Ben's own photo of the meter, and a failed one of Anna's that has no reading.
      await ben.publishReading(
        publishedReading(1, {
          key: 'desk-1:reading:2',
          desk: 'desk-1',
          sha256: sha('photo 1 again'),
          fileName: 'M1-b.jpg',
          reading: '00113',
          publishedAt: minutes(6),
        }),
      );
      await anna.publishReading(
        publishedReading(1, {
          key: 'desk-0:reading:3',
          sha256: sha('photo 1 blurred'),
          status: 'failed',
          reading: null,
          publishedAt: minutes(7),
        }),
      );

      const review = await ben.review.meterReview('M1');
      if (!review) throw new Error('M1 in the office');
      expect(review.readings).toEqual([
        { desk: 'desk-1', fileName: 'M1-b.jpg', reading: '00113', readAt: null },
        {
          desk: 'desk-0',
          fileName: 'M1.jpg',
          reading: '00111',
          readAt: '2026-03-01T09:00:00.000Z',
        },
      ]);
      const atBen = meterView(
        'M1',
        review,
        { desk: 'desk-1', clerk: 'ben' },
        minutes(10).getTime(),
      );
      expect(atBen).toMatchObject({
        readElsewhere: [{ desk: 'desk-0', reading: '00111', readAt: '2026-03-01T09:00:00.000Z' }],
      });
      const atAnna = meterView('M1', review, { desk: 'desk-0', clerk: 'anna' }, 0);
      expect(atAnna).toMatchObject({
        readElsewhere: [{ desk: 'desk-1', reading: '00113' }],
      });
      expect((await ben.review.meterReview('M2'))?.readings).toEqual([]);
    });
  });
});
