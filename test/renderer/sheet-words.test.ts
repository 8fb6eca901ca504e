// A route sheet's guessed encoding reaches the window as what happened and an example cell, never
// as English: the window words it in its language (the CLI's English: test/billing/route-sheet).
import { describe, expect, it } from 'vitest';
import type { EncodingGuess } from '../../common/billing/encoding-guess';
import { encodingGuessWords } from '../../renderer/billing/sheet-words';
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
