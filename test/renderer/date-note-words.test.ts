// Why a photo's read date is less than certain, in the billing detail: main writes the note in
// English from common/billing/read-date-notes.ts; the window reads its code and parameters back
// and words it, in English exactly as main wrote it, in German from the catalogue. A note it does
// not know is quoted as written.
import { describe, expect, it } from 'vitest';
import {
  fileTimeNote,
  NO_EXIF_REASONS,
  NO_TIME_ZONE_NOTE,
  noExifReasonText,
  parseReadDateNote,
  type NoExifReason,
} from '../../common/billing/read-date-notes';
import { dateNoteLine } from '../../renderer/billing/rule-words';
import { createI18n } from '../../renderer/i18n/i18n';

const en = createI18n('en').getFixedT('en', 'billing');
const de = createI18n('de').getFixedT('de', 'billing');

/** Every note main writes: the missing time zone, and the file time for each reason. */
const NOTES: string[] = [
  NO_TIME_ZONE_NOTE,
  ...(Object.keys(NO_EXIF_REASONS) as NoExifReason[]).map((why) =>
    fileTimeNote(noExifReasonText(why, 'Invalid TIFF header')),
  ),
];

describe('read-date notes in the window', () => {
  it('words every note main writes: English as written, German from the catalogue', () => {
    for (const note of NOTES) {
      expect(parseReadDateNote(note), note).not.toBeNull();
      expect(dateNoteLine(note, en), note).toEqual({ worded: note });
      const german = dateNoteLine(note, de);
      expect('worded' in german && german.worded, note).toEqual(expect.any(String));
      const words = 'worded' in german ? german.worded : '';
      expect(words, note).not.toMatch(/{{|dateNote\.|EXIF date|file's/);
      expect(words, note).not.toBe(note);
    }
  });

  it('says the reason and keeps the EXIF reader’s own words as they came', () => {
    const damaged = fileTimeNote(noExifReasonText('damagedExif', 'Invalid TIFF header'));
    expect(parseReadDateNote(damaged)).toEqual({
      code: 'fileTime',
      params: { why: 'damagedExif', detail: 'Invalid TIFF header' },
    });
    expect(dateNoteLine(damaged, de)).toEqual({
      worded:
        'Kein EXIF-Datum (der EXIF-Block ist beschädigt: Invalid TIFF header); verwendet wurde ' +
        'die Änderungszeit der Datei, die sich beim Kopieren ändert.',
    });
    expect(dateNoteLine(NO_TIME_ZONE_NOTE, de)).toEqual({
      worded:
        'Die Kamera hat keine Zeitzone aufgezeichnet; die Uhrzeit ist die Ortszeit ihrer Uhr.',
    });
  });

  it('quotes a note it does not know, also one with an unknown reason', () => {
    const odd = fileTimeNote('the camera was a potato');
    expect(parseReadDateNote(odd)).toBeNull();
    expect(dateNoteLine(odd, de)).toEqual({ quoted: odd });
    expect(dateNoteLine('Taken by hand', de)).toEqual({ quoted: 'Taken by hand' });
  });
});
