// One of MeterDesk's sentences that main sent as a code and its params (a job's history and error,
// a log line, a start-up problem), as the window shows it: worded from the catalogue, or quoted
// (words as given, not the window's: the service's own, or a line without a code this window
// knows). job-words.ts and engine-words.ts word their own tables through this one shape, so a
// quoted line reads the same wherever it is shown.

/** A sentence worded from the catalogue, or `quoted`: the words as they came. */
export type CodedLine = { readonly worded: string } | { readonly quoted: string };

/** What main sends: a code with its params; `quoted` carries words as given. */
type Coded = { readonly code: string; readonly params: object };

/**
 * The line for a coded message: `quoted` as written; a code without words here (a newer backend's)
 * quoted with its params, so it is still seen; any other worded by `word`.
 */
export function codedLine<M extends Coded>(
  message: M,
  word: (message: Exclude<M, { readonly code: 'quoted' }>) => string,
  known: (code: string) => boolean = () => true,
): CodedLine {
  if (message.code === 'quoted') {
    return { quoted: 'text' in message.params ? String(message.params.text) : '' };
  }
  if (!known(message.code)) {
    return { quoted: `${message.code} ${JSON.stringify(message.params)}` };
  }
  // A code other than `quoted`: the check above is what TypeScript cannot carry to a generic.
  return { worded: word(message as Exclude<M, { readonly code: 'quoted' }>) };
}

/** The line as one string: worded, or the quoted words as given. */
export function lineText(line: CodedLine): string {
  return 'worded' in line ? line.worded : line.quoted;
}
