// The reading marker that stands in for real OCR: each sample carries its true reading as ASCII
// in a metadata block of its own format, where decoders ignore it and the sandbox can find it.
import { assertMeterType, assertReading } from './reading';

export type SampleFormat = 'jpeg' | 'png' | 'webp';

export const MARKER_PREFIX = 'METERDESK:';
const MARKER_PATTERN = /METERDESK:reading=([0-9]{1,7}(?:\.[0-9]{1,3})?);meter_type=([a-z_]{1,24});/;

export function readingMarker(reading: string, meterType: string): string {
  assertReading(reading);
  assertMeterType(meterType);
  return `${MARKER_PREFIX}reading=${reading};meter_type=${meterType};`;
}

/** Finds the first marker anywhere in the bytes (the sandbox does not need to parse containers). */
export function extractReadingMarker(
  buf: Uint8Array,
): { reading: string; meterType: string } | null {
  const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('latin1');
  const match = MARKER_PATTERN.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { reading: match[1], meterType: match[2] };
}

/**
 * Returns a copy of `buf` with the marker inserted:
 * JPEG: a COM segment right after SOI; PNG: a tEXt chunk ("Comment") right after IHDR;
 * WEBP: an extra RIFF chunk "MDSK" at the end, with the RIFF size updated (decoders skip
 * unknown chunks).
 */
export function embedReadingMarker(
  buf: Buffer,
  format: SampleFormat,
  reading: string,
  meterType: string,
): Buffer {
  const marker = Buffer.from(readingMarker(reading, meterType), 'latin1');
  return embedMarkerBytes(buf, format, marker);
}

/**
 * The marker of a photo no service could read (blurred, dark, blown out, tiny): the sandbox
 * fails its task as a real service would, and charges nothing.
 */
export const UNREADABLE_MARKER = `${MARKER_PREFIX}unreadable=`;

export function embedUnreadableMarker(buf: Buffer, format: SampleFormat, why: string): Buffer {
  if (!/^[a-z_]{1,24}$/.test(why)) throw new Error(`unreadable reason must be a-z_: ${why}`);
  const marker = Buffer.from(`${UNREADABLE_MARKER}${why};`, 'latin1');
  return embedMarkerBytes(buf, format, marker);
}

function embedMarkerBytes(buf: Buffer, format: SampleFormat, marker: Buffer): Buffer {
  switch (format) {
    case 'jpeg':
      return embedInJpeg(buf, marker);
    case 'png':
      return embedInPng(buf, marker);
    case 'webp':
      return embedInWebp(buf, marker);
  }
}

function embedInJpeg(buf: Buffer, marker: Buffer): Buffer {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) throw new Error('Not a JPEG (no SOI)');
  const segment = Buffer.alloc(4 + marker.length);
  segment[0] = 0xff;
  segment[1] = 0xfe; // COM
  segment.writeUInt16BE(2 + marker.length, 2); // the length counts itself, not the marker bytes
  marker.copy(segment, 4);
  return Buffer.concat([buf.subarray(0, 2), segment, buf.subarray(2)]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function embedInPng(buf: Buffer, marker: Buffer): Buffer {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('Not a PNG (bad signature)');
  if (buf.toString('latin1', 12, 16) !== 'IHDR') throw new Error('Not a PNG (IHDR is not first)');
  const afterIhdr = 8 + 12 + buf.readUInt32BE(8);
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), marker]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([buf.subarray(0, afterIhdr), chunk, buf.subarray(afterIhdr)]);
}

function embedInWebp(buf: Buffer, marker: Buffer): Buffer {
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('Not a WEBP (no RIFF/WEBP header)');
  }
  // RIFF chunks are padded to an even size; the pad byte is not counted in the chunk size.
  const riffEnd = Math.min(buf.length, 8 + buf.readUInt32LE(4));
  const body = buf.subarray(0, riffEnd);
  const padBefore = body.length % 2;
  const padAfter = marker.length % 2;
  const chunk = Buffer.alloc(padBefore + 8 + marker.length + padAfter);
  chunk.write('MDSK', padBefore, 'latin1');
  chunk.writeUInt32LE(marker.length, padBefore + 4);
  marker.copy(chunk, padBefore + 8);
  const out = Buffer.concat([body, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO-HDLC), as PNG chunks use. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
