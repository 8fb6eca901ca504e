// Measures a photo for the quality check: one decode to a grey copy of about 1,000 px (sharp
// shrinks JPEGs while decoding, so a 12-megapixel photo is never held whole), then the histogram
// shares and the variance of the Laplacian in one pass over those pixels.
import type { PhotoMeasures } from '../../common/photo-checks';
import { openPhoto } from './decode';

/** The long side of the copy the check measures: where the blur threshold is meant to hold. */
export const MEASURE_SIDE = 1000;

const DARK_BELOW = 32;
const BRIGHT_ABOVE = 245;

/** Greyscale pixels, one byte each, row after row. */
export interface GreyImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Histogram shares and the variance of the 4-neighbour Laplacian of a greyscale image. */
export function measureGrey(img: GreyImage, shortSide: number): PhotoMeasures {
  const { data, width, height } = img;
  let dark = 0;
  let bright = 0;
  let total = 0;
  for (const v of data) {
    if (v < DARK_BELOW) dark++;
    else if (v > BRIGHT_ABOVE) bright++;
    total += v;
  }
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const lap =
        (data[i - 1] ?? 0) +
        (data[i + 1] ?? 0) +
        (data[i - width] ?? 0) +
        (data[i + width] ?? 0) -
        4 * (data[i] ?? 0);
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const pixels = Math.max(1, data.length);
  const mean = n > 0 ? sum / n : 0;
  return {
    shortSide,
    darkShare: dark / pixels,
    brightShare: bright / pixels,
    meanLevel: total / pixels,
    sharpness: n > 0 ? sumSq / n - mean * mean : 0,
  };
}

/** Decodes the photo at `path` to its reduced greyscale copy and measures it. */
export async function measurePhoto(path: string): Promise<PhotoMeasures> {
  const image = await openPhoto(path);
  // The header only: the one decode is below.
  const meta = await image.metadata();
  const shortSide = Math.min(meta.width, meta.height);
  const reduced = image.resize(MEASURE_SIDE, MEASURE_SIDE, {
    fit: 'inside',
    withoutEnlargement: true,
  });
  // The green channel stands for the grey level: it carries most of the luminance, and taking it
  // costs half of a colour conversion (40 against 75 ms on a 12-megapixel JPEG).
  const grey = meta.channels >= 3 ? reduced.extractChannel(1) : reduced.greyscale();
  const { data, info } = await grey.raw().toBuffer({ resolveWithObject: true });
  return measureGrey({ data, width: info.width, height: info.height }, shortSide);
}
