// A meter's serial sticker as a meter reader photographs it: a Code 128 barcode, a QR code or a
// DataMatrix carrying the serial, on a white label with the serial printed below. The symbol is
// drawn by zxing-wasm's writer, its WASM read from disk (by default zxing fetches it from a CDN).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

export const STICKER_FORMATS = ['Code128', 'QRCode', 'DataMatrix'] as const;
export type StickerFormat = (typeof STICKER_FORMATS)[number];

let ready: Promise<void> | undefined;

function prepareWriter(): Promise<void> {
  ready ??= (async () => {
    const path = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
    const bytes = await readFile(path);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** The symbol alone as an SVG (black modules on white, a quiet zone around). */
export async function codeSvg(text: string, format: StickerFormat): Promise<string> {
  await prepareWriter();
  const result = await writeBarcode(text, { format });
  if (result.error !== '') throw new Error(`cannot write ${format} "${text}": ${result.error}`);
  return result.svg;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"]/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/**
 * The sticker as a PNG about `width` pixels wide: the symbol scaled by a whole number (each module
 * at least 2 pixels, so a printed sticker stays legible on a small photo, as a real one is), and
 * the serial in print below it as on a real label.
 */
export async function stickerPng(
  text: string,
  format: StickerFormat,
  width: number,
): Promise<Buffer> {
  const symbol = await sharp(Buffer.from(await codeSvg(text, format)), { density: 72 })
    .flatten({ background: '#ffffff' })
    .toBuffer({ resolveWithObject: true });
  const modules = symbol.info.width;
  const scale = Math.max(2, Math.floor((width * 0.84) / modules));
  const inner = modules * scale;
  const margin = Math.round(inner * 0.08);
  width = inner + 2 * margin;
  const linear = format === 'Code128';
  const symbolHeight = linear ? Math.round(inner * 0.35) : symbol.info.height * scale;
  const scaled = await sharp(symbol.data)
    .resize(inner, symbolHeight, { fit: 'fill', kernel: 'nearest' })
    .png()
    .toBuffer();
  const textHeight = Math.round(width * 0.12);
  const height = margin * 2 + symbolHeight + textHeight;
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(textHeight)}">` +
      `<text x="50%" y="75%" text-anchor="middle" font-family="monospace" font-size="${String(Math.round(textHeight * 0.7))}">${escapeXml(text)}</text></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: scaled, left: margin, top: margin },
      { input: caption, left: 0, top: margin + symbolHeight },
    ])
    .png()
    .toBuffer();
}
