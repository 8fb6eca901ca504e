// A name too long for its place is cut in the middle, not at the end: two readers' folders
// "2026-11-26 Tour 1 Müller" and "2026-11-26 Tour 1 Schmidt" stay told apart by their ends.
// The start takes the ellipsis (CSS), the end is always shown whole.

/** How many characters of the end are always shown. */
const KEPT_END = 12;

/** The name split where the cut may go: [start, end]; a short name is all start. */
export function middleCutParts(name: string, kept = KEPT_END): readonly [string, string] {
  const chars = Array.from(name);
  if (chars.length <= kept * 2) return [name, ''];
  return [chars.slice(0, -kept).join(''), chars.slice(-kept).join('')];
}

export function MiddleCut({ text }: { text: string }): React.JSX.Element {
  const [start, end] = middleCutParts(text);
  return (
    <span className="middle-cut" data-i18n-skip="data">
      <span className="middle-cut-start">{start}</span>
      {end && <span className="middle-cut-end">{end}</span>}
    </span>
  );
}
