import { open, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exifDateOf, readPhotoDate } from '../../main/billing/photo-date';
import {
  fileTimeNote,
  NO_TIME_ZONE_NOTE,
  readDateNoteText,
  type ReadDateNote,
} from '../../common/billing/read-date-notes';

/** A note in English, as the log and the CSV say it. */
const english = (note: ReadDateNote | undefined): string =>
  note === undefined ? '' : readDateNoteText(note);
import { tempDir } from '../helpers/tmp';
import { exifSegment, plainJpeg, segment, withSegments } from './exif-jpeg';

let jpeg: Buffer;
let dir: string;
let cleanup: () => void;

beforeAll(async () => {
  jpeg = await plainJpeg();
});
beforeEach(() => {
  ({ dir, cleanup } = tempDir('meterdesk-exif-'));
});
afterEach(() => {
  cleanup();
});

const MTIME = new Date('2026-11-02T10:20:30.000Z');

async function photo(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  await utimes(file, MTIME, MTIME);
  return file;
}

describe('readPhotoDate', () => {
  it('reads DateTimeOriginal with its offset', async () => {
    const file = await photo(
      'offset.jpg',
      withSegments(
        jpeg,
        exifSegment({ dateTimeOriginal: '2026:10:12 08:15:30', offsetTimeOriginal: '+02:00' }),
      ),
    );
    expect(await readPhotoDate(file)).toEqual({
      readAt: '2026-10-12T08:15:30+02:00',
      offsetKnown: true,
      source: 'exif',
    });
  });

  it('reads big-endian EXIF and a negative offset', async () => {
    const file = await photo(
      'motorola.jpg',
      withSegments(
        jpeg,
        exifSegment({
          dateTimeOriginal: '2026:01:31 23:59:59',
          offsetTimeOriginal: '-05:00',
          bigEndian: true,
        }),
      ),
    );
    expect((await readPhotoDate(file)).readAt).toBe('2026-01-31T23:59:59-05:00');
  });

  it('keeps the wall clock when the camera wrote no offset, and says so', async () => {
    const file = await photo(
      'local.jpg',
      withSegments(jpeg, exifSegment({ dateTimeOriginal: '2026:10:12 08:15:30' })),
    );
    const date = await readPhotoDate(file);
    expect(date).toEqual({
      readAt: '2026-10-12T08:15:30',
      offsetKnown: false,
      source: 'exif',
      note: NO_TIME_ZONE_NOTE,
    });
    expect(english(date.note)).toBe(
      "The camera recorded no time zone; the time is its clock's local time.",
    );
  });

  it('falls back to the file time for a photo without EXIF', async () => {
    const file = await photo('plain.jpg', jpeg);
    const date = await readPhotoDate(file);
    expect(date).toEqual({
      readAt: '2026-11-02T10:20:30.000Z',
      offsetKnown: true,
      source: 'file_time',
      note: fileTimeNote('noExifBlock'),
    });
    expect(english(date.note)).toBe(
      "No EXIF date (the photo has no EXIF block); the file's modification time was used, which changes when files are copied.",
    );
  });

  it.each([
    [
      'a corrupt EXIF block',
      () => withSegments(jpeg, segment(0xe1, Buffer.from('Exif\0\0XX\0\0garbage', 'latin1'))),
      'the EXIF block is damaged',
    ],
    [
      'an unset camera clock',
      () => withSegments(jpeg, exifSegment({ dateTimeOriginal: '0000:00:00 00:00:00' })),
      'was not set',
    ],
    [
      'EXIF without a date',
      () => withSegments(jpeg, exifSegment({ offsetTimeOriginal: '+01:00' })),
      'no DateTimeOriginal',
    ],
    [
      'a malformed date',
      () => withSegments(jpeg, exifSegment({ dateTimeOriginal: '2026-10-12 08:15' })),
      'no DateTimeOriginal',
    ],
    ['a truncated header', () => jpeg.subarray(0, 5), 'ends inside its headers'],
  ])('falls back to the file time for %s', async (_name, bytes, reason) => {
    const result = await readPhotoDate(await photo('x.jpg', bytes()));
    expect(result.source).toBe('file_time');
    expect(result.readAt).toBe(MTIME.toISOString());
    // A code the window words; its English from the table (common/billing/read-date-notes.ts).
    expect(result.note?.code).toBe('fileTime');
    expect(english(result.note)).toContain(reason);
  });

  it('ignores an offset that is not one', async () => {
    const file = await photo(
      'bad-offset.jpg',
      withSegments(
        jpeg,
        exifSegment({ dateTimeOriginal: '2026:10:12 08:15:30', offsetTimeOriginal: '+99:00' }),
      ),
    );
    expect(await readPhotoDate(file)).toMatchObject({
      readAt: '2026-10-12T08:15:30',
      offsetKnown: false,
    });
  });

  it('says a PNG carries no EXIF it reads', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { note } = await readPhotoDate(await photo('a.png', png));
    expect(note).toEqual(fileTimeNote('notJpeg'));
    expect(english(note)).toContain('not a JPEG');
  });

  it('reads only header bytes of a 20 MB photo with other segments before EXIF', async () => {
    const icc = segment(0xe2, Buffer.alloc(60_000, 7));
    const exif = exifSegment({
      dateTimeOriginal: '2026:10:12 08:15:30',
      offsetTimeOriginal: '+01:00',
    });
    const big = Buffer.concat([withSegments(jpeg, icc, exif), Buffer.alloc(20 * 1024 * 1024)]);
    const file = await photo('big.jpg', big);
    const handle = await open(file, 'r');
    let bytesRead = 0;
    try {
      const result = await exifDateOf({
        read: async (buffer, offset, length, position) => {
          const done = await handle.read(buffer, offset, length, position);
          bytesRead += done.bytesRead;
          return done;
        },
      });
      expect(result).toEqual({
        ok: true,
        date: { readAt: '2026-10-12T08:15:30+01:00', offsetKnown: true, source: 'exif' },
      });
    } finally {
      await handle.close();
    }
    // The marker headers and the EXIF segment; the 60 KB ICC segment and the image are skipped.
    expect(bytesRead).toBeLessThan(1024);
  });

  it('rejects when the file cannot be read at all', async () => {
    await expect(readPhotoDate(path.join(dir, 'missing.jpg'))).rejects.toThrow(/ENOENT/);
  });
});
