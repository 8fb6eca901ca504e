// How the check worker opens a photo: sharp loaded on the first photo, and a bound on the pixels a
// file may claim, so a corrupt or hostile header cannot make the decoder allocate gigabytes.
import type SharpModule from 'sharp';

/**
 * 200 megapixels: above any phone's photo (the largest sensors give 200 MP), far below sharp's
 * default of 268 MP per side squared. A larger file is refused, as an undecodable one is.
 */
export const MAX_INPUT_PIXELS = 200_000_000;

export type Sharp = typeof SharpModule;
let sharpModule: Promise<Sharp> | undefined;

/**
 * A part of the checker itself failed to load (sharp, its native library, the reader's WASM): no
 * photo can be checked, which is not the same as one photo that cannot be decoded.
 */
export class CheckerUnavailable extends Error {
  constructor(part: string, cause: unknown) {
    super(`${part}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CheckerUnavailable';
  }
}

/** sharp is native and heavy: loaded on the first photo, not when the module is imported. */
export function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then(
    (m) => m.default,
    (error: unknown) => {
      throw new CheckerUnavailable('sharp', error);
    },
  );
  return sharpModule;
}

/** The photo at `path`, opened for one decode. */
export async function openPhoto(path: string): Promise<ReturnType<Sharp>> {
  const sharp = await loadSharp();
  return sharp(path, { failOn: 'none', limitInputPixels: MAX_INPUT_PIXELS });
}
