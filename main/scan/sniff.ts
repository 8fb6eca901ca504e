// What a file is, judged by its first bytes (never by its name): the service validates real
// content too (spec 7, 415), so a PNG called .jpg is fine and a text file called .jpg is not.
import { jobMessage, type JobMessage } from '../../common/job-messages';
import { ACCEPTED_FORMATS } from '../../common/job';

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type SniffResult = ImageFormat | { unsupported: string };

/** How many leading bytes sniffImageFormat wants (less is fine for short files). */
export const SNIFF_BYTES = 512;

const ACCEPTED_LIST = `${ACCEPTED_FORMATS.slice(0, -1).join(', ')} or ${ACCEPTED_FORMATS.at(-1) ?? ''}`;

function ascii(head: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...head.subarray(start, end));
}

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((b, i) => head[at + i] === b);
}

/** ISO base media files (HEIC, AVIF, MP4, MOV, CR3) start with an 'ftyp' box naming brands. */
function isoMedia(head: Uint8Array): string | null {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return null;
  const boxSize =
    ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= Math.min(head.length, boxSize); at += 4)
    brands.push(ascii(head, at, at + 4));
  const has = (...names: string[]): boolean => brands.some((b) => names.includes(b));
  if (has('avif', 'avis')) return 'AVIF';
  if (has('heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs')) return 'HEIC';
  if (has('mif1', 'msf1')) return 'HEIF';
  if (has('crx ')) return 'Canon CR3 RAW';
  if (has('qt  ')) return 'QuickTime video';
  return 'MP4 video';
}

/** Plausible text: valid UTF-8 (or a UTF-16 BOM) without control characters. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  for (const byte of head) {
    const control = byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d;
    if (control || byte === 0x7f) return false;
  }
  try {
    // stream: true tolerates a multi-byte character cut off at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** JPEG, PNG or WEBP by magic bytes; anything else is named as well as the bytes allow. */
export function sniffImageFormat(head: Uint8Array): SniffResult {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return 'webp';
  const iso = isoMedia(head);
  if (iso) return { unsupported: iso };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
    return { unsupported: 'GIF' };
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { unsupported: ascii(head, 8, 10) === 'CR' ? 'Canon CR2 RAW' : 'TIFF' };
  }
  if (startsWith(head, [0x49, 0x49, 0x2b, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2b])) {
    return { unsupported: 'TIFF' };
  }
  if (
    ascii(head, 0, 2) === 'BM' &&
    head.length >= 18 &&
    [12, 40, 52, 56, 108, 124].includes(head[14] ?? 0)
  ) {
    return { unsupported: 'BMP' };
  }
  if (ascii(head, 0, 5) === '%PDF-') return { unsupported: 'PDF' };
  if (ascii(head, 0, 4) === '8BPS') return { unsupported: 'Photoshop (PSD)' };
  if (startsWith(head, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20]))
    return { unsupported: 'JPEG 2000' };
  if (
    startsWith(head, [0xff, 0x0a]) ||
    startsWith(head, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20])
  ) {
    return { unsupported: 'JPEG XL' };
  }
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00])) return { unsupported: 'ICO' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { unsupported: 'ZIP archive' };
  if (ascii(head, 0, 4) === 'RIFF')
    return { unsupported: ascii(head, 8, 12) === 'AVI ' ? 'AVI video' : 'RIFF' };
  if (looksLikeText(head)) {
    return { unsupported: /<svg[\s>]/i.test(ascii(head, 0, head.length)) ? 'SVG' : 'text' };
  }
  return { unsupported: 'unknown' };
}

/** A user-facing reason for an unsupported file, naming what it is and what is accepted. */
export function unsupportedReason(what: string): JobMessage {
  const accepted = ACCEPTED_LIST;
  if (what === 'text') return jobMessage('textFile', { accepted });
  if (what === 'unknown') return jobMessage('unknownFormat', { accepted });
  if (/ video$/.test(what)) {
    return jobMessage('videoRefused', { format: what.slice(0, -' video'.length), accepted });
  }
  if (what === 'PDF' || what === 'ZIP archive' || what === 'RIFF') {
    return jobMessage('fileTypeRefused', { format: what, accepted });
  }
  return jobMessage('imageTypeRefused', { format: what, accepted });
}

/** What the service calls each accepted format, for messages. */
export function formatLabel(format: ImageFormat): string {
  return format.toUpperCase();
}
