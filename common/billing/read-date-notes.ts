// Why a photo's read date is less than certain (main/billing/photo-date.ts), as a code and its
// parameters: the queue stores them so (jobs.read_at_note_code/params, ReadingCheck.dateNote,
// migration 010), the edges word them: English from the templates here for the log, the CLI and
// the CSV (readDateNoteText), the window's language from its catalogue (renderer/billing/
// rule-words.ts), which never reads the English.
import { fillFrom } from '../fill-template';

/** Why a photo has no usable EXIF date, as the English note says it after "No EXIF date (". */
export const NO_EXIF_REASONS = {
  notJpeg: 'not a JPEG; only JPEG photos carry EXIF that MeterDesk reads',
  endsInHeaders: 'the file ends inside its headers',
  damagedHeaders: 'the JPEG headers are damaged',
  noExifBlock: 'the photo has no EXIF block',
  notInFirstHeaders: 'no EXIF block in the first headers',
  /** Followed by the EXIF reader's own words (`detail`). */
  damagedExif: 'the EXIF block is damaged: {detail}',
  noDateTimeOriginal: 'the EXIF block has no DateTimeOriginal',
  clockNotSet: "the EXIF DateTimeOriginal is empty (the camera's clock was not set)",
} as const;

export type NoExifReason = keyof typeof NO_EXIF_REASONS;

/** Each note's English template. */
export const READ_DATE_NOTES = {
  /** `why`: a NoExifReason; `detail`: the EXIF reader's own words or ''. */
  fileTime:
    "No EXIF date ({why}); the file's modification time was used, which changes when files are copied.",
  noTimeZone: "The camera recorded no time zone; the time is its clock's local time.",
  /** Words MeterDesk did not write from a template (a stored row no code fits): as written. */
  quoted: '{text}',
} as const;

/** A note's code and parameters; `detail` is foreign data (the EXIF reader's words) or ''. */
export type ReadDateNote =
  | { readonly code: 'fileTime'; readonly params: { why: NoExifReason; detail: string } }
  | { readonly code: 'noTimeZone'; readonly params: Record<string, never> }
  | { readonly code: 'quoted'; readonly params: { text: string } };

/** The note for a date taken from the file's time, and why. */
export function fileTimeNote(why: NoExifReason, detail = ''): ReadDateNote {
  return { code: 'fileTime', params: { why, detail } };
}

export const NO_TIME_ZONE_NOTE: ReadDateNote = { code: 'noTimeZone', params: {} };

/** The note in English, from its template: what the log, the CLI and the CSV say. */
export function readDateNoteText(note: ReadDateNote): string {
  if (note.code !== 'fileTime') return fillFrom(READ_DATE_NOTES[note.code], note.params);
  const why = fillFrom(NO_EXIF_REASONS[note.params.why], { detail: note.params.detail });
  return fillFrom(READ_DATE_NOTES.fileTime, { why });
}

const isReason = (why: unknown): why is NoExifReason =>
  typeof why === 'string' && Object.hasOwn(NO_EXIF_REASONS, why);

/**
 * A note as the queue stores it (code, params as JSON) back into its shape; null for none. A code
 * or reason this version does not know becomes the stored text quoted, so one odd row never hides
 * a photo.
 */
export function storedReadDateNote(
  code: string | null,
  paramsJson: string | null,
): ReadDateNote | null {
  if (code === null) return null;
  let params: unknown;
  try {
    params = JSON.parse(paramsJson ?? '{}');
  } catch {
    params = null;
  }
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  if (code === 'noTimeZone') return NO_TIME_ZONE_NOTE;
  if (code === 'fileTime' && isReason(p.why)) {
    return fileTimeNote(p.why, typeof p.detail === 'string' ? p.detail : '');
  }
  if (code === 'quoted' && typeof p.text === 'string') return { code, params: { text: p.text } };
  return { code: 'quoted', params: { text: `${code} ${paramsJson ?? ''}` } };
}
