// The window's size and position between runs (window-state.json in the per-user folder). A saved
// position on a monitor that is no longer attached would open the window off screen, so the bounds
// are fitted to the displays present now.
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../config/json-file';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowState {
  /** Null: let the OS place it. */
  readonly bounds: Rect | null;
  readonly maximized: boolean;
}

export const DEFAULT_WINDOW = { width: 1280, height: 800, minWidth: 900, minHeight: 600 } as const;
/** At least this much of the window must be on a display for the saved position to be kept. */
const MIN_VISIBLE = 100;

const rectSchema = z.object({
  x: z.int(),
  y: z.int(),
  width: z.int().min(1),
  height: z.int().min(1),
});
const stateSchema = z.object({ bounds: rectSchema.nullable(), maximized: z.boolean() });

export function windowStateFile(userDataDir: string): string {
  return join(userDataDir, 'window-state.json');
}

export function loadWindowState(file: string): WindowState {
  const parsed = stateSchema.safeParse(readJsonFile(file));
  return parsed.success ? parsed.data : { bounds: null, maximized: false };
}

export function saveWindowState(file: string, state: WindowState): void {
  writeJsonFile(file, state);
}

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  return {
    w: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The bounds to open with: the saved ones when enough of them is on a present display (shrunk to
 * fit it), else only the saved size, clamped to the primary display and centred by the OS.
 */
export function fitWindow(
  saved: Rect | null,
  workAreas: readonly Rect[],
): { x?: number; y?: number; width: number; height: number } {
  const primary = workAreas[0];
  const clampSize = (w: number, h: number, area: Rect | undefined) => ({
    width: Math.max(DEFAULT_WINDOW.minWidth, Math.min(w, area?.width ?? w)),
    height: Math.max(DEFAULT_WINDOW.minHeight, Math.min(h, area?.height ?? h)),
  });
  if (!saved) return clampSize(DEFAULT_WINDOW.width, DEFAULT_WINDOW.height, primary);
  const home = workAreas.find((area) => {
    const o = overlap(saved, area);
    return o.w >= MIN_VISIBLE && o.h >= MIN_VISIBLE;
  });
  if (!home) return clampSize(saved.width, saved.height, primary);
  const size = clampSize(saved.width, saved.height, home);
  return {
    x: Math.min(Math.max(saved.x, home.x), home.x + home.width - size.width),
    y: Math.min(Math.max(saved.y, home.y), home.y + home.height - size.height),
    ...size,
  };
}
