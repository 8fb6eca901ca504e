// The EXIF block of a JPEG without reading the image: markers are walked from the start of the
// file and only their 4-byte headers and the APP1 "Exif" segment are read, so a 20 MB photo
// costs a few kilobytes. The walk stops at the first scan (SOS), where image data begins.
import type { NoExifReason } from '../../common/billing/read-date-notes';

/** The part of a FileHandle this needs (tests count the bytes through it). */
export interface PositionalReader {
  read(
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }>;
}

export type ExifSegment =
  { kind: 'found'; exif: Buffer } | { kind: 'none'; why: NoExifReason } | { kind: 'not_jpeg' };

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
/** Headers beyond this are not a camera's: stop rather than walk a hostile file. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;
const MAX_SEGMENTS = 256;

export async function readExifSegment(file: PositionalReader): Promise<ExifSegment> {
  const head = await readAt(file, 0, 2);
  if (head.length < 2 || head[0] !== 0xff || head[1] !== SOI) return { kind: 'not_jpeg' };
  let position = 2;
  for (let n = 0; n < MAX_SEGMENTS && position < MAX_HEADER_BYTES; n++) {
    const header = await readAt(file, position, 4);
    if (header.length < 4) return { kind: 'none', why: 'endsInHeaders' };
    if (header[0] !== 0xff) return { kind: 'none', why: 'damagedHeaders' };
    const marker = header[1] ?? 0;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === SOS || marker === EOI) return { kind: 'none', why: 'noExifBlock' };
    const length = header.readUInt16BE(2);
    if (length < 2) return { kind: 'none', why: 'damagedHeaders' };
    if (marker === APP1 && length >= 2 + EXIF_HEADER.length) {
      const body = await readAt(file, position + 4, length - 2);
      if (body.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER))
        return { kind: 'found', exif: body };
    }
    position += 2 + length;
  }
  return { kind: 'none', why: 'notInFirstHeaders' };
}

async function readAt(file: PositionalReader, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
