// Measures a photo for the quality check: one decode to a grey copy of about 1,000 px (sharp
// shrinks JPEGs while decoding, so a 12-megapixel photo is never held whole), then the histogram
// shares, and the Laplacian and gradients per tile, in one pass over those pixels.
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

/** Tiles of this many pixels (of the 1,000 px copy) are ranked by their detail. */
const TILE = 40;
/** The share of tiles judged: the digits' window and the dial's print, not the wall around. */
const DETAIL_SHARE = 0.05;
const MIN_DETAIL_TILES = 4;

interface Tile {
  lap: number;
  grad: number;
  n: number;
  readonly x: number;
  readonly y: number;
}

/** The grey levels' spread (5th to 95th percentile) over the given tiles' pixels. */
function contrastOf(img: GreyImage, tiles: readonly Tile[]): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (const t of tiles) {
    for (let y = t.y; y < Math.min(img.height, t.y + TILE); y++) {
      for (let x = t.x; x < Math.min(img.width, t.x + TILE); x++) {
        const v = img.data[y * img.width + x] ?? 0;
        hist[v] = (hist[v] ?? 0) + 1;
        n++;
      }
    }
  }
  const level = (share: number): number => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[v] ?? 0;
      if (seen >= share * n) return v;
    }
    return 255;
  };
  return n > 0 ? level(0.95) - level(0.05) : 0;
}

/**
 * Histogram shares over the whole photo; sharpness and contrast where the photo has its detail.
 * The variance of the Laplacian over a whole photo says as much about how much wall it shows as
 * about blur (a slightly blurred dial on a plain wall scored 39-89 against 100, issue 34); over
 * the most detailed twentieth of it (the digits' window, the dial's print, a sticker) it says how
 * sharp what matters is. The dial's contrast there tells a washed-out photo, whose near-white
 * share can stay low.
 */
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
  const cols = Math.max(1, Math.ceil(width / TILE));
  const rows = Math.max(1, Math.ceil(height / TILE));
  const tiles: Tile[] = [];
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++)
      tiles.push({ lap: 0, grad: 0, n: 0, x: tx * TILE, y: ty * TILE });
  }
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    const tileRow = Math.floor(y / TILE) * cols;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const c = data[i] ?? 0;
      const l = data[i - 1] ?? 0;
      const r = data[i + 1] ?? 0;
      const u = data[i - width] ?? 0;
      const d = data[i + width] ?? 0;
      const lap = l + r + u + d - 4 * c;
      const tile = tiles[tileRow + Math.floor(x / TILE)];
      if (!tile) continue;
      tile.lap += lap * lap;
      tile.grad += (r - l) * (r - l) + (d - u) * (d - u);
      tile.n++;
    }
  }
  const ranked = tiles.filter((t) => t.n > 0).sort((a, b) => b.grad / b.n - a.grad / a.n);
  const detail = ranked.slice(
    0,
    Math.max(MIN_DETAIL_TILES, Math.round(ranked.length * DETAIL_SHARE)),
  );
  let lap = 0;
  let n = 0;
  for (const t of detail) {
    lap += t.lap;
    n += t.n;
  }
  const pixels = Math.max(1, data.length);
  return {
    shortSide,
    darkShare: dark / pixels,
    brightShare: bright / pixels,
    meanLevel: total / pixels,
    sharpness: n > 0 ? lap / n : 0,
    contrast: contrastOf(img, detail),
    basis: 'detail',
  };
}

/** Decodes the photo at `path` to its reduced greyscale copy and measures it. */
export async function measurePhoto(path: string): Promise<PhotoMeasures> {
  const image = await openPhoto(path);
  // The header only: the one decode is below.
  const meta = await image.metadata();
  const shortSide = Math.min(meta.width, meta.height);
  // A smaller photo is enlarged to the same size: blur is judged against the photo's own scale
  // (a digit's height is a share of it), not in pixels, which a small photo has fewer of.
  const reduced = image.resize(MEASURE_SIDE, MEASURE_SIDE, { fit: 'inside' });
  // The green channel stands for the grey level: it carries most of the luminance, and taking it
  // costs half of a colour conversion (40 against 75 ms on a 12-megapixel JPEG).
  const grey = meta.channels >= 3 ? reduced.extractChannel(1) : reduced.greyscale();
  const { data, info } = await grey.raw().toBuffer({ resolveWithObject: true });
  return measureGrey({ data, width: info.width, height: info.height }, shortSide);
}
