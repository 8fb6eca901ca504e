// The reading rule (sandbox/README.md): the marker METERDESK:reading=<R>;meter_type=<T>; embedded
// by the sample generator is what the simulated AI "reads"; without it, a reading derived from the
// sha256. Also the image validators on real encoder output.

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage } from '../../sandbox/image-check';
import { findReadingMarker, readImageReading, readingFromHash } from '../../sandbox/reading';
import { jpegImage, pngImage, postTask, startSandbox, waitTaskFinal, webpImage } from './helpers';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('reading marker extractor', () => {
  it('finds the first marker anywhere in the bytes', () => {
    const buf = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0x00, 0x01]),
      bytes('xxMETERDESK:reading=0012345.678;meter_type=digital_wheel;tail'),
      bytes('METERDESK:reading=1;meter_type=other;'),
    ]);
    expect(findReadingMarker(buf)).toEqual({ reading: '0012345.678', meterType: 'digital_wheel' });
    expect(findReadingMarker(bytes('METERDESK:reading=7;meter_type=pointer;'))).toEqual({
      reading: '7',
      meterType: 'pointer',
    });
  });

  it('returns null for no marker or a malformed first marker', () => {
    const bad = [
      'no marker here',
      'METERDESK:reading=12345678;meter_type=pointer;',
      'METERDESK:reading=1.2345;meter_type=pointer;',
      'METERDESK:reading=1.5;meter_type=Pointer;',
      'METERDESK:reading=1.5;meter_type=pointer',
      'METERDESK:reading=.5;meter_type=pointer;',
      `METERDESK:reading=1;meter_type=${'a'.repeat(25)};`,
      'METERDESK:reading=x;meter_type=pointer;METERDESK:reading=1;meter_type=pointer;',
    ];
    for (const s of bad) expect(findReadingMarker(bytes(s)), s).toBeNull();
  });

  it('derives 5 digits . 3 digits and meter type pointer from the sha256 without a marker', () => {
    const hash = createHash('sha256').update('x').digest('hex');
    const r = readingFromHash(hash);
    expect(r.reading).toMatch(/^[0-9]{5}\.[0-9]{3}$/);
    expect(r.meterType).toBe('pointer');
    expect(readingFromHash(hash)).toEqual(r);
    expect(readImageReading(bytes('plain'), hash)).toEqual({ ...r, source: 'hash' });
  });
});

describe('readings over HTTP', () => {
  it('reads the marker from a JPEG COM segment, a PNG tEXt chunk and a WEBP chunk', async () => {
    const sb = await startSandbox();
    const cases = [
      { bytes: await jpegImage({ reading: '00042.125', meterType: 'pointer' }), name: 'a.jpg' },
      { bytes: await pngImage({ reading: '1234567', meterType: 'digital' }), name: 'b.png' },
      { bytes: await webpImage({ reading: '3.5', meterType: 'wheel_counter' }), name: 'c.webp' },
    ];
    const expected = [
      ['00042.125', 'pointer'],
      ['1234567', 'digital'],
      ['3.5', 'wheel_counter'],
    ];
    for (const [i, file] of cases.entries()) {
      const r = await postTask(sb, file);
      expect(r.status).toBe(200);
      const done = await waitTaskFinal(sb, String(r.body.task_id));
      const [reading, type] = expected[i] ?? [];
      expect(done.body).toMatchObject({ final_reading: reading, meter_type: type });
      expect(done.body.result_summary).toMatchObject({
        primaryValue: reading,
        secondaryValue: type,
      });
      expect(String((done.body.result_summary as Record<string, unknown>).summaryText)).toContain(
        String(reading),
      );
    }
  });

  it('without a marker the reading comes from the sha256 and the type is pointer', async () => {
    const sb = await startSandbox();
    const img = await jpegImage({ nonce: 'nomarker' });
    const r = await postTask(sb, { bytes: img, name: 'x.jpg' });
    const done = await waitTaskFinal(sb, String(r.body.task_id));
    const hash = createHash('sha256').update(img).digest('hex');
    expect(done.body).toMatchObject({
      final_reading: readingFromHash(hash).reading,
      meter_type: 'pointer',
    });
    expect(sb.ledger.task(String(r.body.task_id))).toMatchObject({
      sha256: hash,
      readingSource: 'hash',
      readingGiven: readingFromHash(hash).reading,
    });
  });
});

describe('image validation on real encoder output', () => {
  it('accepts baseline and progressive JPEG, PNG, lossy and lossless WEBP, with metadata', async () => {
    const make = () =>
      sharp({ create: { width: 33, height: 17, channels: 4, background: '#3366aa80' } });
    const images = [
      await make().jpeg({ progressive: true }).toBuffer(),
      await make().jpeg({ quality: 40 }).toBuffer(),
      await make().png({ palette: true }).toBuffer(),
      await make().webp({ lossless: true }).toBuffer(),
      await make().webp({ quality: 50 }).toBuffer(),
      await make().withMetadata().webp().toBuffer(),
      await make()
        .withExif({ IFD0: { Copyright: 'x' } })
        .jpeg()
        .toBuffer(),
    ];
    for (const img of images) expect(checkImage(img)).toMatchObject({ ok: true });
  });

  it('refuses truncation at every cut of a small JPEG and PNG', async () => {
    const jpeg = await jpegImage({ nonce: 'cuts' });
    const png = await pngImage({ nonce: 'cuts' });
    for (let cut = 0; cut < jpeg.length; cut += 7) {
      expect(checkImage(jpeg.subarray(0, cut)).ok, `jpeg cut ${String(cut)}`).toBe(false);
    }
    for (let cut = 0; cut < png.length; cut += 5) {
      expect(checkImage(png.subarray(0, cut)).ok, `png cut ${String(cut)}`).toBe(false);
    }
  });
});
