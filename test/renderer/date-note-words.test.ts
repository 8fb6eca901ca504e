// Why a photo's read date is less than certain, in the billing detail: main keeps the note as a
// code and its parameters (common/billing/read-date-notes.ts), the queue stores them so, the log
// and the CSV say the English template, the window words the code from its catalogue and never
// reads the English: renaming a template changes the English, not the window.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fileTimeNote,
  NO_EXIF_REASONS,
  NO_TIME_ZONE_NOTE,
  READ_DATE_NOTES,
  readDateNoteText,
  type NoExifReason,
  type ReadDateNote,
} from '../../common/billing/read-date-notes';
import { openStore } from '../../main/store/store';
import { dateNoteLine } from '../../renderer/billing/rule-words';
import { createI18n } from '../../renderer/i18n/i18n';
import { queuedPhoto } from '../helpers/queued-photo';
import { tempDir } from '../helpers/tmp';

const en = createI18n('en').getFixedT('en', 'billing');
const de = createI18n('de').getFixedT('de', 'billing');

/** Every note main writes: the missing time zone, and the file time for each reason. */
const NOTES: ReadDateNote[] = [
  NO_TIME_ZONE_NOTE,
  ...(Object.keys(NO_EXIF_REASONS) as NoExifReason[]).map((why) =>
    fileTimeNote(why, why === 'damagedExif' ? 'Invalid TIFF header' : ''),
  ),
];

let cleanup = (): void => undefined;
afterEach(() => {
  cleanup();
  cleanup = () => undefined;
});

describe('read-date notes in the window', () => {
  it('words every note: the English window as the log says it, German from the catalogue', () => {
    for (const note of NOTES) {
      const english = readDateNoteText(note);
      expect(dateNoteLine(note, en), english).toEqual({ worded: english });
      const german = dateNoteLine(note, de);
      const words = 'worded' in german ? german.worded : '';
      expect(words, english).not.toMatch(/{{|dateNote\.|EXIF date|file's|^$/);
      expect(words, english).not.toBe(english);
    }
  });

  it('says the reason and keeps the EXIF reader’s own words as they came', () => {
    expect(dateNoteLine(fileTimeNote('damagedExif', 'Invalid TIFF header'), de)).toEqual({
      worded:
        'Kein EXIF-Datum (der EXIF-Block ist beschädigt: Invalid TIFF header); verwendet wurde ' +
        'die Änderungszeit der Datei, die sich beim Kopieren ändert.',
    });
    expect(dateNoteLine(NO_TIME_ZONE_NOTE, de)).toEqual({
      worded:
        'Die Kamera hat keine Zeitzone aufgezeichnet; die Uhrzeit ist die Ortszeit ihrer Uhr.',
    });
  });

  it('quotes words MeterDesk did not write, and a stored code it does not know', () => {
    const odd: ReadDateNote = { code: 'quoted', params: { text: 'Taken by hand' } };
    expect(dateNoteLine(odd, de)).toEqual({ quoted: 'Taken by hand' });
    const t = tempDir();
    const store = openStore(join(t.dir, 'queue.sqlite'));
    cleanup = () => {
      store.close();
      t.cleanup();
    };
    const id = queuedPhoto(store);
    const unknown = { code: 'fileTime', params: { why: 'potato', detail: '' } };
    store.meters.setReadDates([
      { id, readAt: '2026-01-01T00:00:00Z', source: 'file_time', note: unknown as ReadDateNote },
    ]);
    const read = store.jobs.get(id)?.readAtNote;
    expect(read?.code).toBe('quoted');
    const line = read ? dateNoteLine(read, de) : null;
    expect(line && 'quoted' in line && line.quoted).toContain('potato');
  });

  it('says the same when the English templates are renamed: the window never reads the English', () => {
    const notes = READ_DATE_NOTES as Record<keyof typeof READ_DATE_NOTES, string>;
    const reasons = NO_EXIF_REASONS as Record<NoExifReason, string>;
    const before = { fileTime: notes.fileTime, noExifBlock: reasons.noExifBlock };
    const germanBefore = dateNoteLine(fileTimeNote('noExifBlock'), de);
    const t = tempDir();
    const store = openStore(join(t.dir, 'queue.sqlite'));
    cleanup = () => {
      notes.fileTime = before.fileTime;
      reasons.noExifBlock = before.noExifBlock;
      store.close();
      t.cleanup();
    };
    const id = queuedPhoto(store);
    store.meters.setReadDates([
      {
        id,
        readAt: '2026-01-01T00:00:00Z',
        source: 'file_time',
        note: fileTimeNote('noExifBlock'),
      },
    ]);
    notes.fileTime = 'Date from the file ({why}), not from the camera.';
    reasons.noExifBlock = 'nothing from the camera';
    const stored = store.jobs.get(id)?.readAtNote ?? null;
    if (stored === null) throw new Error('no note stored');
    // The log and the CSV say the new English; the window is unchanged.
    expect(readDateNoteText(stored)).toBe(
      'Date from the file (nothing from the camera), not from the camera.',
    );
    expect(dateNoteLine(stored, de)).toEqual(germanBefore);
    expect(dateNoteLine(stored, en)).toEqual({
      worded:
        "No EXIF date (the photo has no EXIF block); the file's modification time was used, which changes when files are copied.",
    });
  });
});
