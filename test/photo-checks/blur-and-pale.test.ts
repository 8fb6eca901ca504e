// The quality check judged where the photo has its detail (issue 34): digits blurred by a few
// percent of their height, still plainly legible, are sent and unreadable blur is held, at any
// photo size; a washed-out dial is held by its contrast though few of its pixels are near white.
// Generated meter photos through the real decode; thresholds as an older version stored them.
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PHOTO_CHECK_THRESHOLDS,
  holdReasonOf,
  type PhotoMeasures,
} from '../../common/photo-checks';
import { measurePhoto } from '../../main/photo-checks/measure';
import { readThresholds, writeThresholds } from '../../main/photo-checks/thresholds';
import { cachedMeterPhoto } from '../helpers/samples';
import { offlineSession } from '../helpers/offline-session';
import { tempDir } from '../helpers/tmp';
import { writeFileSync } from 'node:fs';

const t = tempDir('meterdesk-blur-');
afterAll(() => {
  t.cleanup();
});

/** The generator's digits are about a twentieth of the photo's width high. */
const digitHeight = (width: number): number => width / 20;

async function measured(
  name: string,
  width: number,
  change: (image: Sharp) => Sharp,
): Promise<PhotoMeasures> {
  const photo = await cachedMeterPhoto({ reading: '04711.815', format: 'jpeg', width, seed: 7 });
  const path = join(t.dir, `${name}.jpg`);
  writeFileSync(path, await change(sharp(photo)).jpeg({ quality: 88 }).toBuffer());
  return measurePhoto(path);
}

describe('blur judged on the detail', () => {
  it.each([
    [2000, 0.02],
    [2000, 0.04],
    [2000, 0.06],
    [800, 0.04],
  ])('sends a %i px photo whose digits are blurred by %f of their height', async (width, share) => {
    const m = await measured(`mild-${String(width)}-${String(share)}`, width, (i) =>
      i.blur(share * digitHeight(width)),
    );
    expect(holdReasonOf(m, DEFAULT_PHOTO_CHECK_THRESHOLDS), String(m.sharpness)).toBeNull();
  });

  it.each([
    [2000, 0.12],
    [2000, 0.18],
    [800, 0.18],
  ])('holds a %i px photo whose digits are blurred by %f of their height', async (width, share) => {
    const m = await measured(`strong-${String(width)}-${String(share)}`, width, (i) =>
      i.blur(share * digitHeight(width)),
    );
    expect(holdReasonOf(m, DEFAULT_PHOTO_CHECK_THRESHOLDS), String(m.sharpness)).toBe('blurred');
  });
});

describe('washed out judged by the dial', () => {
  it('sends a pale photo whose dial keeps its contrast', async () => {
    const m = await measured('pale', 1600, (i) => i.linear(0.45, 130));
    expect(holdReasonOf(m, DEFAULT_PHOTO_CHECK_THRESHOLDS)).toBeNull();
  });

  it('holds a washed-out photo with few near-white pixels', async () => {
    const m = await measured('washed-out', 1600, (i) => i.linear(0.2, 200));
    expect(m.brightShare).toBeLessThan(DEFAULT_PHOTO_CHECK_THRESHOLDS.maxBrightShare);
    expect(holdReasonOf(m, DEFAULT_PHOTO_CHECK_THRESHOLDS)).toBe('blown_out');
  });
});

describe('thresholds stored against the whole photo', () => {
  it('turn the old default into the new one, and a tuned value in proportion', async () => {
    const session = offlineSession(t.dir);
    try {
      const { settings } = session.store;
      const old = { minShortSide: 400, maxDarkShare: 0.5, maxBrightShare: 0.2 };
      settings.set('photoCheckThresholds', { ...old, minSharpness: 100 });
      expect(readThresholds(settings)).toEqual({ ...old, minSharpness: 12 });
      settings.set('photoCheckThresholds', { ...old, minSharpness: 250 });
      expect(readThresholds(settings).minSharpness).toBe(30);
      // Written since: kept as it is.
      writeThresholds(settings, { ...old, minSharpness: 100 });
      expect(readThresholds(settings).minSharpness).toBe(100);
    } finally {
      await session.close();
    }
  });
});
