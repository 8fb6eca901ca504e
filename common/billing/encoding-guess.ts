// A route sheet whose encoding was a guess: not UTF-8, so read as Windows-1252 (as Excel saves
// "CSV"). Carried as what happened and the first cell whose accents depended on it; the CLI says
// it in English from here, the window in its language (renderer/billing/sheet-words.ts).

export interface EncodingGuess {
  readonly encoding: 'windows-1252';
  /** The first cell with text outside ASCII, placed as the clerk finds it in Excel; null if none. */
  readonly example: {
    readonly row: number;
    readonly column: string;
    readonly header: string;
    readonly text: string;
  } | null;
}

/** The guess in English, for the CLI. */
export function encodingGuessEnglish(guess: EncodingGuess): string {
  const said =
    'The file is not UTF-8; it was read as Windows-1252 (Western European, as Excel saves "CSV"). Check that names with accents or ß look right.';
  const e = guess.example;
  return e === null
    ? said
    : `${said} First such text: row ${e.row}, column ${e.column} (${e.header}): "${e.text}".`;
}
