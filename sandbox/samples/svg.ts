// Small helpers for writing SVG by hand: short numbers and escaped text.

/** Two decimals are plenty at photo scale and keep the SVG small. */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A linear gradient definition; stops are [offset 0..1, colour, opacity?]. */
export function linearGradient(
  id: string,
  [x1, y1, x2, y2]: readonly [number, number, number, number],
  stops: readonly (readonly [number, string, number?])[],
): string {
  return `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsXml(stops)}</linearGradient>`;
}

function stopsXml(stops: readonly (readonly [number, string, number?])[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${n(offset)}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${n(opacity)}"`}/>`,
    )
    .join('');
}

/** Points of a regular polygon (hex nuts, star rotors). */
export function polygonPoints(
  cx: number,
  cy: number,
  radius: number,
  sides: number,
  rotation = 0,
): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i * 2 * Math.PI) / sides;
    points.push(`${n(cx + radius * Math.cos(a))},${n(cy + radius * Math.sin(a))}`);
  }
  return points.join(' ');
}

/** Circle outline as path data (two arcs), for compound paths. */
function circleData(cx: number, cy: number, r: number): string {
  return `M${n(cx + r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx - r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx + r)} ${n(cy)}Z`;
}

/**
 * A filled ring between two radii, to use with fill-rule="evenodd". Filling is much cheaper
 * than stroking for librsvg/cairo, which turns every stroke into a polygon first.
 */
export function ringPath(cx: number, cy: number, inner: number, outer: number): string {
  return circleData(cx, cy, outer) + circleData(cx, cy, inner);
}

/** Several circles as one compound path (one element instead of many). */
export function circlesPath(circles: readonly (readonly [number, number, number])[]): string {
  return circles.map(([cx, cy, r]) => circleData(cx, cy, r)).join('');
}

/**
 * `count` radial marks between two radii (knurling, ticks) as one filled path; `duty` is the
 * share of each step that is mark. Replaces a dashed stroke, which cairo tessellates slowly.
 */
export function radialMarks(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  count: number,
  duty: number,
  rotation = 0,
): string {
  const step = (2 * Math.PI) / count;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const a0 = rotation + i * step;
    const a1 = a0 + step * duty;
    const c0 = Math.cos(a0);
    const s0 = Math.sin(a0);
    const c1 = Math.cos(a1);
    const s1 = Math.sin(a1);
    parts.push(
      `M${n(cx + inner * c0)} ${n(cy + inner * s0)}L${n(cx + outer * c0)} ${n(cy + outer * s0)}L${n(cx + outer * c1)} ${n(cy + outer * s1)}L${n(cx + inner * c1)} ${n(cy + inner * s1)}Z`,
    );
  }
  return parts.join('');
}
