import { describe, expect, it } from 'vitest';
import {
  checkReadDates,
  readDateEnglish,
  type DatedPhoto,
} from '../../common/billing/read-date-checks';

const NOW = new Date('2026-10-20T12:00:00Z');

function exif(key: string, readAt: string, offsetKnown = true): DatedPhoto {
  return { key, readAt, source: 'exif', offsetKnown };
}

describe('checkReadDates', () => {
  it('flags nothing on a route read within a few days, before now', () => {
    const photos = [
      exif('a', '2026-10-12T08:00:00+02:00'),
      exif('b', '2026-10-13T09:00:00+02:00'),
      exif('c', '2026-10-14T10:00:00', false),
      exif('d', '2026-10-15T11:00:00+02:00'),
    ];
    expect(checkReadDates(photos, NOW)).toEqual([]);
  });

  it('flags a date in the future, allowing a camera without zone up to 14 hours', () => {
    const flags = checkReadDates(
      [
        exif('zoned', '2026-10-20T14:30:00+02:00'), // 12:30 UTC: 30 min ahead
        exif('wall', '2026-10-21T01:00:00', false), // could be UTC+14: not surely future
        exif('wall-far', '2026-10-21T03:00:00', false),
        exif('ok', '2026-10-20T13:05:00+01:00'), // 12:05 UTC: within clock skew
      ],
      NOW,
    );
    expect(flags.map((f) => [f.key, f.code])).toEqual([
      ['zoned', 'read_date.future'],
      ['wall-far', 'read_date.future'],
    ]);
    expect(flags[0] && readDateEnglish(flags[0])).toBe(
      "Taken 20 Oct 2026 14:30, which is in the future: the camera's clock is probably wrong.",
    );
  });

  it('flags a photo far from the median of the other photos, on both sides', () => {
    const photos = [
      exif('a', '2026-10-12T08:00:00Z'),
      exif('b', '2026-10-12T09:00:00Z'),
      exif('c', '2026-10-13T09:00:00Z'),
      exif('d', '2026-10-13T10:00:00Z'),
      exif('unset-clock', '2026-01-01T00:00:00Z'),
      exif('late', '2026-10-18T12:00:00Z'),
    ];
    const flags = checkReadDates(photos, NOW);
    expect(flags).toEqual([
      {
        key: 'unset-clock',
        level: 'warning',
        code: 'read_date.far_from_route',
        params: {
          readAt: '2026-01-01T00:00:00Z',
          days: -285,
          median: '2026-10-13T09:00:00.000Z',
          limit: 7,
        },
      },
    ]);
    // The English (the CSV's reasons) is worded from the code and params, one template each.
    expect(flags.map(readDateEnglish)).toEqual([
      "Taken 1 Jan 2026 00:00, 285 days before most of this route's photos (around 13 Oct 2026): check the camera's clock.",
    ]);
  });

  it('uses the configured threshold, and flags 7 days + a bit but not exactly 7', () => {
    const base = ['a', 'b', 'c'].map((k) => exif(k, '2026-10-10T12:00:00Z'));
    expect(checkReadDates([...base, exif('x', '2026-10-17T12:00:00Z')], NOW)).toEqual([]);
    expect(
      checkReadDates([...base, exif('x', '2026-10-17T12:01:00Z')], NOW).map((f) => f.key),
    ).toEqual(['x']);
    expect(
      checkReadDates([...base, exif('x', '2026-10-12T12:00:00Z')], NOW, {
        maxDaysFromMedian: 1,
        minOtherPhotos: 3,
      }).map((f) => f.key),
    ).toEqual(['x']);
  });

  it('needs enough other photos before comparing with them', () => {
    expect(
      checkReadDates(
        [
          exif('a', '2026-01-01T00:00:00Z'),
          exif('b', '2026-10-10T00:00:00Z'),
          exif('c', '2026-10-10T00:00:00Z'),
        ],
        NOW,
      ),
    ).toEqual([]);
  });

  it('notes file times and unreadable stamps', () => {
    const flags = checkReadDates(
      [
        { key: 'f', readAt: '2026-10-12T10:20:30.000Z', source: 'file_time', offsetKnown: true },
        exif('bad', 'yesterday'),
      ],
      NOW,
    );
    expect(flags.map(readDateEnglish)).toEqual([
      'The photo has no EXIF date; its file time (12 Oct 2026 10:20) was used, which changes when files are copied.',
      'The read date "yesterday" cannot be read.',
    ]);
  });
});
