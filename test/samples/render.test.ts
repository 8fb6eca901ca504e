// The synthetic meter photos: real images of the requested format that decode, carry their
// reading in format metadata, show the same reading on the wheels, and repeat exactly per seed.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  embedReadingMarker,
  extractReadingMarker,
  renderMeterPhoto,
  type SampleFormat,
} from '../../sandbox/samples';
import { createRng } from '../../sandbox/samples/random';
import { meterScene } from '../../sandbox/samples/scene';

const FORMATS: SampleFormat[] = ['jpeg', 'png', 'webp'];
const MARKER = 'METERDESK:reading=01234.567;meter_type=pointer;';

describe('renderMeterPhoto', () => {
  it.each(FORMATS)('renders a %s that decodes to the requested size and format', async (format) => {
    const photo = await renderMeterPhoto({ reading: '01234.567', format, seed: 7 });
    const meta = await sharp(photo).metadata();
    expect(meta.format).toBe(format);
    expect([meta.width, meta.height]).toEqual([640, 480]);
    // Decoding every pixel proves the embedded marker did not damage the image data.
    const { info } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
    expect(info.width * info.height).toBe(640 * 480);
    expect(extractReadingMarker(photo)).toEqual({ reading: '01234.567', meterType: 'pointer' });
  });

  it('honours width (height is 3/4 of it) and meter type', async () => {
    const photo = await renderMeterPhoto({
      reading: '42',
      meterType: 'roller',
      format: 'jpeg',
      width: 320,
    });
    const meta = await sharp(photo).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(extractReadingMarker(photo)).toEqual({ reading: '42', meterType: 'roller' });
  });

  it('is deterministic for a seed and varies between seeds', async () => {
    for (const format of FORMATS) {
      const a = await renderMeterPhoto({ reading: '00087.12', format, seed: 3, width: 200 });
      const b = await renderMeterPhoto({ reading: '00087.12', format, seed: 3, width: 200 });
      const c = await renderMeterPhoto({ reading: '00087.12', format, seed: 4, width: 200 });
      expect(a.equals(b)).toBe(true);
      expect(a.equals(c)).toBe(false);
    }
  });

  it('rejects readings and meter types the marker cannot carry', async () => {
    await expect(renderMeterPhoto({ reading: '12345678', format: 'png' })).rejects.toThrow(
      /Invalid reading/,
    );
    await expect(renderMeterPhoto({ reading: '1.2345', format: 'png' })).rejects.toThrow();
    await expect(
      renderMeterPhoto({ reading: '1', meterType: 'Pointer', format: 'png' }),
    ).rejects.toThrow(/Invalid meter type/);
  });

  it('draws the reading on the wheels: black for m³, red for the decimals', () => {
    for (const [seed, reading] of [
      [1, '01234.567'],
      [2, '9876543.21'],
      [3, '0042'],
      [4, '5.5'],
    ] as const) {
      const { svg } = meterScene(reading, 'pointer', createRng(seed));
      const wheels = /<g clip-path="url\(#wheels\)"><text[^>]*>(.*?)<\/text><\/g>/.exec(svg)?.[1];
      expect(wheels).toBeDefined();
      // Each wheel is a pair of tspans: its digit, then the neighbour peeking in.
      const digits = [...(wheels ?? '').matchAll(/<tspan[^>]*>(\d)<\/tspan>/g)].map((m) => m[1]);
      const shown = digits.filter((_, i) => i % 2 === 0).join('');
      expect(shown).toBe(reading.replace('.', ''));
      const [whole = '', decimals = ''] = reading.split('.');
      const red = /<path d="([^"]*)" fill="#b91d24"\/>/.exec(svg)?.[1] ?? '';
      expect(red.split('M').length - 1).toBe(decimals.length);
      const black = /<path d="([^"]*)" fill="#1e1e1e"\/>/.exec(svg)?.[1] ?? '';
      expect(black.split('M').length - 1).toBe(whole.length);
    }
  });
});

describe('embedReadingMarker', () => {
  async function plain(format: SampleFormat): Promise<Buffer> {
    const image = sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: 90, g: 120, b: 150 } },
    });
    if (format === 'jpeg') return image.jpeg().toBuffer();
    if (format === 'png') return image.png().toBuffer();
    return image.webp().toBuffer();
  }

  it('puts a JPEG COM segment right after SOI', async () => {
    const out = embedReadingMarker(await plain('jpeg'), 'jpeg', '01234.567', 'pointer');
    expect([...out.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xfe]);
    expect(out.readUInt16BE(4)).toBe(2 + MARKER.length);
    expect(out.toString('latin1', 6, 6 + MARKER.length)).toBe(MARKER);
    expect((await sharp(out).metadata()).format).toBe('jpeg');
  });

  it('puts a PNG tEXt chunk with a correct CRC right after IHDR', async () => {
    const out = embedReadingMarker(await plain('png'), 'png', '01234.567', 'pointer');
    const at = 8 + 12 + out.readUInt32BE(8); // signature + IHDR chunk
    const length = out.readUInt32BE(at);
    expect(out.toString('latin1', at + 4, at + 8)).toBe('tEXt');
    expect(out.toString('latin1', at + 8, at + 8 + length)).toBe(`Comment\0${MARKER}`);
    expect(out.readUInt32BE(at + 8 + length)).toBe(crc32(out.subarray(at + 4, at + 8 + length)));
    await sharp(out).raw().toBuffer(); // libpng checks CRCs
  });

  it('adds a WEBP RIFF chunk and updates the RIFF size', async () => {
    const source = await plain('webp');
    const out = embedReadingMarker(source, 'webp', '01234.567', 'pointer');
    expect(out.toString('latin1', 0, 4)).toBe('RIFF');
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out.length % 2).toBe(0);
    const chunk = out.indexOf('MDSK', 12, 'latin1');
    expect(chunk).toBeGreaterThan(12);
    expect(out.readUInt32LE(chunk + 4)).toBe(MARKER.length);
    expect(out.toString('latin1', chunk + 8, chunk + 8 + MARKER.length)).toBe(MARKER);
    const decoded = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info.width).toBe(24);
  });

  it('refuses bytes of another format', async () => {
    const png = await plain('png');
    expect(() => embedReadingMarker(png, 'jpeg', '1', 'pointer')).toThrow(/Not a JPEG/);
    expect(() => embedReadingMarker(png, 'webp', '1', 'pointer')).toThrow(/Not a WEBP/);
  });
});
