// Spec 4.3 / 4.6 / 7 / 8.1: multipart uploads, size limits on received bytes (also chunked),
// validation by real content, batch business rules and the CAD deployment.

import { describe, expect, it } from 'vitest';
import { MIB } from '../../sandbox';
import {
  call,
  jpegImage,
  pngChunk,
  pngImage,
  postBatch,
  postChunked,
  postTask,
  startSandbox,
  uniqueJpeg,
  waitBatchDone,
  webpImage,
} from './helpers';

/** A valid PNG of exactly `size` bytes (an ancillary padding chunk before IEND). */
async function pngOfSize(size: number): Promise<Buffer> {
  const base = await pngImage({ nonce: `size${String(size)}` });
  const iend = base.length - 12;
  const pad = pngChunk('pADd', Buffer.alloc(size - base.length - 12, 0x61));
  const out = Buffer.concat([base.subarray(0, iend), pad, base.subarray(iend)]);
  expect(out.length).toBe(size);
  return out;
}

describe('spec 8.1 / 7 size limits: 413 file_too_large', () => {
  it('accepts a file of exactly 20 MiB and refuses one byte more, before creating a task', async () => {
    const sb = await startSandbox();
    const exact = await postTask(sb, { bytes: await pngOfSize(20 * MIB), name: 'big.png' });
    expect(exact.status).toBe(200);
    const over = await postTask(sb, { bytes: await pngOfSize(20 * MIB + 1), name: 'big.png' });
    expect(over.status).toBe(413);
    expect(Object.keys(over.body).sort()).toEqual(['error', 'message', 'ok']);
    expect(over.body).toMatchObject({ ok: false, error: 'file_too_large' });
    expect(String(over.body.message)).toContain('20MB');
    expect(sb.ledger.counts().tasksCreated).toBe(1);
  });

  it('counts bytes actually received with chunked transfer and no Content-Length', async () => {
    const sb = await startSandbox();
    const r = await postChunked(sb, '/api/open/tasks', [
      { name: 'file', fileName: 'big.jpg', content: Buffer.alloc(20 * MIB + 10, 0xff) },
    ]);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ ok: false, error: 'file_too_large' });
    const small = await postChunked(sb, '/api/open/tasks', [
      { name: 'file', fileName: 'ok.jpg', content: await jpegImage({ nonce: 'chunked' }) },
    ]);
    expect(small.status).toBe(200);
    // The connection survives the early 413: the server drained the rest of the upload.
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
  });

  it('refuses a batch whose total content exceeds 20 MiB: no partial batch', async () => {
    const sb = await startSandbox();
    const part = await pngOfSize(7 * MIB);
    const files = [0, 1, 2].map((i) => ({ bytes: part, name: `p${String(i)}.png` }));
    const r = await postBatch(sb, files);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ ok: false, error: 'file_too_large' });
    expect(String(r.body.message)).toContain('20MB');
    expect(sb.ledger.counts().tasksCreated).toBe(0);
    expect(sb.ledger.counts().batchesCreated).toBe(0);
    const chunked = await postChunked(
      sb,
      '/api/open/batches',
      files.map((f) => ({ name: 'files', fileName: f.name, content: f.bytes })),
    );
    expect(chunked.status).toBe(413);
  });

  it('honours smaller configured limits in the message', async () => {
    const sb = await startSandbox({ maxFileBytes: MIB, maxBatchBytes: 2 * MIB });
    const r = await postTask(sb, { bytes: await pngOfSize(MIB + 1), name: 'a.png' });
    expect(r.status).toBe(413);
    expect(String(r.body.message)).toContain('1MB');
  });

  it('refuses more files than batchMaxFiles (default 8) with 400 too_many_files', async () => {
    const sb = await startSandbox();
    const files = await Promise.all(Array.from({ length: 9 }, () => uniqueJpeg()));
    const r = await postBatch(sb, files);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, error: 'too_many_files' });
    expect((await postBatch(sb, files.slice(0, 8))).status).toBe(200);
  });
});

describe('spec 7 415: validation by real content', () => {
  it('refuses a text file named .jpg, a truncated JPEG, an empty file and a broken WEBP', async () => {
    const sb = await startSandbox();
    const jpeg = await jpegImage({ nonce: 'trunc' });
    const webp = await webpImage({ nonce: 'badriff' });
    const badRiff = Buffer.from(webp);
    badRiff.writeUInt32LE(webp.length + 100, 4);
    const png = await pngImage({ nonce: 'truncpng' });
    const cases = [
      { bytes: Buffer.from('hello, I am text\n'), name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: jpeg.subarray(0, jpeg.length - 40), name: 'cut.jpg' },
      { bytes: jpeg.subarray(0, jpeg.length - 2), name: 'noeoi.jpg' },
      { bytes: Buffer.alloc(0), name: 'empty.jpg' },
      { bytes: badRiff, name: 'x.webp' },
      { bytes: png.subarray(0, png.length - 12), name: 'noiend.png' },
      { bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), name: 'anim.gif' },
    ];
    for (const file of cases) {
      const r = await postTask(sb, file);
      expect(r.status, file.name).toBe(415);
      expect(r.body).toMatchObject({ ok: false, error: 'unsupported_image' });
    }
    expect(sb.ledger.counts().tasksCreated).toBe(0);
  });

  it('accepts JPEG, PNG and WEBP whatever their name or declared type', async () => {
    const sb = await startSandbox();
    const cases = [
      { bytes: await pngImage({ nonce: 'p' }), name: 'really-a-png.jpg', type: 'image/jpeg' },
      { bytes: await jpegImage({ nonce: 'j' }), name: 'noext', type: 'text/plain' },
      { bytes: await webpImage({ nonce: 'w' }), name: 'x.webp' },
      { bytes: await webpImage({ nonce: 'w2x' }), name: 'odd' },
    ];
    for (const file of cases) expect((await postTask(sb, file)).status, file.name).toBe(200);
  });

  it('batch: an invalid file becomes a failed item (invalid_image); all invalid -> 415', async () => {
    const sb = await startSandbox();
    const good = await uniqueJpeg({ reading: '5.5' });
    const bad = { bytes: Buffer.from('nope'), name: 'bad.jpg' };
    const r = await postBatch(sb, [good, bad]);
    expect(r.status).toBe(200);
    const items = r.body.items as Record<string, unknown>[];
    expect(items[1]).toMatchObject({
      index: 1,
      file_name: 'bad.jpg',
      status: 'failed',
      result_source: 'failed',
      failure_kind: 'invalid_image',
      final_reading: '-',
    });
    expect(String(items[1]?.error_message)).not.toBe('');
    expect(r.body).toMatchObject({ total_count: 2, failed_count: 1, pending_count: 1 });
    const done = await waitBatchDone(sb, String(r.body.batch_id));
    expect(done.body).toMatchObject({ status: 'batch_done', done_count: 1, failed_count: 1 });

    const none = await postBatch(sb, [bad, { bytes: Buffer.from('x'), name: 'y.png' }]);
    expect(none.status).toBe(415);
    expect(none.body).toMatchObject({ ok: false, error: 'unsupported_image' });
    expect(sb.ledger.counts().batchesCreated).toBe(1);
  });
});

describe('multipart shape', () => {
  it('refuses a non-multipart body, a missing file part and a wrongly named part with 400', async () => {
    const sb = await startSandbox();
    const json = await call(sb, '/api/open/tasks', {
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const empty = new FormData();
    empty.append('note', 'hi');
    expect((await call(sb, '/api/open/tasks', { body: empty })).status).toBe(400);
    const wrong = new FormData();
    wrong.append('image', new Blob([await jpegImage()]), 'a.jpg');
    const r = await call(sb, '/api/open/tasks', { body: wrong });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, error: 'bad_request' });
    const two = new FormData();
    two.append('file', new Blob([await jpegImage({ nonce: 1 })]), 'a.jpg');
    two.append('file', new Blob([await jpegImage({ nonce: 2 })]), 'b.jpg');
    expect((await call(sb, '/api/open/tasks', { body: two })).status).toBe(400);
    const noFiles = new FormData();
    noFiles.append('business', 'water_v3_meter');
    expect((await call(sb, '/api/open/batches', { body: noFiles })).status).toBe(400);
    expect(sb.ledger.counts().tasksCreated).toBe(0);
  });
});

describe('spec 4.6 business', () => {
  it('missing business defaults to the deployment namespace; cax has its own namespace', async () => {
    const sb = await startSandbox();
    const r = await postBatch(sb, [await uniqueJpeg()]);
    expect(r.status).toBe(200);
    expect(sb.ledger.batches()[0]?.business).toBe('water_v3_meter');
    const blank = await postBatch(sb, [await uniqueJpeg()], '  ');
    expect(blank.status).toBe(200);
    const cax = await postBatch(sb, [await uniqueJpeg()], 'cax');
    expect(cax.status).toBe(200);
    const namespaces = sb.ledger.tasks().map((t) => t.namespace);
    expect(namespaces).toEqual(['water_v3_meter', 'water_v3_meter', 'cax']);
  });

  it('unknown business -> 400 unknown_business', async () => {
    const sb = await startSandbox();
    const r = await postBatch(sb, [await uniqueJpeg()], 'gas_meter');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, error: 'unknown_business' });
  });

  it('water_v3_foreign -> 409 while the foreign service is disabled, 200 once enabled', async () => {
    const sb = await startSandbox();
    const r = await postBatch(sb, [await uniqueJpeg()], 'water_v3_foreign');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ ok: false, error: 'business_disabled' });
    expect(sb.ledger.counts().tasksCreated).toBe(0);
    sb.control.setDeployment({ foreignEnabled: true });
    expect((await postBatch(sb, [await uniqueJpeg()], 'water_v3_foreign')).status).toBe(200);
  });

  it('CAD deployment: POST /batches -> 400 {detail} naming the business; single tasks work', async () => {
    const sb = await startSandbox({ service: 'CAD' });
    const r = await postBatch(sb, [await uniqueJpeg()], 'water_v3_meter');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body)).toEqual(['detail']);
    expect(String(r.body.detail)).toContain('water_v3_meter');
    const dflt = await postBatch(sb, [await uniqueJpeg()]);
    expect(String(dflt.body.detail)).toContain('water_v3_meter');
    expect((await postTask(sb, await uniqueJpeg())).status).toBe(200);
    sb.control.setDeployment({ service: 'standard' });
    expect((await postBatch(sb, [await uniqueJpeg()])).status).toBe(200);
  });
});
