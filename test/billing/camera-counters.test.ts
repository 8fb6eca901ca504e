// Matching kept to its route (issue 22, item 2): a camera's own numbering is not a meter number.
// The trial: meters 0001-0045 matched IMG_0001… in five unrelated folders.
import { describe, expect, it } from 'vitest';
import {
  buildMeterIndex,
  cameraCounters,
  matchFileName,
} from '../../common/billing/file-name-match';

const index = buildMeterIndex(['0001', '0042', '4711', '093015']);

describe('camera counters', () => {
  it.each([
    'IMG_0001',
    'DSC_0042',
    'IMG_0001 (2)',
    'IMG_0001-1',
    'PXL_20261120_093015123',
    'IMG_20261120_093015',
    'IMG-20261120-WA0001',
  ])('%s is a camera name: its numbers are the camera’s', (stem) => {
    expect(cameraCounters(stem).size).toBeGreaterThan(0);
  });

  it.each(['0001', 'Zaehler_0001', 'IMG_4711_20261120', 'route 12 meter 0042'])(
    '%s is not a camera name',
    (stem) => {
      expect(cameraCounters(stem).size).toBe(0);
    },
  );

  it('a number-only meter id never matches a camera counter', () => {
    expect(matchFileName(index, 'Tour 1/IMG_0001.jpg')).toHaveProperty('none');
    expect(matchFileName(index, 'Tour 2/DSC_0042.JPG')).toHaveProperty('none');
    expect(matchFileName(index, 'b/PXL_20261120_093015123.jpg')).toHaveProperty('none');
  });

  it('the meter number where a reader app put it still matches', () => {
    expect(matchFileName(index, 'route-12/IMG_4711_20261120.jpg')).toEqual({
      meterId: '4711',
      how: 'token',
    });
    expect(matchFileName(index, '0042_2026-11-20.jpg')).toMatchObject({ meterId: '0042' });
    // A folder named after the meter holds the camera's photos of it.
    expect(matchFileName(index, '0042/IMG_0001.jpg')).toEqual({ meterId: '0042', how: 'folder' });
  });
});
