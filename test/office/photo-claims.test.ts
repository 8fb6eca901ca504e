// The office-wide photo index on a real server, with every desk on connections of its own.
import { describe, expect, it } from 'vitest';
import type { OfficeStore } from '../../main/office/store/office-store';
import type { PhotoClaim } from '../../main/office/store/photo-claims';
import {
  migratedOffice,
  minutes,
  publishedReading,
  serverTimePasses,
  sha,
  withTwoDesks,
} from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const LEASE = 10 * 60_000;

/**
 * A lease's time left as the server counts it, within a minute: less what the test took, or a
 * little more where the statement that reads it began before the lease was taken (a claim that
 * waited for another desk's row lock counts from its own start).
 */
const about = (ms: number) => ({
  asymmetricMatch: (left: unknown) => typeof left === 'number' && Math.abs(left - ms) < 60_000,
});

/** Every desk (desk-0, desk-1 ...) claims every photo, all at once. */
function claimAll(
  desks: readonly OfficeStore[],
  photos: readonly string[],
): Promise<{ photo: string; desk: string; claim: PhotoClaim }[]> {
  return Promise.all(
    desks.flatMap((desk, d) =>
      photos.map(async (photo) => ({
        photo,
        desk: `desk-${d}`,
        claim: await desk.claimPhoto({
          sha256: photo,
          desk: `desk-${d}`,
          fileName: `${photo.slice(0, 6)}.jpg`,
          leaseMs: LEASE,
        }),
      })),
    ),
  );
}

describe.skipIf(officeSkip !== null)('claiming photos in the office index', () => {
  it('gives each photo to exactly one of 16 desks claiming the same photos at once', async () => {
    const o = await migratedOffice(office(), 16);
    try {
      const photos = Array.from({ length: 24 }, (_, i) => sha(`photo ${i}`));
      const claims = await claimAll(o.desks, photos);
      for (const photo of photos) {
        const mine = claims.filter((c) => c.photo === photo && c.claim.kind === 'ours');
        expect(mine, photo).toHaveLength(1);
        const winner = mine[0]?.desk;
        // Every other desk is told who sends it, to wait for that desk's reading.
        const others = claims.filter((c) => c.photo === photo && c.claim.kind !== 'ours');
        expect(others).toHaveLength(15);
        for (const c of others) expect(c.claim).toMatchObject({ kind: 'held', desk: winner });
      }
    } finally {
      await o.close();
    }
  });

  it("gives a dead desk's photos to exactly one of 16 desks taking them over at once", async () => {
    const o = await migratedOffice(office(), 17);
    try {
      const photos = Array.from({ length: 12 }, (_, i) => sha(`left behind ${i}`));
      const [dead, ...desks] = o.desks;
      for (const photo of photos) {
        const req = { sha256: photo, fileName: 'x.jpg', leaseMs: LEASE };
        await dead?.claimPhoto({ ...req, desk: 'dead' });
      }
      await serverTimePasses(office().adminOn(o.database), 11 * 60_000);
      // Every desk finds the lease over in its snapshot; only one may take it under the row lock.
      const claims = await claimAll(desks, photos);
      for (const photo of photos) {
        const mine = claims.filter((c) => c.photo === photo && c.claim.kind === 'ours');
        expect(mine, photo).toHaveLength(1);
        const others = claims.filter((c) => c.photo === photo && c.claim.kind !== 'ours');
        for (const c of others) {
          expect(c.claim).toEqual({ kind: 'held', desk: mine[0]?.desk, leftMs: about(LEASE) });
        }
      }
    } finally {
      await o.close();
    }
  });

  it("frees a crashed desk's claim when its lease runs out, not before", async () => {
    await withTwoDesks(office(), async (anna, ben, o) => {
      const admin = office().adminOn(o.database);
      const photo = sha('a photo anna never sent');
      const req = { sha256: photo, fileName: 'x.jpg', leaseMs: LEASE };
      expect(await anna.claimPhoto({ ...req, desk: 'anna' })).toEqual({
        kind: 'ours',
        leftMs: about(LEASE),
      });
      await serverTimePasses(admin, 9 * 60_000);
      expect(await ben.claimPhoto({ ...req, desk: 'ben' })).toEqual({
        kind: 'held',
        desk: 'anna',
        leftMs: about(60_000),
      });
      await serverTimePasses(admin, 60_000);
      expect(await ben.claimPhoto({ ...req, desk: 'ben' })).toEqual({
        kind: 'ours',
        leftMs: about(LEASE),
      });
      // Anna, back from a crash, renews nothing she lost.
      expect((await anna.claimPhoto({ ...req, desk: 'anna' })).kind).toBe('held');
    });
  });

  it("hands a photo already read to the next desk with that desk's reading", async () => {
    await withTwoDesks(office(), async (anna, ben) => {
      const photo = sha('read once');
      await anna.claimPhoto({
        sha256: photo,
        desk: 'anna',
        fileName: 'a.jpg',
        leaseMs: LEASE,
      });
      await anna.publishReading(
        publishedReading(1, {
          key: 'anna:reading:1',
          sha256: photo,
          desk: 'anna',
          fileName: 'a.jpg',
          reading: '00123',
          toReview: false,
          taskId: 'task-1',
          aiVersion: 'v3',
          meterNumber: null,
          readAt: '2026-12-04T09:15:00+01:00',
          publishedAt: minutes(1),
        }),
      );
      const claim: PhotoClaim = await ben.claimPhoto({
        sha256: photo,
        desk: 'ben',
        fileName: 'copy of a.jpg',
        leaseMs: LEASE,
      });
      expect(claim).toEqual({
        kind: 'read',
        desk: 'anna',
        taskId: 'task-1',
        reading: {
          status: 'finished',
          reading: '00123',
          resultSource: 'ai',
          toReview: false,
          taskId: 'task-1',
          desk: 'anna',
          // The photo's read date as the office first saw it, for the copy to take (issue 30).
          readAt: '2026-12-04T08:15:00.000Z',
        },
      });
    });
  });

  it('gives a failed photo back at once, and never hands out a failed attempt as a reading', async () => {
    await withTwoDesks(office(), async (anna, ben) => {
      const photo = sha('the AI could not read it');
      const req = { sha256: photo, fileName: 'f.jpg', leaseMs: LEASE };
      const failed = (desk: string, at: Date) =>
        publishedReading(7, {
          key: `${desk}:failed:7`,
          sha256: photo,
          desk,
          fileName: 'f.jpg',
          status: 'failed',
          reading: null,
          resultSource: 'failed',
          toReview: false,
          meterNumber: null,
          publishedAt: at,
        });
      expect((await anna.claimPhoto({ ...req, desk: 'anna' })).kind).toBe('ours');
      // A desk that does not hold the claim gives nothing back.
      await ben.publishReading(failed('ben', minutes(1)));
      expect((await ben.claimPhoto({ ...req, desk: 'ben' })).kind).toBe('held');
      // Anna's attempt failed: Ben sends it now, not when her lease ends 10 minutes on.
      await anna.publishReading(failed('anna', minutes(3)));
      expect((await ben.claimPhoto({ ...req, desk: 'ben' })).kind).toBe('ours');
      await ben.publishReading(
        publishedReading(8, { key: 'ben:reading:8', sha256: photo, desk: 'ben', reading: '00777' }),
      );
      // An older attempt of Anna's, published late (her desk was offline), neither takes the photo
      // back nor is handed out: the next desk to ask finds Ben's reading.
      await anna.publishReading({ ...failed('anna', minutes(5)), key: 'anna:failed:7:late' });
      const third = await anna.claimPhoto({ ...req, desk: 'carl' });
      expect(third).toMatchObject({ kind: 'read', desk: 'ben', reading: { reading: '00777' } });
    });
  });
});
