// Where on a photo a code sticker may be, and how it is turned: a printed code is the densest
// patch of strong edges on a meter photo, and a barcode's edges all run one way. The reader is
// then given each such patch alone (small, so cheap) and, for a barcode, turned upright: zxing's
// barcode reader scans rows, and a Code 128 turned more than about 10° leaves a row before it
// has crossed all its bars (bench/README.md, issue 34).
import type { GreyImage } from './measure';

/** A patch of the image (pixels) and the angle (degrees) its edges run at, when they run one way. */
export interface StickerRegion {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** Degrees to turn the patch by (clockwise) so a barcode's bars stand upright; 0 when none. */
  readonly turn: number;
}

/** Cells of this many pixels (of the image given) are scored for their edges. */
const CELL = 16;
/** Patches read at most: a meter photo has one or two stickers, the dial is the next densest. */
const MAX_REGIONS = 4;
/** A patch whose edges run one way at least this strongly (0-1) is a barcode: it is turned. */
const LINEAR_COHERENCE = 0.55;

interface Cell {
  energy: number;
  xx: number;
  yy: number;
  xy: number;
}

function cellsOf(img: GreyImage, cols: number, rows: number): Cell[] {
  const { data, width, height } = img;
  const cells: Cell[] = Array.from({ length: cols * rows }, () => ({
    energy: 0,
    xx: 0,
    yy: 0,
    xy: 0,
  }));
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    const cellRow = Math.min(rows - 1, Math.floor(y / CELL)) * cols;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const gx = (data[i + 1] ?? 0) - (data[i - 1] ?? 0);
      const gy = (data[i + width] ?? 0) - (data[i - width] ?? 0);
      const c = cells[cellRow + Math.min(cols - 1, Math.floor(x / CELL))];
      if (!c) continue;
      c.energy += Math.abs(gx) + Math.abs(gy);
      c.xx += gx * gx;
      c.yy += gy * gy;
      c.xy += gx * gy;
    }
  }
  return cells;
}

/**
 * The patches most likely to hold a code, densest first: cells whose edges stand out from the
 * photo's, joined with their neighbours, each grown by a margin so the quiet zone is kept.
 */
export function stickerRegions(img: GreyImage): StickerRegion[] {
  const cols = Math.max(1, Math.floor(img.width / CELL));
  const rows = Math.max(1, Math.floor(img.height / CELL));
  const cells = cellsOf(img, cols, rows);
  const energies = cells.map((c) => c.energy).sort((a, b) => a - b);
  // Above the 90th percentile and well above the median: a plain wall's texture is not a code.
  const p90 = energies[Math.floor(energies.length * 0.9)] ?? 0;
  const median = energies[Math.floor(energies.length / 2)] ?? 0;
  const floor = Math.max(p90, median * 3, CELL * CELL * 12);
  const strong = cells.map((c) => c.energy >= floor);
  const seen = new Uint8Array(cells.length);
  const regions: (StickerRegion & { readonly score: number })[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (!strong[start] || seen[start]) continue;
    // Joined across one weak cell: a barcode's quiet gaps and a QR code's light modules.
    const stack = [start];
    seen[start] = 1;
    let [x0, y0, x1, y1] = [cols, rows, -1, -1];
    const sum = { energy: 0, xx: 0, yy: 0, xy: 0, n: 0 };
    while (stack.length > 0) {
      const at = stack.pop() ?? 0;
      const cx = at % cols;
      const cy = Math.floor(at / cols);
      [x0, y0, x1, y1] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy)];
      const c = cells[at];
      if (c) {
        sum.energy += c.energy;
        sum.xx += c.xx;
        sum.yy += c.yy;
        sum.xy += c.xy;
        sum.n++;
      }
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (strong[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    if (sum.n < 3) continue;
    const coherence =
      Math.sqrt((sum.xx - sum.yy) ** 2 + 4 * sum.xy ** 2) / Math.max(1, sum.xx + sum.yy);
    // The direction the edges' gradients point; bars stand upright when it is horizontal.
    const gradient = (0.5 * Math.atan2(2 * sum.xy, sum.xx - sum.yy) * 180) / Math.PI;
    const turn = coherence >= LINEAR_COHERENCE && Math.abs(gradient) >= 4 ? -gradient : 0;
    const w = (x1 - x0 + 1) * CELL;
    const h = (y1 - y0 + 1) * CELL;
    const margin = Math.round(Math.max(w, h) * 0.2) + CELL;
    const left = Math.max(0, x0 * CELL - margin);
    const top = Math.max(0, y0 * CELL - margin);
    regions.push({
      left,
      top,
      width: Math.min(img.width, (x1 + 1) * CELL + margin) - left,
      height: Math.min(img.height, (y1 + 1) * CELL + margin) - top,
      turn,
      score: sum.energy,
    });
  }
  return regions
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_REGIONS)
    .map(({ left, top, width, height, turn }) => ({ left, top, width, height, turn }));
}
