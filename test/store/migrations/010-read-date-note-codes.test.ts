// Migration 010 on a populated queue written by schema 9: every English read-date note (the
// column, and the note inside each stored check) becomes a code and its parameters, once; a note
// no template wrote stays, quoted; the English column is gone, and the English edge says each
// converted note as schema 9 wrote it.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  fileTimeNote,
  NO_TIME_ZONE_NOTE,
  readDateNoteText,
  type ReadDateNote,
} from '../../../common/billing/read-date-notes';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();

/** Each photo's note as schema 9 wrote it (null: none), and what it is after the migration. */
const NOTES: readonly { readonly old: string | null; readonly coded: ReadDateNote | null }[] = [
  {
    old: "The camera recorded no time zone; the time is its clock's local time.",
    coded: NO_TIME_ZONE_NOTE,
  },
  {
    old: "No EXIF date (the photo has no EXIF block); the file's modification time was used, which changes when files are copied.",
    coded: fileTimeNote('noExifBlock'),
  },
  {
    old: "No EXIF date (the EXIF block is damaged: Invalid TIFF header); the file's modification time was used, which changes when files are copied.",
    coded: fileTimeNote('damagedExif', 'Invalid TIFF header'),
  },
  { old: 'Taken by hand', coded: { code: 'quoted', params: { text: 'Taken by hand' } } },
  { old: null, coded: null },
];

/** A queue at schema 9 with one photo per note, each with a stored check naming it. */
function fill(q: OlderQueue): number[] {
  const root = q.addRoot('/photos');
  const add = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, created_at, updated_at,
       read_at, read_at_source, read_at_note, plausibility, plausibility_detail)
     VALUES (?, ?, ?, 1, 0, 'done', ?, ?, ?, 'exif', ?, 'ok', ?)`,
  );
  return NOTES.map(({ old }, i) => {
    const detail = JSON.stringify({ level: 'ok', flagged: [], dateNote: old, reasons: '' });
    return Number(
      add.run(root, `/photos/${String(i)}.jpg`, `${String(i)}.jpg`, AT, AT, AT, old, detail)
        .lastInsertRowid,
    );
  });
}

function columns(db: Database.Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_xinfo('jobs')")
    .all()
    .map((c) => c.name);
}

describe('migration 010: read-date notes as codes', () => {
  it('converts an older queue once: codes where a template wrote the note, the rest quoted', () => {
    const q = olderQueue(9);
    const ids = fill(q);
    const others = rowsOf(q.db, 'jobs', ['read_at_note', 'plausibility_detail']);

    expect(q.migrateTo(10)).toBe(10);
    expect(columns(q.db)).not.toContain('read_at_note');
    // Every other column of every job is as it was.
    expect(
      rowsOf(q.db, 'jobs', ['read_at_note_code', 'read_at_note_params', 'plausibility_detail']),
    ).toEqual(others);
    q.db.close();

    const store = openStore(q.file);
    try {
      ids.forEach((id, i) => {
        const job = store.jobs.get(id);
        const want = NOTES[i]?.coded;
        expect(job?.readAtNote, `photo ${String(i)}`).toEqual(want);
        expect(job?.plausibilityDetail?.dateNote, `photo ${String(i)}`).toEqual(want);
      });
    } finally {
      store.close();
    }
  });

  it('says each converted note in English as schema 9 wrote it', () => {
    for (const { old, coded } of NOTES) {
      expect(coded === null ? null : readDateNoteText(coded)).toBe(old);
    }
  });
});
