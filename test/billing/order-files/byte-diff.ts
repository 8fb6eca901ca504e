// The proof that a return file changed nothing but its filled fields: every byte outside them is
// compared with the order file's. Written apart from the writer (its own line and cell splitting),
// so a writer that shifted a byte cannot hide it behind the same mistake.
import type { OrderProfile } from '../../../common/billing/order-files/profile';

export interface ByteDiff {
  /** Bytes changed outside the filled fields (0 is the goal). */
  readonly changedOutside: number;
  /** Lines whose filled fields changed. */
  readonly filledLines: number;
  readonly firstDifference: string | null;
}

function physicalLines(bytes: Buffer): string[] {
  // Kept with their endings, so a changed CRLF or final newline counts.
  return bytes.toString('latin1').match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function cellsOf(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === delimiter && !quoted) {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

const norm = (t: string): string => t.toLowerCase().replace(/[^a-z0-9äöü]/g, '');

export function byteDiff(profile: OrderProfile, before: Buffer, after: Buffer): ByteDiff {
  const a = physicalLines(before);
  const b = physicalLines(after);
  let changedOutside = Math.abs(a.length - b.length) * 1000;
  let filledLines = 0;
  let first: string | null = null;
  const note = (i: number, what: string): void => {
    first ??= `line ${String(i + 1)}: ${what}`;
  };
  let fillColumns: number[] = [];
  let delimiter = ';';
  if (profile.kind === 'delimited') {
    const header = a.find((l) => !l.startsWith(profile.commentPrefix ?? '\u0000')) ?? '';
    delimiter = [';', '\t', ','].find((d) => header.includes(d)) ?? ';';
    const names = cellsOf(header.replace(/\r?\n$/, ''), delimiter).map((c) =>
      norm(Buffer.from(c, 'latin1').toString('latin1')),
    );
    fillColumns = profile.fills.flatMap((f) =>
      'column' in f.field
        ? f.field.column
            .map((c) => names.indexOf(norm(c)))
            .filter((i) => i >= 0)
            .slice(0, 1)
        : [],
    );
  }
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x === y) continue;
    filledLines++;
    if (profile.kind === 'fixed') {
      const inFill = (p: number): boolean =>
        profile.fills.some((f) => 'start' in f.field && p >= f.field.start - 1 && p < f.field.end);
      const eolA = x.endsWith('\r\n') ? '\r\n' : x.endsWith('\n') ? '\n' : '';
      const eolB = y.endsWith('\r\n') ? '\r\n' : y.endsWith('\n') ? '\n' : '';
      if (eolA !== eolB) {
        changedOutside += 1;
        note(i, 'line ending');
      }
      const tx = x.slice(0, x.length - eolA.length);
      const ty = y.slice(0, y.length - eolB.length);
      for (let p = 0; p < Math.max(tx.length, ty.length); p++) {
        if (inFill(p)) continue;
        if (tx[p] !== ty[p]) {
          changedOutside++;
          note(i, `byte ${String(p + 1)}`);
        }
      }
    } else {
      const cx = cellsOf(x, delimiter);
      const cy = cellsOf(y, delimiter);
      if (cx.length !== cy.length) {
        changedOutside += 1000;
        note(i, 'cell count');
        continue;
      }
      cx.forEach((c, j) => {
        if (!fillColumns.includes(j) && c !== cy[j]) {
          changedOutside += Math.max(c.length, (cy[j] ?? '').length);
          note(i, `cell ${String(j + 1)}`);
        }
      });
    }
  }
  return { changedOutside, filledLines, firstDifference: first };
}
