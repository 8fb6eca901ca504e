// What a clerk reads, the reader reads (issue 34): a Code 128 sticker turned up to 30° either way
// (zxing's row scan alone misses it from about 10°), a small one on a large photo read from its
// patch, and 2-D codes turned as well. The photos are generated: a sticker turned on a wall.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPhotoCodes } from '../../main/photo-checks/read-codes';
import { stickerRegions } from '../../main/photo-checks/sticker-regions';
import { stickerPhoto, type StickerPhotoOptions } from '../../bench/lib/sticker-photo';
import sharp from 'sharp';
import { keptRender } from '../helpers/samples';

const dir = mkdtempSync(join(tmpdir(), 'tilted-codes-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function photo(name: string, o: StickerPhotoOptions): Promise<string> {
  const path = join(dir, `${name}.jpg`);
  writeFileSync(path, await keptRender('sticker-photo', o, stickerPhoto, STICKER_PHOTO));
  return path;
}

const SERIAL = '4711-0815';
/** What stickerPhoto is made of besides the sample generator. */
const STICKER_PHOTO = ['bench/lib/sticker-photo.ts'];

describe('reading tilted stickers', () => {
  it.each([0, 10, 20, 30, -15, -30])('reads a Code 128 turned by %i°', async (angle) => {
    const path = await photo(`code128-${String(angle)}`, {
      text: SERIAL,
      format: 'Code128',
      width: 1600,
      height: 1200,
      share: 0.3,
      angle,
    });
    expect(await readPhotoCodes(path)).toEqual([{ format: 'Code128', text: SERIAL }]);
  });

  it('reads a small Code 128 turned by 25° on a 12-megapixel photo, from its patch', async () => {
    const path = await photo('small-code128', {
      text: SERIAL,
      format: 'Code128',
      width: 4000,
      height: 3000,
      share: 0.1,
      angle: 25,
      at: { x: 0.3, y: 0.7 },
    });
    expect(await readPhotoCodes(path)).toEqual([{ format: 'Code128', text: SERIAL }]);
  });

  it.each(['QRCode', 'DataMatrix'] as const)('reads a %s turned by 30°', async (format) => {
    const path = await photo(`${format}-30`, {
      text: SERIAL,
      format,
      width: 1600,
      height: 1200,
      share: 0.15,
      angle: 30,
    });
    expect(await readPhotoCodes(path)).toEqual([{ format, text: SERIAL }]);
  });

  it('finds the sticker as a patch, turned so its bars stand upright', async () => {
    const path = await photo('region', {
      text: SERIAL,
      format: 'Code128',
      width: 1600,
      height: 1200,
      share: 0.3,
      angle: 20,
      at: { x: 0.5, y: 0.5 },
    });
    const { data, info } = await sharp(path)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [best] = stickerRegions({ data, width: info.width, height: info.height });
    expect(best).toBeDefined();
    if (!best) return;
    // The patch holds the photo's centre, and is turned back by about the sticker's 20°.
    expect(best.left).toBeLessThan(800);
    expect(best.left + best.width).toBeGreaterThan(800);
    expect(best.top).toBeLessThan(600);
    expect(best.top + best.height).toBeGreaterThan(600);
    expect(best.turn).toBeLessThan(-12);
    expect(best.turn).toBeGreaterThan(-28);
  });
});
