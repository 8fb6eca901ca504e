// A route sheet's guessed encoding and its problems reach the window as what happened and their
// params, never as English: the window words them in its language (the CLI's English:
// test/billing/route-sheet).
import { describe, expect, it } from 'vitest';
import type { EncodingGuess } from '../../common/billing/encoding-guess';
import type { RowProblem, RowProblemCode } from '../../common/billing/row-problem';
import { ROW_PROBLEM_ENGLISH, rowProblemEnglish } from '../../common/billing/row-problem-english';
import { encodingGuessWords, rowProblemWords } from '../../renderer/billing/sheet-words';
import { createI18n } from '../../renderer/i18n/i18n';

const en = createI18n('en').getFixedT('en', 'billing');
const de = createI18n('de').getFixedT('de', 'billing');

const guess: EncodingGuess = {
  encoding: 'windows-1252',
  example: { row: 2, column: 'B', header: 'Adresse', text: 'Straße 5' },
};

describe('encodingGuessWords', () => {
  it('says the guess and the cell to check in German', () => {
    expect(encodingGuessWords(guess, de)).toBe(
      'Die Datei ist nicht UTF-8; sie wurde als Windows-1252 gelesen (westeuropäisch, wie Excel „CSV“ speichert). ' +
        'Prüfen Sie, ob Namen mit Akzenten oder ß richtig aussehen. ' +
        'Erster solcher Text: Zeile 2, Spalte B (Adresse): „Straße 5“.',
    );
    expect(encodingGuessWords({ ...guess, example: null }, de)).not.toContain('Zeile');
  });

  it('says it in English from the catalogue', () => {
    expect(encodingGuessWords(guess, en)).toContain('it was read as Windows-1252');
    expect(encodingGuessWords(guess, en)).toContain('row 2, column B (Adresse): “Straße 5”.');
  });
});

const cell = (code: RowProblemCode, params: RowProblem['params']): RowProblem => ({
  row: 4,
  column: 'C',
  header: 'Ablesedatum',
  code,
  params,
});

describe('rowProblemWords', () => {
  it('words a duplicate, a bad date and a file-level problem in German, place included', () => {
    const duplicate = cell('duplicate_meter_id', { id: 'A1', firstRow: 2, firstId: 'A1' });
    expect(rowProblemWords({ ...duplicate, column: null, header: null }, de, 'de')).toBe(
      'Zeile 4: die Zählernummer „A1“ steht schon in Zeile 2.',
    );
    const date = cell('invalid_value', {
      field: 'previousReadAt',
      fault: 'no_such_day',
      text: '31.02.2026',
      day: 31,
      month: 2,
      year: 2026,
    });
    expect(rowProblemWords(date, de, 'de')).toBe(
      'Zeile 4, Spalte C (Ablesedatum): Vorheriges Ablesedatum: „31.02.2026“ ist kein Datum (kein Tag 31 im Monat 2 2026).',
    );
    const rows = { ...cell('too_many_rows', { max: 100000 }), row: null };
    expect(rowProblemWords(rows, de, 'de')).toContain('mehr als 100.000 Zeilen');
    expect(rowProblemWords(rows, en, 'en')).toContain('more than 100,000 rows');
  });

  it('has words for every code in both languages', () => {
    for (const code of Object.keys(ROW_PROBLEM_ENGLISH) as RowProblemCode[]) {
      const problem = cell(code, {
        field: 'meterId',
        fault: 'control',
        count: 2,
        reason: 'missing',
      });
      for (const [t, lang] of [
        [de, 'de'],
        [en, 'en'],
      ] as const) {
        const said = rowProblemWords(problem, t, lang);
        expect(said, code).not.toMatch(/sheet\.\w/);
        expect(said.length, code).toBeGreaterThan('Zeile 4, Spalte C (Ablesedatum): '.length + 5);
      }
    }
  });

  it('says the same when the English template is renamed: the window never reads the English', () => {
    const problem = cell('extra_cells', { cells: 5, width: 4 });
    const before = ROW_PROBLEM_ENGLISH.extra_cells;
    ROW_PROBLEM_ENGLISH.extra_cells = () => 'the row is one cell too wide.';
    try {
      // The CLI says the new English; the German window is unchanged.
      expect(rowProblemEnglish(problem)).toBe(
        'Row 4, column C (Ablesedatum): the row is one cell too wide.',
      );
      expect(rowProblemWords(problem, de, 'de')).toBe(
        'Zeile 4, Spalte C (Ablesedatum): die Zeile hat 5 Zellen, die Kopfzeile aber 4 Spalten (ein Trennzeichen in einem Wert ohne Anführungszeichen?).',
      );
    } finally {
      ROW_PROBLEM_ENGLISH.extra_cells = before;
    }
  });
});
