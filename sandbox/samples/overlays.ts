// Soft things on the background, as small raster images that librsvg stretches over the frame:
// the meter's cast shadow with damp stains (a coarse map computed here), and surface grain (a
// noise tile used as a pattern). A large soft SVG gradient costs librsvg ~10 ms per image; an
// 80 x 60 image stretched smoothly costs about 1 ms. Both sit under the meter, so the shadow map
// needs no knowledge of where the meter covers it.
import { METER_SHAPE } from './meter-face';
import { encodeRgbaPng, pngDataUri } from './png-encode';
import { createRng } from './random';

export interface Stain {
  /** Centre and radii in scene units. */
  x: number;
  y: number;
  rx: number;
  ry: number;
  /** Relative brightness change at the centre: negative darkens (damp), positive lightens. */
  strength: number;
}

/** The meter's SVG transform: translate(cx cy) rotate skewX scale(scale, scale*squash). */
export interface MeterPlacement {
  cx: number;
  cy: number;
  scale: number;
  squash: number;
  rotateDeg: number;
  skewDeg: number;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** How dark the meter's shadow is at a point given in meter units (0..0.6). */
function shade(lx: number, ly: number, shadow: { x: number; y: number }): number {
  const { connector } = METER_SHAPE;
  const sx = lx - shadow.x;
  const sy = ly - shadow.y;
  const box = Math.max(Math.abs(sx) - connector.halfWidth, Math.abs(sy) - connector.halfHeight);
  return Math.max(
    0.6 * (1 - smoothstep(172, 240, Math.sqrt(sx * sx + sy * sy))),
    0.42 * (1 - smoothstep(22, 56, Math.abs(sy))),
    0.5 * (1 - smoothstep(-6, 30, box)),
  );
}

function stainAt(stains: readonly Stain[], u: number, v: number): number {
  let sum = 0;
  for (const s of stains) {
    const ex = (u - s.x) / s.rx;
    const ey = (v - s.y) / s.ry;
    sum += s.strength * Math.exp(-(ex * ex + ey * ey));
  }
  return sum;
}

/**
 * An <image> element darkening (black with alpha) or lightening (white with alpha) the
 * background: the cast shadow, offset from the meter in its own units, and the stains.
 */
export function shadowOverlay(
  width: number,
  height: number,
  meter: MeterPlacement,
  shadow: { x: number; y: number },
  stains: readonly Stain[],
): string {
  const cols = 80;
  const rows = 60;
  // Scene -> meter units: the inverse of the meter's transform, S^-1 K^-1 R^-1 (p - c).
  const rot = (meter.rotateDeg * Math.PI) / 180;
  const cos = Math.cos(rot);
  const sin = Math.sin(rot);
  const tanSkew = Math.tan((meter.skewDeg * Math.PI) / 180);
  const ax = (cos + tanSkew * sin) / meter.scale;
  const bx = (sin - tanSkew * cos) / meter.scale;
  const ay = -sin / (meter.scale * meter.squash);
  const by = cos / (meter.scale * meter.squash);
  const rgba = new Uint8Array(cols * rows * 4);
  for (let gy = 0; gy < rows; gy++) {
    const v = ((gy + 0.5) * height) / rows;
    for (let gx = 0; gx < cols; gx++) {
      const u = ((gx + 0.5) * width) / cols;
      const du = u - meter.cx;
      const dv = v - meter.cy;
      const dark = shade(ax * du + bx * dv, ay * du + by * dv, shadow);
      const factor = (1 - dark) * (1 + stainAt(stains, u, v));
      const i = (gy * cols + gx) * 4;
      const light = factor > 1 ? 255 : 0;
      rgba[i] = light;
      rgba[i + 1] = light;
      rgba[i + 2] = light;
      rgba[i + 3] = Math.round(Math.min(1, Math.abs(1 - factor)) * 255);
    }
  }
  const href = pngDataUri(encodeRgbaPng(cols, rows, rgba));
  return `<image width="${width}" height="${height}" preserveAspectRatio="none" href="${href}"/>`;
}

let grainTile: string | undefined;

/**
 * A pattern definition (id "grain") of fine light and dark specks for rough surfaces. Made once
 * from a fixed seed, so output stays deterministic.
 */
export function grainPattern(): string {
  if (!grainTile) {
    const size = 128;
    const rng = createRng(0x9a1e);
    const rgba = new Uint8Array(size * size * 4);
    for (let i = 0; i < size * size; i++) {
      const value = rng.next() < 0.5 ? 0 : 255;
      rgba[i * 4] = value;
      rgba[i * 4 + 1] = value;
      rgba[i * 4 + 2] = value;
      rgba[i * 4 + 3] = Math.floor(rng.next() ** 2 * 110);
    }
    const href = pngDataUri(encodeRgbaPng(size, size, rgba));
    grainTile = `<pattern id="grain" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><image width="${size}" height="${size}" href="${href}"/></pattern>`;
  }
  return grainTile;
}
