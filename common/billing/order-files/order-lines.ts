// An order file is kept and written back byte for byte, so it is worked on as a "byte string":
// each byte one character (Latin-1 decoding, which is lossless). Fixed-width positions are byte
// positions, delimiters and quotes are ASCII (never part of a UTF-8 sequence), and the filled
// values are ASCII: whatever the file's encoding, every byte not filled goes back as it came.

/** A physical line: its bytes and its ending ("\r\n", "\n" or "" for a last line without one). */
export interface OrderLine {
  readonly text: string;
  readonly eol: string;
}

export function toByteString(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return out;
}

export function fromByteString(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** The file's physical lines; joining text + eol of each gives the file back exactly. */
export function splitLines(bytes: string): OrderLine[] {
  const lines: OrderLine[] = [];
  let start = 0;
  while (start < bytes.length) {
    const nl = bytes.indexOf('\n', start);
    if (nl < 0) {
      lines.push({ text: bytes.slice(start), eol: '' });
      break;
    }
    const cr = nl > start && bytes.charCodeAt(nl - 1) === 13;
    lines.push({ text: bytes.slice(start, cr ? nl - 1 : nl), eol: cr ? '\r\n' : '\n' });
    start = nl + 1;
  }
  return lines;
}

export function joinLines(lines: readonly OrderLine[]): string {
  let out = '';
  for (const l of lines) out += l.text + l.eol;
  return out;
}

export type TextEncoding = 'windows-1252' | 'latin1' | 'utf-8';

const UTF8_BOM = '\xEF\xBB\xBF';

/** `auto`: UTF-8 with a BOM or when every byte sequence is valid UTF-8, else Windows-1252. */
export function resolveEncoding(declared: TextEncoding | 'auto', bytes: string): TextEncoding {
  if (declared !== 'auto') return declared;
  if (bytes.startsWith(UTF8_BOM)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(fromByteString(bytes));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Bytes of a field as a person reads them, in the file's encoding (a BOM dropped). */
export function humanText(bytes: string, encoding: TextEncoding): string {
  // Plain ASCII needs no decoder, and most keys and numbers are plain ASCII.
  // eslint-disable-next-line no-control-regex
  const text = /^[\x00-\x7F]*$/.test(bytes)
    ? bytes
    : new TextDecoder(encoding === 'latin1' ? 'latin1' : encoding).decode(fromByteString(bytes));
  return text.replace(/^\uFEFF/, '');
}

export function hasUtf8Bom(bytes: string): boolean {
  return bytes.startsWith(UTF8_BOM);
}
