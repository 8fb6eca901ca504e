import type Database from 'better-sqlite3';
import type { Migration } from './migration';

/**
 * A photo's read-date note is kept as a code and its parameters (JSON), worded at the edges
 * (common/billing/read-date-notes.ts), as job messages are since 009: the English column goes, and
 * so does the English note inside each stored check (plausibility_detail.dateNote). Each older row
 * is converted here, once, from the sentences written up to schema 9, frozen below: a template
 * reworded later in common/ must not change what an older queue converts to. A note none of them
 * wrote is kept as written, quoted.
 */

const FILE_TIME_HEAD = 'No EXIF date (';
const FILE_TIME_TAIL =
  "); the file's modification time was used, which changes when files are copied.";
const NO_TIME_ZONE = "The camera recorded no time zone; the time is its clock's local time.";
const DAMAGED_EXIF = 'the EXIF block is damaged: ';
/** The reasons after "No EXIF date (" as written up to schema 9, by the code each has now. */
const REASONS: Readonly<Record<string, string>> = {
  notJpeg: 'not a JPEG; only JPEG photos carry EXIF that MeterDesk reads',
  endsInHeaders: 'the file ends inside its headers',
  damagedHeaders: 'the JPEG headers are damaged',
  noExifBlock: 'the photo has no EXIF block',
  notInFirstHeaders: 'no EXIF block in the first headers',
  noDateTimeOriginal: 'the EXIF block has no DateTimeOriginal',
  clockNotSet: "the EXIF DateTimeOriginal is empty (the camera's clock was not set)",
};

interface CodedNote {
  readonly code: string;
  readonly params: Readonly<Record<string, string>>;
}

/** An English note as schema 9 stored it, as a code and its parameters. */
export function legacyNoteToCode(text: string): CodedNote {
  if (text === NO_TIME_ZONE) return { code: 'noTimeZone', params: {} };
  if (text.startsWith(FILE_TIME_HEAD) && text.endsWith(FILE_TIME_TAIL)) {
    const reason = text.slice(FILE_TIME_HEAD.length, text.length - FILE_TIME_TAIL.length);
    if (reason.startsWith(DAMAGED_EXIF)) {
      return {
        code: 'fileTime',
        params: { why: 'damagedExif', detail: reason.slice(DAMAGED_EXIF.length) },
      };
    }
    const why = Object.keys(REASONS).find((k) => REASONS[k] === reason);
    if (why !== undefined) return { code: 'fileTime', params: { why, detail: '' } };
  }
  return { code: 'quoted', params: { text } };
}

/** A stored check with its English dateNote as the coded note; anything else as it was. */
function codedDetail(json: string): string {
  let detail: unknown;
  try {
    detail = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof detail !== 'object' || detail === null || !('dateNote' in detail)) return json;
  const note = detail.dateNote;
  if (typeof note !== 'string') return json;
  return JSON.stringify({ ...detail, dateNote: legacyNoteToCode(note) });
}

function convert(db: Database.Database): void {
  // The ids first: a statement cannot write while another still reads.
  const ids = db
    .prepare<[], number>(
      `SELECT id FROM jobs WHERE read_at_note IS NOT NULL OR plausibility_detail IS NOT NULL`,
    )
    .pluck()
    .all();
  const get = db.prepare<[number], { note: string | null; detail: string | null }>(
    'SELECT read_at_note AS note, plausibility_detail AS detail FROM jobs WHERE id = ?',
  );
  const set = db.prepare(
    `UPDATE jobs SET read_at_note_code = ?, read_at_note_params = ?, plausibility_detail = ?
      WHERE id = ?`,
  );
  for (const id of ids) {
    const row = get.get(id);
    const note = row?.note == null ? null : legacyNoteToCode(row.note);
    const detail = row?.detail == null ? null : codedDetail(row.detail);
    set.run(note?.code ?? null, note === null ? null : JSON.stringify(note.params), detail, id);
  }
}

export const migration010: Migration = {
  version: 10,
  name: 'read-date notes as codes',
  up: `
    ALTER TABLE jobs ADD COLUMN read_at_note_code TEXT;
    ALTER TABLE jobs ADD COLUMN read_at_note_params TEXT;
  `,
  convert: (db: Database.Database) => {
    convert(db);
    db.exec('ALTER TABLE jobs DROP COLUMN read_at_note;');
  },
};
