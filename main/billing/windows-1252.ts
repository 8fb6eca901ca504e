// Windows-1252 ("ANSI" on Western-European Windows): Excel's plain "CSV" there, and what older
// billing imports expect. Node cannot encode it, and Node 20's TextDecoder("windows-1252") decodes
// it as Latin-1 (0x80 becomes U+0080, not €), so both directions are here. The table is small:
// Latin-1 plus 27 characters in 0x80-0x9F (€, „, “, ”, –, —, Š, Ž, Œ, …).

const HIGH: Readonly<Record<number, number>> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

function byteOf(code: number): number | undefined {
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return HIGH[code];
}

/** How many characters of `text` Windows-1252 cannot hold. */
export function countUnencodable(text: string): number {
  let n = 0;
  for (const char of text) if (byteOf(char.codePointAt(0) ?? 0) === undefined) n++;
  return n;
}

/** The first character Windows-1252 cannot hold, or null. */
export function firstUnencodable(text: string): string | null {
  for (const char of text) {
    if (byteOf(char.codePointAt(0) ?? 0) === undefined) return char;
  }
  return null;
}

/** Encodes `text`; characters it cannot hold become `replacement` (a "?" by default). */
export function encodeWindows1252(text: string, replacement = 0x3f): Uint8Array {
  const out = new Uint8Array(text.length);
  let n = 0;
  for (const char of text) out[n++] = byteOf(char.codePointAt(0) ?? 0) ?? replacement;
  return out.subarray(0, n);
}

const C1_TO_CHAR = new Map<string, string>(
  Object.entries(HIGH).map(([code, byte]) => [
    String.fromCharCode(byte),
    String.fromCodePoint(Number(code)),
  ]),
);

/** Decodes Windows-1252; the five unassigned bytes stay U+0081 and so on, as WHATWG decodes them. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => C1_TO_CHAR.get(c) ?? c);
}
