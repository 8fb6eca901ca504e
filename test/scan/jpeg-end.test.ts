// Telling a complete JPEG from one cut short, cheaply when it ends in EOI and by its structure
// when something follows the image (motion photos, padding).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JpegEndFinder, tailHasEoi } from '../../main/scan/jpeg-end';

async function photo(): Promise<Buffer> {
  // Noise makes real entropy-coded data, with FF00 stuffing and a few hundred KB of scan.
  return sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 92, progressive: false })
    .toBuffer();
}

function walk(data: Uint8Array, chunkSize: number): JpegEndFinder {
  const finder = new JpegEndFinder();
  for (let at = 0; at < data.length; at += chunkSize) {
    finder.push(data.subarray(at, at + chunkSize));
  }
  return finder;
}

describe('tailHasEoi', () => {
  it('sees EOI at the end, also behind zero padding or a line break', () => {
    expect(tailHasEoi(Buffer.from([1, 2, 0xff, 0xd9]))).toBe(true);
    expect(tailHasEoi(Buffer.from([1, 0xff, 0xd9, 0, 0, 0]))).toBe(true);
    expect(tailHasEoi(Buffer.from([1, 0xff, 0xd9, 0x0d, 0x0a]))).toBe(true);
    expect(tailHasEoi(Buffer.from([1, 0xff, 0xd9, 0x42]))).toBe(false);
    expect(tailHasEoi(Buffer.from([0xd9]))).toBe(false);
    expect(tailHasEoi(Buffer.from([]))).toBe(false);
  });
});

describe('JpegEndFinder', () => {
  it('finds the end of a complete JPEG, whatever the chunking', async () => {
    const jpeg = await photo();
    for (const size of [1, 7, 4096, jpeg.length]) {
      expect(walk(jpeg, size).complete, `chunks of ${size}`).toBe(true);
    }
  });

  it('finds it for a progressive JPEG (several scans with tables between)', async () => {
    const jpeg = await sharp(await photo())
      .jpeg({ progressive: true })
      .toBuffer();
    expect(walk(jpeg, 1000).complete).toBe(true);
  });

  it('accepts data appended after the image, as motion photos have', async () => {
    const jpeg = Buffer.concat([
      await photo(),
      Buffer.from('....ftypmp42'),
      Buffer.alloc(100_000, 7),
    ]);
    expect(tailHasEoi(jpeg.subarray(-64))).toBe(false);
    expect(walk(jpeg, 65536).complete).toBe(true);
  });

  it('finds no end in a JPEG cut short anywhere', async () => {
    const jpeg = await photo();
    for (const fraction of [0.001, 0.05, 0.5, 0.99]) {
      const cut = jpeg.subarray(0, Math.floor(jpeg.length * fraction));
      expect(walk(cut, 4096).complete, `cut at ${fraction}`).toBe(false);
    }
    expect(walk(jpeg.subarray(0, jpeg.length - 1), 4096).complete).toBe(false);
  });

  it('does not count an EOI inside a segment (an EXIF thumbnail) as the end', async () => {
    const jpeg = await photo();
    // APP1 carrying a tiny embedded JPEG (thumbnail) with its own FF D9, inserted after SOI.
    const thumbnail = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const app1 = Buffer.concat([
      Buffer.from([0xff, 0xe1, 0, 2 + 6 + 4]),
      Buffer.from('Exif\0\0'),
      thumbnail,
    ]);
    const withThumb = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(walk(withThumb, 4096).complete).toBe(true);
    // Cut right after the thumbnail: the tail even ends in FF D9, the structure does not.
    const cut = withThumb.subarray(0, 2 + app1.length);
    expect(tailHasEoi(cut)).toBe(true);
    expect(walk(cut, 4096).complete).toBe(false);
  });

  it('calls garbage damaged', () => {
    const finder = walk(Buffer.from('this is not a jpeg at all'), 8);
    expect(finder.complete).toBe(false);
    expect(finder.damaged).toBe(true);
  });
});
