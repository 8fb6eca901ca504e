// The meter's identity from its code (issue 25): zxing reads a serial sticker's Code 128, QR code
// and DataMatrix from the WASM on disk, with the network off (by default zxing fetches its WASM
// from a CDN, which fails in an office without one).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPhotoCodes, readerWasmPath } from '../../main/photo-checks/read-codes';
import { stickerPng, type StickerFormat } from '../../sandbox/samples/code-sticker';

const dir = mkdtempSync(join(tmpdir(), 'read-codes-'));
const realFetch = globalThis.fetch;

/** A small photo: grey wall, the sticker somewhere on it. */
async function photoWith(serial: string, format: StickerFormat): Promise<string> {
  const sticker = await stickerPng(serial, format, 220);
  const path = join(dir, `${format}.jpg`);
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#8a8f94' },
  })
    .composite([{ input: sticker, left: 300, top: 120 }])
    .jpeg({ quality: 88 })
    .toBuffer();
  writeFileSync(path, photo);
  return path;
}

beforeAll(() => {
  globalThis.fetch = () => {
    throw new Error('network is off');
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
  rmSync(dir, { recursive: true, force: true });
});

describe('reading a meter photo codes', () => {
  it('finds the reader WASM on disk', () => {
    expect(readerWasmPath()).toMatch(/zxing_reader\.wasm$/);
  });

  it.each([
    ['Code128', '4711-0815'],
    ['QRCode', '4711-0816'],
    ['DataMatrix', 'SN 99812'],
  ] as const)('reads a %s sticker with the network off', async (format, serial) => {
    const codes = await readPhotoCodes(await photoWith(serial, format));
    expect(codes).toEqual([{ format, text: serial }]);
  });

  it('reads nothing on a photo without a code', async () => {
    const path = join(dir, 'plain.jpg');
    writeFileSync(
      path,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#777777' } })
        .jpeg()
        .toBuffer(),
    );
    expect(await readPhotoCodes(path)).toEqual([]);
  });
});
