// Reads the barcodes, QR codes and DataMatrix codes on a meter photo (a serial sticker names the
// meter) with zxing-wasm. Its WASM comes from disk: zxing-wasm fetches it from a CDN by default,
// which fails offline and must never happen in an office.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type SharpModule from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { PhotoCode } from '../../common/photo-codes';

/** The long side of the first try: a sticker is still wide enough there, and it costs a fraction. */
export const FIRST_TRY_SIDE = 2000;

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
  })();
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

type Sharp = typeof SharpModule;
let sharpModule: Promise<Sharp> | undefined;

function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

async function pixelsOf(path: string, longSide: number | null): Promise<RgbaImage> {
  const sharp = await loadSharp();
  let image = sharp(path, { failOn: 'none' }).rotate();
  if (longSide !== null) {
    image = image.resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true });
  }
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** Reads the codes on the photo at `path`: about 2,000 px first, the full photo on a miss. */
export async function readPhotoCodes(path: string): Promise<PhotoCode[]> {
  const reduced = await pixelsOf(path, FIRST_TRY_SIDE);
  const first = await readCodesInPixels(reduced);
  if (first.length > 0) return first;
  const sharp = await loadSharp();
  const meta = await sharp(path, { failOn: 'none' }).metadata();
  // A photo no larger than the first try was read whole already.
  if (Math.max(meta.width, meta.height) <= FIRST_TRY_SIDE) return first;
  return readCodesInPixels(await pixelsOf(path, null));
}
