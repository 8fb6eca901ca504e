// A route sheet's guessed encoding in the window's language, from what happened and the example
// cell (common/billing/encoding-guess.ts); the English for the CLI is worded there, not read here.
import type { TFunction } from 'i18next';
import type { EncodingGuess } from '../../common/billing/encoding-guess';

export function encodingGuessWords(guess: EncodingGuess, t: TFunction<'billing'>): string {
  const said = t('sheet.encodingGuess');
  return guess.example === null ? said : `${said} ${t('sheet.encodingExample', guess.example)}`;
}
