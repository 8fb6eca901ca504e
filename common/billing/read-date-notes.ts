// Why a photo's read date is less than certain (main/billing/photo-date.ts), one table for both
// sides: main writes the English note from it (jobs.read_at_note, ReadingCheck.dateNote, kept in
// English for the log and older queues) and the window reads the code and parameters back from
// that text and words them in its language (renderer/billing/rule-words.ts).

/** Why a photo has no usable EXIF date, as the note says it after "No EXIF date (". */
export const NO_EXIF_REASONS = {
  notJpeg: 'not a JPEG; only JPEG photos carry EXIF that MeterDesk reads',
  endsInHeaders: 'the file ends inside its headers',
  damagedHeaders: 'the JPEG headers are damaged',
  noExifBlock: 'the photo has no EXIF block',
  notInFirstHeaders: 'no EXIF block in the first headers',
  /** Followed by ": " and the EXIF reader's own words (`detail`). */
  damagedExif: 'the EXIF block is damaged',
  noDateTimeOriginal: 'the EXIF block has no DateTimeOriginal',
  clockNotSet: "the EXIF DateTimeOriginal is empty (the camera's clock was not set)",
} as const;

export type NoExifReason = keyof typeof NO_EXIF_REASONS;

const FILE_TIME_HEAD = 'No EXIF date (';
const FILE_TIME_TAIL =
  "); the file's modification time was used, which changes when files are copied.";

export const NO_TIME_ZONE_NOTE =
  "The camera recorded no time zone; the time is its clock's local time.";

/** A note's code and parameters; `detail` is foreign data (the EXIF reader's words) or ''. */
export type ReadDateNote =
  | { readonly code: 'fileTime'; readonly params: { why: NoExifReason; detail: string } }
  | { readonly code: 'noTimeZone'; readonly params: Record<string, never> };

/** The reason as the note says it: the table's words, with the reader's detail where it has one. */
export function noExifReasonText(why: NoExifReason, detail = ''): string {
  return why === 'damagedExif' ? `${NO_EXIF_REASONS[why]}: ${detail}` : NO_EXIF_REASONS[why];
}

/** The English note for a date taken from the file's time. */
export function fileTimeNote(reason: string): string {
  return `${FILE_TIME_HEAD}${reason}${FILE_TIME_TAIL}`;
}

/** The code and parameters of a note written from this table; null for any other text. */
export function parseReadDateNote(text: string): ReadDateNote | null {
  if (text === NO_TIME_ZONE_NOTE) return { code: 'noTimeZone', params: {} };
  if (!text.startsWith(FILE_TIME_HEAD) || !text.endsWith(FILE_TIME_TAIL)) return null;
  const reason = text.slice(FILE_TIME_HEAD.length, text.length - FILE_TIME_TAIL.length);
  const damaged = `${NO_EXIF_REASONS.damagedExif}: `;
  if (reason.startsWith(damaged)) {
    return {
      code: 'fileTime',
      params: { why: 'damagedExif', detail: reason.slice(damaged.length) },
    };
  }
  const why = (Object.keys(NO_EXIF_REASONS) as NoExifReason[]).find(
    (k) => k !== 'damagedExif' && NO_EXIF_REASONS[k] === reason,
  );
  return why === undefined ? null : { code: 'fileTime', params: { why, detail: '' } };
}
