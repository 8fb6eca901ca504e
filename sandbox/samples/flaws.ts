// Photos a meter reader should have taken again: blurred, too dark, blown out, or so small the
// digits are a few pixels high. Made from a good photo's pixels, so the meter is the same, and
// marked unreadable: the sandbox fails their tasks (as a real service would) and charges nothing.
import sharp, { type Sharp } from 'sharp';
import { embedUnreadableMarker, type SampleFormat } from './marker';

export const PHOTO_FLAWS = ['blurred', 'dark', 'overexposed', 'tiny'] as const;
export type PhotoFlaw = (typeof PHOTO_FLAWS)[number];

/** The short side of a tiny photo: well below the 320 px a reading needs. */
export const TINY_SHORT_SIDE = 180;

/** A flawed copy of an encoded photo, in the same format, carrying the unreadable marker. */
export async function flawPhoto(
  photo: Buffer,
  format: SampleFormat,
  flaw: PhotoFlaw,
): Promise<Buffer> {
  const image = sharp(photo);
  const { width } = await image.metadata();
  let changed: Sharp;
  switch (flaw) {
    case 'blurred':
      // A shaken hand or a missed focus: about 1 % of the width.
      changed = image.blur(Math.max(2, width / 110));
      break;
    case 'dark':
      changed = image.linear(0.12, 0);
      break;
    case 'overexposed':
      changed = image.linear(3.4, 90);
      break;
    case 'tiny':
      changed = image.resize({ height: TINY_SHORT_SIDE });
      break;
  }
  let encoded: Buffer;
  switch (format) {
    case 'jpeg':
      encoded = await changed.jpeg({ quality: 85 }).toBuffer();
      break;
    case 'png':
      encoded = await changed.png({ compressionLevel: 1 }).toBuffer();
      break;
    case 'webp':
      encoded = await changed.webp({ quality: 85, effort: 0 }).toBuffer();
      break;
  }
  return embedUnreadableMarker(encoded, format, flaw);
}
