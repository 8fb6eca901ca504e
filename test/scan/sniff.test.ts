// Content sniffing: only the bytes count, and rejects say what the file is and what is accepted.
import { describe, expect, it } from 'vitest';
import { sniffImageFormat, unsupportedReason } from '../../main/scan';
import { image } from './helpers/fixtures';
import { jobText } from '../../common/job-messages';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(64)]);
}

describe('sniffImageFormat', () => {
  it('recognises real JPEG, PNG and WEBP images', async () => {
    expect(sniffImageFormat(await image('jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await image('png'))).toBe('png');
    expect(sniffImageFormat(await image('webp'))).toBe('webp');
  });

  it.each([
    ['HEIC', ftyp('heic', 'mif1', 'heic')],
    ['HEIC', ftyp('mif1', 'mif1', 'heic')],
    ['HEIF', ftyp('mif1', 'mif1')],
    ['AVIF', ftyp('avif', 'mif1', 'avif')],
    ['MP4 video', ftyp('isom', 'mp41')],
    ['QuickTime video', ftyp('qt  ')],
    ['TIFF', bytes('II*\0', [8, 0, 0, 0])],
    ['TIFF', bytes('MM\0*', [0, 0, 0, 8])],
    ['Canon CR2 RAW', bytes('II*\0', [16, 0, 0, 0], 'CR', [2, 0])],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0])],
    ['PDF', bytes('%PDF-1.7\n')],
    ['BMP', bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0])],
    ['ZIP archive', bytes([0x50, 0x4b, 0x03, 0x04], [20, 0])],
    ['SVG', bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">')],
    ['text', bytes('Flat 3: 01234.567\r\nFlat 4: 00012.001\n')],
    ['text', Buffer.from('Zählerstand 1234 m³ – “ok” ✓', 'utf8')],
    ['unknown', bytes([0x00, 0x01, 0x02, 0x03, 0xfe, 0x99, 0x00, 0x42])],
    ['unknown', bytes([])],
  ])('names %s', (label, head) => {
    expect(sniffImageFormat(head)).toEqual({ unsupported: label });
  });

  it('calls text with a multi-byte character cut at the end of the sample text', () => {
    const text = Buffer.from('Zähler ✓', 'utf8');
    expect(sniffImageFormat(text.subarray(0, text.length - 1))).toEqual({ unsupported: 'text' });
  });

  it('does not take a JPEG-looking start of 2 bytes for a JPEG', () => {
    expect(sniffImageFormat(bytes([0xff, 0xd8]))).toEqual({ unsupported: 'unknown' });
  });
});

/** The reason in English, as the log and the CSV say it. */
const said = (what: string): string => jobText(unsupportedReason(what));

describe('unsupportedReason', () => {
  it('names the format and the accepted ones', () => {
    expect(said('HEIC')).toBe('HEIC images are not accepted; use JPEG, PNG or WEBP');
    expect(said('TIFF')).toBe('TIFF images are not accepted; use JPEG, PNG or WEBP');
    expect(said('PDF')).toBe('PDF files are not accepted; use JPEG, PNG or WEBP');
    expect(said('MP4 video')).toBe('MP4 videos are not accepted; use JPEG, PNG or WEBP');
    expect(said('text')).toMatch(/text file, not an image; use JPEG, PNG or WEBP$/);
    expect(said('unknown')).toMatch(/Not a recognised image .*JPEG, PNG or WEBP$/);
  });
});
