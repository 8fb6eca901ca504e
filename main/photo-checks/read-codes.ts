// Reads the barcodes, QR codes and DataMatrix codes on a meter photo (a serial sticker names the
// meter) with zxing-wasm. Its WASM comes from disk: zxing-wasm fetches it from a CDN by default,
// which fails offline and must never happen in an office.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { PhotoCode } from '../../common/photo-codes';
import { CheckerUnavailable, loadSharp, openPhoto, type Sharp } from './decode';
import type { GreyImage } from './measure';
import { stickerRegions, type StickerRegion } from './sticker-regions';

/** The long side of the first try: a sticker is still wide enough there, and it costs a fraction. */
export const FIRST_TRY_SIDE = 2000;

/**
 * The most detail kept of a photo (its long side): small stickers on a 12 MP photo are read from
 * it, and a 48 MP photo is decoded no larger (its JPEG shrinks while decoding).
 */
export const DETAIL_SIDE = 3000;

/** A sticker's patch is read at most this large: a code needs no more, and it bounds the try. */
const PATCH_SIDE = 1200;

const WASM_FILE = 'zxing_reader.wasm';

const READER_OPTIONS: ReaderOptions = {
  formats: ['Code128', 'QRCode', 'DataMatrix', 'Code39', 'EAN-13', 'ITF'],
  tryHarder: true,
  maxNumberOfSymbols: 4,
};

/**
 * The reader's WASM file: beside the bundle that runs (scripts/build.js copies it next to the
 * photo-check worker of the app and of the CLI), else from the installed package (sources, tests).
 */
export function readerWasmPath(): string {
  // esbuild leaves import.meta empty in a CommonJS bundle: __dirname is its folder there.
  const self = (import.meta as { url?: string }).url;
  const dir = self ? dirname(fileURLToPath(self)) : __dirname;
  // A file inside the app's archive is read through Electron's patched fs; electron-builder.yml
  // unpacks it anyway, beside the worker that reads it.
  const beside = join(dir, WASM_FILE).replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  if (existsSync(beside)) return beside;
  const require = createRequire(self ?? join(dir, 'index.js'));
  return require.resolve(`zxing-wasm/reader/${WASM_FILE}`);
}

let ready: Promise<void> | undefined;

/** Hands zxing the WASM bytes once per process, so it never looks for them elsewhere. */
function prepareReader(): Promise<void> {
  ready ??= (async () => {
    const bytes = await readFile(readerWasmPath());
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })().catch((error: unknown) => {
    throw new CheckerUnavailable('barcode reader', error);
  });
  return ready;
}

/** RGBA pixels, four bytes each, row after row. */
export interface RgbaImage {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** The codes zxing finds on an image, each once. */
export async function readCodesInPixels(image: RgbaImage): Promise<PhotoCode[]> {
  await prepareReader();
  const results = await readBarcodes(
    { data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' },
    READER_OPTIONS,
  );
  const seen = new Set<string>();
  const codes: PhotoCode[] = [];
  for (const r of results) {
    if (!r.isValid || r.text === '') continue;
    const key = `${r.format}\u0000${r.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    codes.push({ format: r.format, text: r.text });
  }
  return codes;
}

/** Grey pixels to the RGBA zxing takes: the one copy the reader is handed for each try. */
function rgbaOf(img: GreyImage): RgbaImage {
  const data = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0, o = 0; i < img.data.length; i++, o += 4) {
    const v = img.data[i] ?? 0;
    data[o] = v;
    data[o + 1] = v;
    data[o + 2] = v;
    data[o + 3] = 255;
  }
  return { data, width: img.width, height: img.height };
}

async function greyOf(image: ReturnType<Sharp>): Promise<GreyImage> {
  // One channel out whatever came in: sharp turns a one-channel raw input into sRGB on the way.
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A grey image from pixels already decoded (resized, cut out or turned): never the file again. */
async function fromGrey(img: GreyImage): Promise<ReturnType<Sharp>> {
  const sharp = await loadSharp();
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } });
}

async function shrunk(img: GreyImage, longSide: number): Promise<GreyImage> {
  if (Math.max(img.width, img.height) <= longSide) return img;
  const image = await fromGrey(img);
  return greyOf(image.resize(longSide, longSide, { fit: 'inside' }));
}

async function patchOf(detail: GreyImage, r: StickerRegion, turn: number): Promise<GreyImage> {
  let image = (await fromGrey(detail)).extract({
    left: r.left,
    top: r.top,
    width: r.width,
    height: r.height,
  });
  if (turn !== 0) {
    // White corners: a black wedge beside the quiet zone would read as a bar.
    image = (await fromGrey(await greyOf(image))).rotate(turn, { background: '#ffffff' });
  }
  return shrunk(await greyOf(image), PATCH_SIDE);
}

/**
 * Reads the codes on the photo at `path`, decoded once (grey, at most DETAIL_SIDE on its long
 * side): the whole photo at FIRST_TRY_SIDE first; on a miss, each patch that may be a sticker
 * (sticker-regions.ts), at the detail's resolution, as it is and, for a barcode, turned upright.
 * The reader never holds more than one FIRST_TRY_SIDE image, which bounds its memory.
 */
export async function readPhotoCodes(path: string): Promise<PhotoCode[]> {
  const photo = await openPhoto(path);
  const detail = await greyOf(
    photo
      .rotate()
      .resize(DETAIL_SIDE, DETAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .greyscale(),
  );
  const whole = await shrunk(detail, FIRST_TRY_SIDE);
  const first = await readCodesInPixels(rgbaOf(whole));
  if (first.length > 0) return first;
  const scale = detail.width / whole.width;
  for (const found of stickerRegions(whole)) {
    const region = {
      left: Math.floor(found.left * scale),
      top: Math.floor(found.top * scale),
      width: Math.min(
        detail.width - Math.floor(found.left * scale),
        Math.ceil(found.width * scale),
      ),
      height: Math.min(
        detail.height - Math.floor(found.top * scale),
        Math.ceil(found.height * scale),
      ),
      turn: found.turn,
    };
    // As it is, a patch shows something new only at more detail than the first try had: on a
    // photo no larger than that, it is the first try again, and a miss would pay for it twice.
    const asItIs = scale > 1.01 ? [0] : [];
    const turns = region.turn === 0 ? asItIs : [region.turn, ...asItIs];
    for (const turn of turns) {
      const codes = await readCodesInPixels(rgbaOf(await patchOf(detail, region, turn)));
      if (codes.length > 0) return codes;
    }
  }
  return [];
}
