// The meter itself, drawn centred on (0, 0) with an outer body radius of about 180 units:
// brass or plastic body with pipe connectors, knurled cap, white dial with brand, the counter
// window (black wheels for m³, red wheels for the decimals) and, on 'pointer' meters, the red
// sub-dials that continue the decimals. The wheels always show exactly the reading.
//
// Drawn for librsvg's speed: rings and tick marks are filled compound paths (strokes, dashed
// ones above all, are slow to tessellate), shapes of one style share one path, and all small
// print of the face is a single <text> made of positioned <tspan>s. The cast shadow is drawn
// under the meter by overlays.ts.
import type { Rng } from './random';
import { splitReading } from './reading';
import {
  circlesPath,
  escapeXml,
  linearGradient,
  n,
  polygonPoints,
  radialMarks,
  ringPath,
} from './svg';

const SANS = 'DejaVu Sans';
const CONDENSED = 'DejaVu Sans Condensed';
const MONO = 'DejaVu Sans Mono';

const BRANDS = [
  { name: 'AQUAVIA', model: 'ETW-15' },
  { name: 'NORDFLOW', model: 'NF-20 Dry' },
  { name: 'FLUMETRIC', model: 'MK-15 H' },
  { name: 'CLEARTAP', model: 'CT 1.5' },
  { name: 'RIVOMETER', model: 'RV-M 20' },
  { name: 'BLUEDROP', model: 'BD-15 Multi' },
] as const;

const BODIES = [
  { light: '#f3d88b', mid: '#c99a3c', dark: '#6e4f17' }, // brass
  { light: '#e2b98a', mid: '#a8743f', dark: '#553317' }, // bronze
  { light: '#6fa8e8', mid: '#1f5fb4', dark: '#0b2a57' }, // blue composite
  { light: '#6b6b6b', mid: '#2a2a2a', dark: '#0d0d0d' }, // black composite
] as const;

const CAPS = [
  { light: '#5a8fd6', mid: '#1d4f9c', dark: '#0a2347' },
  { light: '#8a8a8a', mid: '#3a3a3a', dark: '#111111' },
  { light: '#f0f0f0', mid: '#b5b8bc', dark: '#5b5f63' },
  { light: '#e46a5a', mid: '#a8241a', dark: '#4d0d08' },
] as const;

export interface MeterDrawing {
  defs: string;
  body: string;
}

/** The meter's outline in its own units (the shadow in overlays.ts follows it). */
export const METER_SHAPE = {
  bodyRadius: 183.5,
  connector: { halfWidth: 262, halfHeight: 44, corner: 12 },
  pipeHalfHeight: 30,
  nutX: 250,
} as const;

/** Collects the face's small print as tspans of one text element. */
class Labels {
  private readonly spans: string[] = [];
  add(x: number, y: number, text: string, style: string): void {
    this.spans.push(`<tspan x="${n(x)}" y="${n(y)}" ${style}>${escapeXml(text)}</tspan>`);
  }
  toSvg(): string {
    return `<text font-family="${SANS}" text-anchor="middle">${this.spans.join('')}</text>`;
  }
}

export function drawMeter(reading: string, meterType: string, rng: Rng): MeterDrawing {
  const { whole, decimals } = splitReading(reading);
  const body = rng.pick(BODIES);
  const cap = rng.pick(CAPS);
  const brand = rng.pick(BRANDS);
  const faceTint = rng.pick(['#fbfbf7', '#f7f3e8', '#f4f7fb', '#fffdf5']);
  const accent = rng.pick(['#0d3b86', '#10264d', '#1b1b1b', '#0b5a78']);
  const hasDials = meterType === 'pointer';

  const defs = [
    linearGradient(
      'bodyGrad',
      [0, 0, 1, 1],
      [
        [0, body.light],
        [0.45, body.mid],
        [1, body.dark],
      ],
    ),
    linearGradient(
      'pipeGrad',
      [0, 0, 0, 1],
      [
        [0, body.dark],
        [0.25, body.light],
        [0.55, body.mid],
        [1, body.dark],
      ],
    ),
    linearGradient(
      'capGrad',
      [0, 0, 1, 1],
      [
        [0, cap.light],
        [0.5, cap.mid],
        [1, cap.dark],
      ],
    ),
    linearGradient(
      'faceGrad',
      [0.2, 0, 0.8, 1],
      [
        [0, faceTint],
        [0.6, faceTint],
        [1, '#d9d6cc'],
      ],
    ),
    linearGradient(
      'glare',
      [0, 0, 0, 1],
      [
        [0, '#ffffff', rng.range(0.35, 0.6)],
        [1, '#ffffff', 0],
      ],
    ),
    linearGradient(
      'wheelShade',
      [0, 0, 0, 1],
      [
        [0, '#000000', 0.75],
        [0.28, '#000000', 0],
        [0.72, '#000000', 0],
        [1, '#000000', 0.75],
      ],
    ),
  ];

  const labels = new Labels();
  const nutRadius = rng.range(40, 46);
  const parts: string[] = [connectors(nutRadius)];
  // Body ring with a dark rim, the knurled cap ring, the lip under the glass, then the dial.
  parts.push(
    ring(165, 182.5, 'fill="url(#bodyGrad)"'),
    ring(180.5, 183.5, `fill="${body.dark}"`),
    ring(161.5, 164.5, 'fill="#000" fill-opacity="0.3"'),
    ring(149.5, 162.5, 'fill="url(#capGrad)"'),
    `<path d="${radialMarks(0, 0, 152.5, 161.5, 200, 0.46)}" fill="${cap.dark}" fill-opacity="0.55"/>`,
    ring(146, 149.5, 'fill="#2a2a2a"'),
    `<circle r="146" fill="url(#faceGrad)"/>`,
    ring(140, 146, 'fill="#000" fill-opacity="0.12"'),
    ring(138.2, 139.8, `fill="${accent}"`),
    tickRing(accent),
    brandBlock(brand, accent, labels, rng),
    counterWindow(whole, decimals, labels, rng, defs),
  );
  if (hasDials) parts.push(subDials(decimals, labels, rng));
  parts.push(starRotor(hasDials ? 0 : -8, hasDials ? 86 : 52, hasDials ? 9 : 14, rng, accent));
  smallPrint(brand.model, hasDials, accent, labels, rng);
  parts.push(labels.toSvg(), glassEffects(rng));
  return { defs: defs.join(''), body: parts.join('') };
}

function ring(inner: number, outer: number, paint: string, cx = 0, cy = 0): string {
  return `<path d="${ringPath(cx, cy, inner, outer)}" fill-rule="evenodd" ${paint}/>`;
}

/** The inlet/outlet: a horizontal pipe through the meter, with hex union nuts on both sides. */
function connectors(nutR: number): string {
  const { connector, pipeHalfHeight: pipe, nutX } = METER_SHAPE;
  // The pipe runs out of the frame at any tilt and scale the scene uses (±640 is plenty).
  const out: string[] = [
    `<rect x="-640" y="${-pipe}" width="1280" height="${2 * pipe}" fill="url(#pipeGrad)"/>`,
    `<rect x="${-connector.halfWidth}" y="${-connector.halfHeight}" width="${2 * connector.halfWidth}" height="${2 * connector.halfHeight}" rx="${connector.corner}" fill="url(#pipeGrad)"/>`,
  ];
  for (const side of [-1, 1]) {
    const x = side * nutX;
    const h = nutR * 0.87;
    out.push(
      `<polygon points="${polygonPoints(x, 0, nutR + 1.5, 6, Math.PI / 6)}" fill="#000" fill-opacity="0.35"/>`,
      `<polygon points="${polygonPoints(x, 0, nutR, 6, Math.PI / 6)}" fill="url(#pipeGrad)"/>`,
      `<rect x="${n(x - nutR * 0.5 - 1)}" y="${n(-h)}" width="2" height="${n(2 * h)}" fill="#000" fill-opacity="0.25"/>`,
      `<rect x="${n(x + nutR * 0.5 - 1)}" y="${n(-h)}" width="2" height="${n(2 * h)}" fill="#fff" fill-opacity="0.25"/>`,
    );
  }
  return out.join('');
}

function tickRing(accent: string): string {
  return `<path d="${radialMarks(0, 0, 131.5, 136.5, 60, 0.09)}" fill="${accent}" fill-opacity="0.55"/>`;
}

function brandBlock(
  brand: { name: string; model: string },
  accent: string,
  labels: Labels,
  rng: Rng,
): string {
  const y = -92 + rng.range(-3, 3);
  labels.add(8, y, brand.name, `font-weight="bold" font-size="21" fill="${accent}"`);
  labels.add(0, y + 14, `${brand.model}  ·  cold water  ·  30°C`, 'font-size="8.5" fill="#333"');
  // Bold capitals of DejaVu Sans run about 0.8 em wide; the drop logo sits just before them.
  const x = 8 - (brand.name.length * (21 * 0.8 + 1)) / 2 - 13;
  return `<path d="M${n(x)} ${n(y - 17)}C${n(x - 6)} ${n(y - 8)} ${n(x - 8)} ${n(y - 4)} ${n(x - 8)} ${n(y - 1)}A8 8 0 0 0 ${n(x + 8)} ${n(y - 1)}C${n(x + 8)} ${n(y - 4)} ${n(x + 6)} ${n(y - 8)} ${n(x)} ${n(y - 17)}Z" fill="${accent}"/>`;
}

/** The odometer window: black wheels for whole m³, red wheels for the decimals. */
function counterWindow(
  whole: string,
  decimals: string,
  labels: Labels,
  rng: Rng,
  defs: string[],
): string {
  // Readings are ASCII digits, so split('') is safe.
  const digits = whole
    .split('')
    .map((d) => ({ d, red: false }))
    .concat(decimals.split('').map((d) => ({ d, red: true })));
  const gap = 3;
  const cellW = Math.min(25, (226 - gap) / digits.length - gap);
  const cellH = 40;
  const fontSize = Math.min(31, cellW * 1.45);
  const windowW = digits.length * (cellW + gap) + gap;
  const unitW = 26;
  const left = -(windowW + unitW) / 2;
  const top = -50;
  const font = rng.pick([MONO, CONDENSED]);
  const pitch = cellH * 0.92;
  const cells: string[] = [];
  const black: string[] = [];
  const red: string[] = [];
  const edges: string[] = [];
  const glyphs: string[] = [];
  const rect = (x: number, y: number, w: number, h: number): string =>
    `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
  digits.forEach(({ d, red: isRed }, i) => {
    const x = left + gap + i * (cellW + gap);
    const cell = rect(x, top + 2, cellW, cellH - 4);
    cells.push(cell);
    (isRed ? red : black).push(cell);
    // Darker sides make each wheel read as a separate drum.
    edges.push(
      rect(x, top + 2, cellW * 0.14, cellH - 4),
      rect(x + cellW * 0.86, top + 2, cellW * 0.14, cellH - 4),
    );
    // Wheels sit a little off-centre; the neighbour digit peeks in on the side it rolls from.
    const value = Number(d);
    const offset = rng.range(-0.08, 0.08) * cellH;
    const centre = top + cellH / 2 + offset;
    const glyph = (digit: number, cy: number): string =>
      `<tspan x="${n(x + cellW / 2)}" y="${n(cy + fontSize * 0.36)}">${(digit + 10) % 10}</tspan>`;
    glyphs.push(glyph(value, centre));
    glyphs.push(offset > 0 ? glyph(value - 1, centre - pitch) : glyph(value + 1, centre + pitch));
  });
  // One clip path (the union of the cells) and one text element for all wheels.
  defs.push(`<clipPath id="wheels"><path d="${cells.join('')}"/></clipPath>`);
  labels.add(left + windowW + 17, top + cellH / 2 + 6, 'm³', 'font-weight="bold" font-size="17"');
  return [
    `<rect x="${n(left - 5)}" y="${n(top - 5)}" width="${n(windowW + 10)}" height="${n(cellH + 10)}" rx="5" fill="#9ea3a8"/>`,
    `<rect x="${n(left)}" y="${n(top)}" width="${n(windowW)}" height="${n(cellH)}" rx="2" fill="#101010"/>`,
    `<path d="${black.join('')}" fill="#1e1e1e"/>`,
    red.length > 0 ? `<path d="${red.join('')}" fill="#b91d24"/>` : '',
    `<g clip-path="url(#wheels)"><text font-family="${font}" font-weight="bold" font-size="${n(fontSize)}" text-anchor="middle" fill="#f4f4f4" fill-opacity="0.93">${glyphs.join('')}</text></g>`,
    `<path d="${edges.join('')}" fill="#000" fill-opacity="0.3"/>`,
    `<path d="${cells.join('')}" fill="url(#wheelShade)"/>`,
    // A glassy reflection across the window.
    `<rect x="${n(left)}" y="${n(top + 3)}" width="${n(windowW)}" height="${n(cellH * 0.18)}" fill="#ffffff" fill-opacity="0.12"/>`,
  ].join('');
}

/** Four red pointer dials: ×0.1, ×0.01, ×0.001, ×0.0001 of a m³, continuing the red wheels. */
function subDials(decimals: string, labels: Labels, rng: Rng): string {
  // Digits past the reading's precision are free to be anything, like a real meter's.
  const digits = decimals.split('').map(Number);
  while (digits.length < 7) digits.push(rng.int(0, 9));
  const faces: [number, number, number][] = [];
  const hubs: [number, number, number][] = [];
  const dots: [number, number, number][] = [];
  const rims: string[] = [];
  const ticks: string[] = [];
  const pointers: string[] = [];
  ['x0,1', 'x0,01', 'x0,001', 'x0,0001'].forEach((label, i) => {
    const cx = -81 + i * 54;
    const cy = 34;
    const value = (digits[i] ?? 0) + (digits[i + 1] ?? 0) / 10 + (digits[i + 2] ?? 0) / 100;
    faces.push([cx, cy, 21]);
    hubs.push([cx, cy, 2.6]);
    rims.push(ringPath(cx, cy, 20.3, 21.7));
    ticks.push(radialMarks(cx, cy, 16, 19, 10, 0.035, -Math.PI / 2 - 0.06));
    // At this size the 0..9 figures are only specks, so they are drawn as dots.
    for (let k = 0; k < 10; k++) {
      const a = ((k * 36 - 90) * Math.PI) / 180;
      dots.push([cx + 11.5 * Math.cos(a), cy + 11.5 * Math.sin(a), 1.1]);
    }
    // The pointer: a thin triangle from behind the hub to the scale, 0 at the top, clockwise.
    const a = ((value * 36 - 90) * Math.PI) / 180;
    const [ux, uy] = [Math.cos(a), Math.sin(a)];
    pointers.push(
      `M${n(cx + 16 * ux)} ${n(cy + 16 * uy)}L${n(cx - 4 * ux - 2.2 * uy)} ${n(cy - 4 * uy + 2.2 * ux)}L${n(cx - 4 * ux + 2.2 * uy)} ${n(cy - 4 * uy - 2.2 * ux)}Z`,
    );
    labels.add(cx, cy + 31, label, 'font-size="7.5" fill="#c8102e"');
  });
  return [
    `<path d="${circlesPath(faces)}" fill="#ffffff"/>`,
    `<path d="${rims.join('')}" fill="#c8102e" fill-rule="evenodd"/>`,
    `<path d="${ticks.join('')}" fill="#222"/>`,
    `<path d="${circlesPath(dots)}" fill="#444"/>`,
    `<path d="${pointers.join('')}" fill="#d0101a"/>`,
    `<path d="${circlesPath(hubs)}" fill="#7a0008"/>`,
  ].join('');
}

/** The little star wheel that spins with any flow (leak indicator). */
function starRotor(cx: number, cy: number, r: number, rng: Rng, accent: string): string {
  const rotation = rng.range(0, Math.PI);
  const points: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = rotation + (i * Math.PI) / 8;
    const radius = i % 2 === 0 ? r : r * 0.42;
    points.push(`${n(cx + radius * Math.cos(a))},${n(cy + radius * Math.sin(a))}`);
  }
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + 3.5)}" fill="${accent}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + 2.5)}" fill="#ffffff"/>` +
    `<polygon points="${points.join(' ')}" fill="#c8102e"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.25)}" fill="#222"/>`
  );
}

function smallPrint(
  model: string,
  hasDials: boolean,
  accent: string,
  labels: Labels,
  rng: Rng,
): void {
  const serial = String(rng.int(10_000_000, 99_999_999));
  const year = rng.int(2014, 2024);
  const y = hasDials ? 106 : 82;
  labels.add(0, y, `No ${serial}  ${year}`, `font-weight="bold" font-size="8.5" fill="${accent}"`);
  const lines = hasDials
    ? ['Q3 2,5  R160-H  DN15']
    : [`Q3 4  R100-H  DN20  ${model}`, 'MID M21 0102  Class C', 'PN 16  T30'];
  lines.forEach((line, i) => {
    labels.add(0, y + 11 + i * 11, line, 'font-size="8" fill="#3a3a3a"');
  });
}

/** Glare on the glass, a few condensation drops and specks of dirt, all inside the dial. */
function glassEffects(rng: Rng): string {
  const out: string[] = [];
  // A crescent highlight hugging the top of the glass.
  const r = 143;
  const a0 = (rng.range(190, 215) * Math.PI) / 180;
  const a1 = (rng.range(300, 340) * Math.PI) / 180;
  out.push(
    `<path d="M${n(r * Math.cos(a0))} ${n(r * Math.sin(a0))}A${r} ${r} 0 0 1 ${n(r * Math.cos(a1))} ${n(r * Math.sin(a1))}Q${n(rng.range(-30, 30))} ${n(rng.range(-70, -25))} ${n(r * Math.cos(a0))} ${n(r * Math.sin(a0))}Z" fill="url(#glare)"/>`,
  );
  const drops: [number, number, number][] = [];
  const dropCount = rng.int(0, 9);
  for (let i = 0; i < dropCount; i++) {
    const a = rng.range(0, 2 * Math.PI);
    const d = rng.range(95, 138);
    drops.push([d * Math.cos(a), d * Math.sin(a), rng.range(1.5, 4.5)]);
  }
  if (drops.length > 0) {
    const rims = drops.map(([x, y, size]) => [x + 0.4, y + 0.5, size] as const);
    out.push(
      `<path d="${circlesPath(rims)}" fill="#3a4550" fill-opacity="0.3"/>`,
      `<path d="${circlesPath(drops)}" fill="#ffffff" fill-opacity="0.3"/>`,
    );
  }
  const specks: string[] = [];
  const count = rng.int(3, 14);
  for (let i = 0; i < count; i++) {
    const a = rng.range(0, 2 * Math.PI);
    const d = rng.range(0, 136);
    const w = rng.range(0.8, 3.5);
    specks.push(
      `M${n(d * Math.cos(a))} ${n(d * Math.sin(a))}h${n(w)}v${n(w * rng.range(0.5, 1))}h${n(-w)}z`,
    );
  }
  out.push(`<path d="${specks.join('')}" fill="#4a3b22" fill-opacity="0.4"/>`);
  return out.join('');
}
