// JPEGs with the EXIF blocks cameras write, made in the test: a tiny image from sharp (which
// writes none) and a hand-built APP1 segment with DateTimeOriginal and OffsetTimeOriginal.
import sharp from 'sharp';

export interface ExifFields {
  dateTimeOriginal?: string;
  offsetTimeOriginal?: string;
  bigEndian?: boolean;
}

export async function plainJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#446688' } })
    .jpeg()
    .toBuffer();
}

/** `jpeg` with `segments` inserted right after its SOI marker. */
export function withSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

export function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An APP1 "Exif" segment: IFD0 pointing to an Exif IFD with the given ASCII tags. */
export function exifSegment(fields: ExifFields): Buffer {
  const be = fields.bigEndian ?? false;
  const tags: [number, string][] = [];
  if (fields.dateTimeOriginal !== undefined) tags.push([0x9003, fields.dateTimeOriginal]);
  if (fields.offsetTimeOriginal !== undefined) tags.push([0x9011, fields.offsetTimeOriginal]);
  const ifd0At = 8;
  const exifAt = ifd0At + 2 + 12 + 4;
  let dataAt = exifAt + 2 + tags.length * 12 + 4;
  const tiff = Buffer.alloc(dataAt + tags.reduce((n, [, v]) => n + v.length + 1, 0));
  const u16 = (v: number, at: number) =>
    be ? tiff.writeUInt16BE(v, at) : tiff.writeUInt16LE(v, at);
  const u32 = (v: number, at: number) =>
    be ? tiff.writeUInt32BE(v, at) : tiff.writeUInt32LE(v, at);
  tiff.write(be ? 'MM' : 'II', 0, 'latin1');
  u16(42, 2);
  u32(ifd0At, 4);
  u16(1, ifd0At);
  u16(0x8769, ifd0At + 2); // ExifIFDPointer
  u16(4, ifd0At + 4); // LONG
  u32(1, ifd0At + 6);
  u32(exifAt, ifd0At + 10);
  u32(0, ifd0At + 14);
  u16(tags.length, exifAt);
  tags.forEach(([tag, value], i) => {
    const entry = exifAt + 2 + i * 12;
    const bytes = value.length + 1;
    u16(tag, entry);
    u16(2, entry + 2); // ASCII
    u32(bytes, entry + 4);
    if (bytes <= 4) {
      tiff.write(value, entry + 8, 'latin1');
    } else {
      u32(dataAt, entry + 8);
      tiff.write(value, dataAt, 'latin1');
      dataAt += bytes;
    }
  });
  u32(0, exifAt + 2 + tags.length * 12);
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}
