// A delimited line's cells with where each sits in the line, so a filled cell replaces exactly its
// own bytes and every quote, space and empty cell around it stays as it was.

export interface Cell {
  /** Offsets in the line's byte string: [start, end), quotes included. */
  readonly start: number;
  readonly end: number;
  /** The value: quotes removed, doubled quotes undone; bytes as in the file. */
  readonly value: string;
}

/** Cells of one physical line (a quoted cell does not run on past its line). */
export function splitCells(line: string, delimiter: string, quote = '"'): Cell[] {
  const cells: Cell[] = [];
  let i = 0;
  for (;;) {
    const start = i;
    let value = '';
    if (line[i] === quote) {
      i++;
      for (; i < line.length; i++) {
        if (line[i] === quote) {
          if (line[i + 1] === quote) {
            value += quote;
            i++;
          } else {
            i++;
            break;
          }
        } else value += line.charAt(i);
      }
      // Anything between the closing quote and the delimiter belongs to the cell as written.
      const next = line.indexOf(delimiter, i);
      const end = next < 0 ? line.length : next;
      value += line.slice(i, end);
      i = end;
    } else {
      const next = line.indexOf(delimiter, i);
      i = next < 0 ? line.length : next;
      value = line.slice(start, i);
    }
    cells.push({ start, end: i, value });
    if (i >= line.length) return cells;
    i += delimiter.length;
    if (i === line.length) {
      cells.push({ start: i, end: i, value: '' });
      return cells;
    }
  }
}

/** `auto`: the first of ";", tab and "," the header line holds. */
export function pickDelimiter(header: string, declared: string | undefined): string {
  if (declared && declared !== 'auto') return declared;
  for (const d of [';', '\t', ',']) if (header.includes(d)) return d;
  return ';';
}

/** Header names compared as route sheets compare them: case, spaces, punctuation, accents ignored. */
export function normalHeader(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
