// When a photo was taken. EXIF DateTimeOriginal is the camera's wall clock when the shutter
// fired; OffsetTimeOriginal, when the camera wrote it, places it in time. Without EXIF the file's
// modification time stands in, marked as a fallback: copying or editing a file changes it.
import { open, stat } from 'node:fs/promises';
import exifReader from 'exif-reader';
import { MIN_YEAR } from '../../common/billing/calendar';
import {
  fileTimeNote,
  NO_TIME_ZONE_NOTE,
  type NoExifReason,
  type ReadDateNote,
} from '../../common/billing/read-date-notes';
import { readExifSegment, type PositionalReader } from './jpeg-exif-segment';

export type ReadDateSource = 'exif' | 'file_time';

export interface PhotoReadDate {
  /** "2026-10-12T08:15:30+02:00", "2026-10-12T08:15:30" (offset unknown) or UTC for file times. */
  readAt: string;
  offsetKnown: boolean;
  source: ReadDateSource;
  /** Why the date is less than certain, as a code the edges word. */
  note?: ReadDateNote;
}

const OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;

/** The read date of the photo at `filePath`; rejects only when the file itself cannot be read. */
export async function readPhotoDate(filePath: string): Promise<PhotoReadDate> {
  const handle = await open(filePath, 'r');
  let exif: ExifDate;
  try {
    exif = await exifDateOf(handle);
  } finally {
    await handle.close();
  }
  if (exif.ok) return exif.date;
  const { mtimeMs } = await stat(filePath);
  return {
    readAt: new Date(mtimeMs).toISOString(),
    offsetKnown: true,
    source: 'file_time',
    note: fileTimeNote(exif.why, exif.detail),
  };
}

type ExifDate =
  { ok: true; date: PhotoReadDate } | { ok: false; why: NoExifReason; detail?: string };

/** The EXIF date from a JPEG's header bytes (exported for tests that count the bytes read). */
export async function exifDateOf(file: PositionalReader): Promise<ExifDate> {
  const segment = await readExifSegment(file);
  if (segment.kind === 'not_jpeg') return { ok: false, why: 'notJpeg' };
  if (segment.kind === 'none') return { ok: false, why: segment.why };
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(segment.exif);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, why: 'damagedExif', detail };
  }
  const taken = tags.Photo?.DateTimeOriginal;
  // exif-reader builds the Date from the text's fields as UTC: its UTC fields are the wall clock.
  if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) {
    return { ok: false, why: 'noDateTimeOriginal' };
  }
  if (taken.getUTCFullYear() < MIN_YEAR) {
    return { ok: false, why: 'clockNotSet' };
  }
  const wall = taken.toISOString().slice(0, 19);
  const rawOffset = tags.Photo?.OffsetTimeOriginal;
  const offset = typeof rawOffset === 'string' ? rawOffset.trim() : '';
  if (OFFSET.test(offset)) {
    return { ok: true, date: { readAt: `${wall}${offset}`, offsetKnown: true, source: 'exif' } };
  }
  return {
    ok: true,
    date: {
      readAt: wall,
      offsetKnown: false,
      source: 'exif',
      note: NO_TIME_ZONE_NOTE,
    },
  };
}
