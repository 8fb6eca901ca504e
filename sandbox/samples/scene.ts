// The photo around the meter: a concrete meter pit, a soil pit or a basement wall, with a slight
// camera tilt and perspective, the meter's soft shadow, stains and surface grain (overlays.ts).
// Light falloff, flash and noise are the camera's and come later, on pixels (photo-finish.ts).
import { drawMeter } from './meter-face';
import { grainPattern, shadowOverlay, type Stain } from './overlays';
import type { Lighting } from './photo-finish';
import type { Rng } from './random';
import { n } from './svg';

/** Scene units; the SVG is scaled to the requested pixel size (4:3). */
export const SCENE_W = 640;
export const SCENE_H = 480;

const BACKGROUNDS = {
  concrete: { base: '#8a867d', stone: ['#77736b', '#66625a', '#837b6e'], grain: 9 },
  soil: { base: '#5a4530', stone: ['#6f675c', '#5d554b', '#7b6f60', '#4e4032'], grain: 12 },
  wall: { base: '#c6bead', stone: [], grain: 5 },
} as const;

type BackgroundKind = keyof typeof BACKGROUNDS;

export interface MeterScene {
  svg: string;
  lighting: Lighting;
}

export function meterScene(reading: string, meterType: string, rng: Rng): MeterScene {
  const kind = rng.pick(['concrete', 'soil', 'wall'] as const);
  const bg = BACKGROUNDS[kind];

  const cx = SCENE_W / 2 + rng.range(-28, 28);
  const cy = SCENE_H / 2 + rng.range(-18, 18);
  const scale = rng.range(0.74, 0.9);
  const rotate = rng.range(-11, 11);
  // Affine stand-ins for perspective: a little skew and a vertical squash.
  const skew = rng.range(-6, 6);
  const squash = rng.range(0.88, 1);
  const meterTransform = `translate(${n(cx)} ${n(cy)}) rotate(${n(rotate)}) skewX(${n(skew)}) scale(${n(scale)} ${n(scale * squash)})`;

  // The flash sits near the middle; the shadow falls away from it, down and to one side.
  const flashX = rng.range(0.3, 0.7);
  const flashY = rng.range(0.25, 0.6);
  const shadow = {
    x: (0.5 - flashX) * 50 + rng.range(8, 16),
    y: (0.5 - flashY) * 40 + rng.range(12, 22),
  };

  const meterPlacement = { cx, cy, scale, squash, rotateDeg: rotate, skewDeg: skew };
  const stainList = stains(rng);
  const grain = bg.grain * rng.range(0.8, 1.2);
  const parts: string[] = [
    `<rect width="${SCENE_W}" height="${SCENE_H}" fill="${bg.base}"/>`,
    `<rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#grain)" fill-opacity="${n(Math.min(1, grain / 10))}"/>`,
    ...surface(kind, rng),
    shadowOverlay(SCENE_W, SCENE_H, meterPlacement, shadow, stainList),
  ];
  const meter = drawMeter(reading, meterType, rng);
  parts.push(`<g transform="${meterTransform}">${meter.body}</g>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SCENE_W} ${SCENE_H}" width="${SCENE_W}" height="${SCENE_H}"><defs>${grainPattern()}${meter.defs}</defs>${parts.join('')}</svg>`;
  return { svg, lighting: { flashX, flashY } };
}

/** Damp patches (darker) and dry patches (lighter) on the background. */
function stains(rng: Rng): Stain[] {
  return Array.from({ length: rng.int(5, 12) }, () => ({
    x: rng.range(0, SCENE_W),
    y: rng.range(0, SCENE_H),
    rx: rng.range(25, 110),
    ry: rng.range(20, 75),
    strength: rng.chance(0.75) ? -rng.range(0.08, 0.2) : rng.range(0.05, 0.12),
  }));
}

/** Hard-edged surface features: cracks, block joints, gravel. */
function surface(kind: BackgroundKind, rng: Rng): string[] {
  const out: string[] = [];
  if (kind === 'concrete' || kind === 'wall') {
    const cracks: string[] = [];
    for (let c = rng.int(1, 3); c > 0; c--) {
      let x = rng.range(0, SCENE_W);
      let y = rng.range(0, SCENE_H);
      cracks.push(`M${n(x)} ${n(y)}`);
      const heading = rng.range(0, 2 * Math.PI);
      for (let s = 0; s < 12; s++) {
        x += 18 * Math.cos(heading + rng.range(-0.8, 0.8));
        y += 18 * Math.sin(heading + rng.range(-0.8, 0.8));
        cracks.push(`L${n(x)} ${n(y)}`);
      }
    }
    out.push(
      `<path d="${cracks.join('')}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="${n(rng.range(0.8, 1.6))}"/>`,
    );
  }
  if (kind === 'wall') {
    // Block joints.
    const rowH = rng.range(70, 110);
    const joints: string[] = [];
    for (let y = rng.range(0, rowH); y < SCENE_H; y += rowH) {
      joints.push(`M0 ${n(y)}h${SCENE_W}v2.5h-${SCENE_W}z`);
    }
    out.push(`<path d="${joints.join('')}" fill="#000" fill-opacity="0.18"/>`);
  }
  const colours = BACKGROUNDS[kind].stone;
  if (colours.length > 0) {
    // Gravel: irregular polygons, each with a cast shadow and a dull highlight. One path per
    // colour keeps the element count (librsvg's main cost) low.
    const shadows: string[] = [];
    const highlights: string[] = [];
    const bodies = new Map<string, string[]>();
    const stones = kind === 'soil' ? rng.int(30, 60) : rng.int(8, 20);
    for (let i = 0; i < stones; i++) {
      const x = rng.range(-10, SCENE_W + 10);
      const y = rng.range(-10, SCENE_H + 10);
      const r = rng.range(4, kind === 'soil' ? 16 : 9);
      const squash = rng.range(0.55, 0.95);
      const turn = rng.range(0, Math.PI);
      const corners = rng.int(6, 9);
      const outline: [number, number][] = [];
      for (let k = 0; k < corners; k++) {
        const a = turn + (k * 2 * Math.PI) / corners;
        const rr = r * rng.range(0.75, 1.1);
        outline.push([rr * Math.cos(a), rr * squash * Math.sin(a)]);
      }
      const shape = (dx: number, dy: number, k: number): string =>
        outline
          .map(([px, py], j) => `${j === 0 ? 'M' : 'L'}${n(x + dx + px * k)} ${n(y + dy + py * k)}`)
          .join('') + 'Z';
      shadows.push(shape(1.2, 1.8, 1.08));
      const colour = rng.pick(colours);
      bodies.set(colour, [...(bodies.get(colour) ?? []), shape(0, 0, 1)]);
      highlights.push(shape(-r * 0.15, -r * 0.2, 0.55));
    }
    out.push(`<path d="${shadows.join('')}" fill="#000" fill-opacity="0.35"/>`);
    for (const [colour, paths] of bodies)
      out.push(`<path d="${paths.join('')}" fill="${colour}"/>`);
    out.push(`<path d="${highlights.join('')}" fill="#fff" fill-opacity="0.1"/>`);
  }
  return out;
}
