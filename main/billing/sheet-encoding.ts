// Which characters a route sheet's bytes stand for. Decision (docs/billing.md, "Encodings"): a
// byte order mark decides (UTF-8, UTF-16 LE/BE: Excel's "Unicode text"); without one, bytes that
// are valid UTF-8 are UTF-8, and anything else is read as Windows-1252 (Excel's plain "CSV" on a
// Western-European Windows, where "Straße" is the byte DF) and the result says so, so the clerk
// can check the names. Workbooks and binary files are refused with what to do instead.
import { isUtf8 } from 'node:buffer';
import { MAX_SHEET_BYTES } from '../../common/billing/route-sheet-limits';
import type { ProblemParams, RowProblemCode } from '../../common/billing/row-problem';
import { decodeWindows1252 } from './windows-1252';

export const SHEET_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type SheetEncoding = (typeof SHEET_ENCODINGS)[number];

export interface DecodedSheet {
  text: string;
  encoding: SheetEncoding;
  /** Read as Windows-1252 because it was not UTF-8 (no BOM, none chosen): a guess to check. */
  guessed: boolean;
}

export type DecodeResult =
  { ok: true; sheet: DecodedSheet } | { ok: false; code: RowProblemCode; params: ProblemParams };

const MB = 1024 * 1024;

export function decodeSheet(bytes: Uint8Array, forced?: SheetEncoding): DecodeResult {
  if (bytes.length === 0) return refuse('empty_file');
  if (bytes.length > MAX_SHEET_BYTES) {
    return refuse('file_too_large', {
      mb: (bytes.length / MB).toFixed(1),
      max: MAX_SHEET_BYTES / MB,
    });
  }
  const container = containerFormat(bytes);
  if (container) return refuse('not_csv', { format: container });
  const bom = byteOrderMark(bytes);
  const encoding = forced ?? bom?.encoding ?? sniffWithoutBom(bytes);
  if (encoding === null) {
    return refuse('binary_file');
  }
  const body = bom && bom.encoding === encoding ? bytes.subarray(bom.length) : bytes;
  if (encoding === 'utf-8' && !isUtf8(body)) {
    return refuse('invalid_utf8', { line: lineOf(body, firstInvalidUtf8(body)) });
  }
  let text: string;
  try {
    text =
      encoding === 'windows-1252'
        ? decodeWindows1252(body)
        : new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    return refuse('invalid_text', { encoding });
  }
  const guessed = forced === undefined && bom === null && encoding === 'windows-1252';
  return { ok: true, sheet: { text, encoding, guessed } };
}

function refuse(code: RowProblemCode, params: ProblemParams = {}): DecodeResult {
  return { ok: false, code, params };
}

/** A workbook saved instead of a CSV: "xlsx" (or another zip) or the old "xls". */
function containerFormat(bytes: Uint8Array): 'xlsx' | 'xls' | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'xls';
  return null;
}

function byteOrderMark(bytes: Uint8Array): { encoding: SheetEncoding; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** UTF-16 without a mark shows as ASCII with every other byte zero; other NULs mean binary. */
function sniffWithoutBom(bytes: Uint8Array): SheetEncoding | null {
  const head = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  }
  const pairs = Math.floor(head.length / 2);
  if (pairs > 0 && oddZeros >= pairs * 0.9 && evenZeros === 0) return 'utf-16le';
  if (pairs > 0 && evenZeros >= pairs * 0.9 && oddZeros === 0) return 'utf-16be';
  if (evenZeros + oddZeros > 0 || bytes.indexOf(0) !== -1) return null;
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** Offset of the first byte that breaks UTF-8 (only called once the buffer is known to be bad). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const need =
      b < 0x80
        ? 0
        : b >= 0xc2 && b <= 0xdf
          ? 1
          : b >= 0xe0 && b <= 0xef
            ? 2
            : b >= 0xf0 && b <= 0xf4
              ? 3
              : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    }
    if (need > 0 && !isUtf8(bytes.subarray(i, i + need + 1))) return i;
    i += need + 1;
  }
  return i;
}

function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}
