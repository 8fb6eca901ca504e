// Upload validation by real content (spec 7: "inspects real file content, not only the
// extension"). The file name and the part's Content-Type are never consulted. Each format is
// walked structurally so a truncated file is caught, not just a wrong signature.

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export type ImageCheck = { ok: true; format: ImageFormat } | { ok: false; reason: string };

const fail = (reason: string): ImageCheck => ({ ok: false, reason });

export function checkImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return fail('the file is empty');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return checkJpeg(bytes);
  if (startsWith(bytes, PNG_SIGNATURE, 0)) return checkPng(bytes);
  if (startsWith(bytes, RIFF, 0) && startsWith(bytes, WEBP, 8)) return checkWebp(bytes);
  return fail('not a JPEG, PNG or WEBP image');
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at: number): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number): number => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u32le = (b: Uint8Array, i: number): number =>
  ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16)) + (b[i + 3] ?? 0) * 0x1000000;
const ascii = (b: Uint8Array, i: number, n: number): string =>
  String.fromCharCode(...b.subarray(i, i + n));

// ---- JPEG: SOI, marker segments with consistent lengths, a frame header, scan data, EOI.

const isSof = (m: number): boolean =>
  m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isStandalone = (m: number): boolean => (m >= 0xd0 && m <= 0xd7) || m === 0x01;

function checkJpeg(b: Uint8Array): ImageCheck {
  let pos = 2;
  let sawFrame = false;
  for (;;) {
    if (pos >= b.length) return fail('truncated JPEG (no end-of-image marker)');
    if (b[pos] !== 0xff) return fail('corrupt JPEG (expected a marker)');
    while (b[pos] === 0xff) pos++;
    if (pos >= b.length) return fail('truncated JPEG (no end-of-image marker)');
    const marker = b[pos] ?? 0;
    pos++;
    if (marker === 0xd9) return fail('JPEG without image data');
    if (marker === 0xd8) return fail('corrupt JPEG (second start-of-image marker)');
    if (isStandalone(marker)) continue;
    if (pos + 2 > b.length) return fail('truncated JPEG (segment header)');
    const length = u16be(b, pos);
    if (length < 2) return fail('corrupt JPEG (segment length)');
    if (pos + length > b.length) return fail('truncated JPEG (segment)');
    if (isSof(marker)) sawFrame = true;
    pos += length;
    if (marker !== 0xda) continue;
    if (!sawFrame) return fail('corrupt JPEG (scan before frame header)');
    // Entropy-coded data: FF00 is a stuffed byte, FFD0-D7 restart markers, FF fill bytes.
    // Anything else ends the scan: EOI finishes the image, another marker starts a segment
    // (progressive JPEGs have several scans).
    let next = -1;
    while (pos < b.length - 1) {
      // Native search: scan data is most of a 20 MiB photo.
      pos = b.indexOf(0xff, pos);
      if (pos < 0 || pos >= b.length - 1) break;
      const m = b[pos + 1] ?? 0;
      if (m === 0x00 || m === 0xff || (m >= 0xd0 && m <= 0xd7)) {
        pos += m === 0xff ? 1 : 2;
        continue;
      }
      next = m;
      break;
    }
    if (next === -1) return fail('truncated JPEG (no end-of-image marker)');
    if (next === 0xd9) return { ok: true, format: 'jpeg' };
    // pos points at the FF of the next segment; the loop parses it.
  }
}

// ---- PNG: signature, IHDR first, chunks within bounds, IDAT, IEND.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function checkPng(b: Uint8Array): ImageCheck {
  let pos = 8;
  let first = true;
  let sawData = false;
  for (;;) {
    if (pos + 12 > b.length) return fail('truncated PNG (no IEND chunk)');
    const length = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return fail('corrupt PNG (chunk type)');
    if (length > 0x7fffffff || pos + 12 + length > b.length) return fail('truncated PNG (chunk)');
    if (first) {
      if (type !== 'IHDR' || length !== 13) return fail('corrupt PNG (IHDR must come first)');
      if (u32be(b, pos + 8) === 0 || u32be(b, pos + 12) === 0) return fail('PNG with no pixels');
      first = false;
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') {
      return sawData ? { ok: true, format: 'png' } : fail('PNG without image data');
    }
    pos += 12 + length;
  }
}

// ---- WEBP: RIFF size equal to the file, chunks tiling it exactly, a VP8/VP8L bitstream.

const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function checkWebp(b: Uint8Array): ImageCheck {
  if (b.length < 20) return fail('truncated WEBP');
  const riffSize = u32le(b, 4);
  if (riffSize + 8 !== b.length) return fail('corrupt WEBP (RIFF size does not match the file)');
  let pos = 12;
  let first = true;
  let sawImage = false;
  while (pos < b.length) {
    if (pos + 8 > b.length) return fail('truncated WEBP (chunk header)');
    const fourcc = ascii(b, pos, 4);
    const size = u32le(b, pos + 4);
    const end = pos + 8 + size;
    if (end > b.length) return fail('truncated WEBP (chunk)');
    if (first && fourcc !== 'VP8 ' && fourcc !== 'VP8L' && fourcc !== 'VP8X') {
      return fail('corrupt WEBP (first chunk must be VP8, VP8L or VP8X)');
    }
    first = false;
    if (fourcc === 'VP8 ') {
      // Key frame start code 9D 01 2A after the 3-byte frame tag.
      if (size < 10 || b[pos + 11] !== 0x9d || b[pos + 12] !== 0x01 || b[pos + 13] !== 0x2a) {
        return fail('corrupt WEBP (VP8 bitstream)');
      }
      sawImage = true;
    }
    if (fourcc === 'VP8L') {
      if (size < 5 || b[pos + 8] !== 0x2f) return fail('corrupt WEBP (VP8L bitstream)');
      sawImage = true;
    }
    if (fourcc === 'ANMF') sawImage = true;
    // Chunks are padded to an even size; the last pad byte may be missing in sloppy writers.
    pos = end + (size % 2);
    if (pos > b.length) pos = b.length;
  }
  return sawImage ? { ok: true, format: 'webp' } : fail('WEBP without image data');
}
