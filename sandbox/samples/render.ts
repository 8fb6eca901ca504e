// SVG scene -> pixels -> photo finish -> JPEG/PNG/WEBP with the reading marker embedded.
import sharp, { type OverlayOptions } from 'sharp';
import { stickerPng, type StickerFormat } from './code-sticker';
import { embedReadingMarker, type SampleFormat } from './marker';
import { finishPhoto } from './photo-finish';
import { createRng, deriveSeed } from './random';
import { assertMeterType, assertReading, DEFAULT_METER_TYPE } from './reading';
import { meterScene, SCENE_H, SCENE_W } from './scene';

export interface RenderMeterPhotoOptions {
  /** Shown on the wheels and embedded in the marker; matches /^[0-9]{1,7}(\.[0-9]{1,3})?$/. */
  reading: string;
  /** /^[a-z_]{1,24}$/; 'pointer' (default) draws red sub-dials, anything else only the counter. */
  meterType?: string;
  format: SampleFormat;
  /** Same seed, reading, type, format and width: byte-identical output. Default: from the reading. */
  seed?: number;
  /** Pixel width; the height is 3/4 of it. Default 640. */
  width?: number;
  /**
   * A serial sticker beside the dial (issue 25): its code's text (the meter's serial, or another
   * meter's for a swapped-meter case) and symbology. None by default.
   */
  sticker?: { readonly text: string; readonly format: StickerFormat };
}

/**
 * The sticker on the meter's housing, lower right: a fifth of the photo's width for a 2-D code,
 * more for a barcode, whose bars must stay wider than a pixel on a small photo.
 */
async function stickerLayer(
  sticker: NonNullable<RenderMeterPhotoOptions['sticker']>,
  width: number,
  height: number,
): Promise<OverlayOptions> {
  const share = sticker.format === 'Code128' ? 0.36 : 0.2;
  const input = await stickerPng(sticker.text, sticker.format, Math.round(width * share));
  const { width: w, height: h } = await sharp(input).metadata();
  return {
    input,
    left: Math.max(0, Math.round(width * 0.97) - w),
    top: Math.max(0, Math.round(height * 0.95) - h),
  };
}

export const DEFAULT_PHOTO_WIDTH = 640;

export async function renderMeterPhoto(options: RenderMeterPhotoOptions): Promise<Buffer> {
  const { reading, format } = options;
  const meterType = options.meterType ?? DEFAULT_METER_TYPE;
  assertReading(reading);
  assertMeterType(meterType);
  const width = Math.round(options.width ?? DEFAULT_PHOTO_WIDTH);
  if (!Number.isFinite(width) || width < 64 || width > 8192) {
    throw new Error(`width must be between 64 and 8192 pixels, got ${String(options.width)}`);
  }
  const height = Math.round((width * SCENE_H) / SCENE_W);
  const seed = options.seed ?? deriveSeed(0, reading, meterType);
  const rng = createRng(deriveSeed(seed, 'photo'));
  const scene = meterScene(reading, meterType, rng);
  // Rendering at the target density keeps text and edges crisp at any width. (Rendering smaller
  // and scaling up would soften the shot, but sharp re-renders vector input at the target size
  // anyway, and librsvg is slower at fractional scales.)
  const drawing = sharp(Buffer.from(scene.svg), { density: (72 * width) / SCENE_W })
    .resize(width, height, { fit: 'fill' })
    .removeAlpha();
  const pixels = await drawing.raw().toBuffer();
  finishPhoto(pixels, width, height, scene.lighting, rng);
  const layers = options.sticker ? [await stickerLayer(options.sticker, width, height)] : [];
  const photo = sharp(pixels, { raw: { width, height, channels: 3 } }).composite(layers);
  const quality = rng.int(78, 92);
  let encoded: Buffer;
  switch (format) {
    case 'jpeg':
      encoded = await photo.jpeg({ quality }).toBuffer();
      break;
    case 'png':
      encoded = await photo.png({ compressionLevel: 1 }).toBuffer();
      break;
    case 'webp':
      encoded = await photo.webp({ quality, effort: 0 }).toBuffer();
      break;
  }
  return embedReadingMarker(encoded, format, reading, meterType);
}
