// A phone photo of a meter's serial sticker as the photo-check bench and tests need it (issue 34):
// the sticker turned by a given angle on a wall, at a given size, optionally blurred or washed out,
// so the reader is tried on what a clerk still reads.
import sharp from 'sharp';
import { stickerPng, type StickerFormat } from '../../sandbox/samples/code-sticker';

export interface StickerPhotoOptions {
  readonly text: string;
  readonly format: StickerFormat;
  /** The photo's size in pixels. */
  readonly width: number;
  readonly height: number;
  /** The sticker's width as a share of the photo's. */
  readonly share: number;
  /** Degrees the sticker is turned (clockwise). */
  readonly angle: number;
  /** Where the sticker's centre is, as shares of the photo's sides. */
  readonly at?: { readonly x: number; readonly y: number };
  readonly wall?: string;
  /** A Gaussian blur of this sigma over the whole photo (pixels). */
  readonly blur?: number;
}

export async function stickerPhoto(o: StickerPhotoOptions): Promise<Buffer> {
  const wall = o.wall ?? '#8a8f94';
  const sticker = await stickerPng(o.text, o.format, Math.round(o.width * o.share));
  const turned = await sharp(sticker)
    .rotate(o.angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const at = o.at ?? { x: 0.6, y: 0.55 };
  const left = Math.max(0, Math.round(o.width * at.x - turned.info.width / 2));
  const top = Math.max(0, Math.round(o.height * at.y - turned.info.height / 2));
  let photo = sharp({ create: { width: o.width, height: o.height, channels: 3, background: wall } })
    .composite([{ input: turned.data, left, top }])
    .flatten({ background: wall });
  if (o.blur) photo = sharp(await photo.png().toBuffer()).blur(o.blur);
  return photo.jpeg({ quality: 88 }).toBuffer();
}
