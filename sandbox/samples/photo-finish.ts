// The camera's share of the look, painted on raw pixels in one pass: uneven light (falloff
// across the frame, a flash hot spot, vignette), a white-balance cast and sensor noise.
import { createRng, type Rng } from './random';

export interface Lighting {
  /** Flash hot spot, in 0..1 of the frame. */
  flashX: number;
  flashY: number;
}

const MAP_W = 32;
const MAP_H = 24;
const NOISE_SIZE = 1 << 16;
const NOISE_MASK = NOISE_SIZE - 1;
let noiseTable: Float64Array | undefined;

/**
 * Unit-variance noise made once from a fixed seed, so output stays deterministic; each image
 * reads it from its own random offset per row, so no pattern repeats visibly.
 */
function noise(): Float64Array {
  if (!noiseTable) {
    const rng = createRng(0x5eed);
    noiseTable = new Float64Array(NOISE_SIZE);
    // The sum of three uniforms is close to Gaussian (variance 1/4, so times 2).
    for (let i = 0; i < NOISE_SIZE; i++) {
      noiseTable[i] = (rng.next() + rng.next() + rng.next() - 1.5) * 2;
    }
  }
  return noiseTable;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Light falling off across the frame, a flash spot and a vignette, as a coarse multiplier. */
function lightMap({ flashX, flashY }: Lighting, rng: Rng): Float64Array {
  const angle = rng.range(0, 2 * Math.PI);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const falloff = rng.range(0.12, 0.3);
  const flash = rng.range(0.12, 0.3);
  const spread = rng.range(0.25, 0.45);
  const vignette = rng.range(0.35, 0.6);
  const map = new Float64Array(MAP_W * MAP_H);
  for (let my = 0; my < MAP_H; my++) {
    for (let mx = 0; mx < MAP_W; mx++) {
      const u = mx / (MAP_W - 1);
      const v = my / (MAP_H - 1);
      const across = (u - 0.5) * dx + (v - 0.5) * dy;
      const fx = (u - flashX) * 1.33;
      const fy = v - flashY;
      const spot = flash * Math.exp(-(fx * fx + fy * fy) / (2 * spread * spread));
      const r = Math.sqrt((u - 0.5) * (u - 0.5) * 1.77 + (v - 0.5) * (v - 0.5)) / 0.83;
      map[my * MAP_W + mx] =
        (1 - falloff * across) * (1 - vignette * smoothstep(0.45, 1, r)) * (0.92 + spot);
    }
  }
  return map;
}

/** Finishes 8-bit interleaved RGB pixels in place. */
export function finishPhoto(
  rgb: Buffer,
  width: number,
  height: number,
  lighting: Lighting,
  rng: Rng,
): void {
  if (rgb.length !== width * height * 3) throw new Error('finishPhoto expects raw 3-channel RGB');
  const map = lightMap(lighting, rng);
  const warmth = rng.range(-0.05, 0.08);
  const gainR = 1 + warmth;
  const gainG = 1 + warmth * 0.15;
  const gainB = 1 - warmth;
  const amount = rng.range(2.5, 5.5);
  const tintAmount = amount * 0.3;
  const table = noise();

  // Bilinear weights along x are the same for every row.
  const x0s = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = (x / Math.max(1, width - 1)) * (MAP_W - 1);
    const x0 = Math.min(MAP_W - 2, Math.floor(fx));
    x0s[x] = x0;
    txs[x] = fx - x0;
  }
  const column = new Float64Array(MAP_W);
  const row = new Float64Array(width);
  const px = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  for (let y = 0; y < height; y++) {
    const fy = (y / Math.max(1, height - 1)) * (MAP_H - 1);
    const y0 = Math.min(MAP_H - 2, Math.floor(fy));
    const ty = fy - y0;
    for (let mx = 0; mx < MAP_W; mx++) {
      const a = map[y0 * MAP_W + mx] ?? 1;
      column[mx] = a + ((map[(y0 + 1) * MAP_W + mx] ?? 1) - a) * ty;
    }
    for (let x = 0; x < width; x++) {
      const x0 = x0s[x] ?? 0;
      const a = column[x0] ?? 1;
      row[x] = a + ((column[x0 + 1] ?? 1) - a) * (txs[x] ?? 0);
    }
    const lumaAt = rng.int(0, NOISE_MASK);
    const tintAt = rng.int(0, NOISE_MASK);
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      const light = row[x] ?? 1;
      const luma = (table[(lumaAt + x) & NOISE_MASK] ?? 0) * amount;
      const tint = (table[(tintAt + x) & NOISE_MASK] ?? 0) * tintAmount;
      px[i] = (px[i] ?? 0) * light * gainR + luma + tint;
      px[i + 1] = (px[i + 1] ?? 0) * light * gainG + luma;
      px[i + 2] = (px[i + 2] ?? 0) * light * gainB + luma - tint;
    }
  }
}
