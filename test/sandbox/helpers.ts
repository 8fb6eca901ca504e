// Test helpers for the sandbox contract tests: real HTTP on 127.0.0.1 with Node's fetch or
// node:http, and real image bytes (sharp-made, with the reading marker spliced in by hand).

import { request } from 'node:http';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { onTestFinished } from 'vitest';
import { createSandbox } from '../../sandbox';
import type { Sandbox, SandboxOptions } from '../../sandbox';

/** A sandbox on port 0 with a short latency, closed when the test ends. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await createSandbox({
    ...options,
    ai: { latencyMs: 20, jitterMs: 5, ...options.ai },
  });
  onTestFinished(() => sandbox.close());
  return sandbox;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: Record<string, unknown>;
  text: string;
}

export interface CallOptions {
  method?: string;
  key?: string | null;
  body?: FormData | string;
  headers?: Record<string, string>;
}

export async function call(
  sb: Sandbox,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? sb.apiKey : opts.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const res = await fetch(`${sb.url}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body,
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = {};
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A call to the loopback control surface under /__sandbox (GET without a body, else POST). */
export async function control(
  sb: Sandbox,
  op: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sb.url}/__sandbox${op}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export interface FilePart {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

function blobOf(part: FilePart): Blob {
  return new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' });
}

export function postTask(sb: Sandbox, file: FilePart, key?: string): Promise<ApiResponse> {
  const form = new FormData();
  form.append('file', blobOf(file), file.name);
  return call(sb, '/api/open/tasks', { body: form, key });
}

export function postBatch(
  sb: Sandbox,
  files: readonly FilePart[],
  business?: string,
  key?: string,
): Promise<ApiResponse> {
  const form = new FormData();
  if (business !== undefined) form.append('business', business);
  for (const f of files) form.append('files', blobOf(f), f.name);
  return call(sb, '/api/open/batches', { body: form, key });
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** Polls until check() returns a value other than undefined; fails after a generous deadline. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  deadlineMs = 10_000,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const FINAL = new Set(['done', 'failed']);

export function waitTaskFinal(sb: Sandbox, taskId: string, key?: string): Promise<ApiResponse> {
  return eventually(async () => {
    const r = await call(sb, `/api/open/tasks/${taskId}`, { key });
    return FINAL.has(String(r.body.status)) ? r : undefined;
  }, `task ${taskId} to finish`);
}

export function waitBatchDone(sb: Sandbox, batchId: string): Promise<ApiResponse> {
  return eventually(async () => {
    const r = await call(sb, `/api/open/batches/${batchId}`);
    return r.body.status === 'batch_done' ? r : undefined;
  }, `batch ${batchId} to finish`);
}

/**
 * n tasks of the first key, fast: one fresh image, then the same image again, which is
 * cached_exact and final at creation (no AI wait, no concurrency slot held).
 */
export async function fillTasks(sb: Sandbox, n: number): Promise<void> {
  const image = await uniqueJpeg();
  const first = await postTask(sb, image);
  await waitTaskFinal(sb, String(first.body.task_id));
  for (let i = 1; i < n; i++) {
    const r = await postTask(sb, image);
    if (r.body.result_source !== 'cached_exact') throw new Error(`fillTasks: ${r.text}`);
  }
}

// ---- images

export interface ImageOptions {
  /** Embed METERDESK:reading=<reading>;meter_type=<meterType>; */
  reading?: string;
  meterType?: string;
  /** Makes the bytes (and the sha256) unique. */
  nonce?: string | number;
  /** Raw text to embed instead of the generated marker. */
  rawText?: string;
}

let bases: Promise<Record<'jpeg' | 'png' | 'webp', Buffer>> | null = null;

function baseImages(): Promise<Record<'jpeg' | 'png' | 'webp', Buffer>> {
  bases ??= (async () => {
    const make = () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 40, g: 90, b: 160 } } });
    return {
      jpeg: await make().jpeg().toBuffer(),
      png: await make().png().toBuffer(),
      webp: await make().webp().toBuffer(),
    };
  })();
  return bases;
}

function embeddedText(o: ImageOptions): string {
  if (o.rawText !== undefined) return o.rawText;
  const marker =
    o.reading === undefined
      ? ''
      : `METERDESK:reading=${o.reading};meter_type=${o.meterType ?? 'pointer'};`;
  return `${marker}nonce=${String(o.nonce ?? 0)}`;
}

export async function jpegImage(o: ImageOptions = {}): Promise<Buffer> {
  const base = (await baseImages()).jpeg;
  const text = Buffer.from(embeddedText(o), 'latin1');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), com, text, base.subarray(2)]);
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export async function pngImage(o: ImageOptions = {}): Promise<Buffer> {
  const base = (await baseImages()).png;
  const iend = base.length - 12;
  const text = pngChunk('tEXt', Buffer.from(`Comment\u0000${embeddedText(o)}`, 'latin1'));
  return Buffer.concat([base.subarray(0, iend), text, base.subarray(iend)]);
}

export async function webpImage(o: ImageOptions = {}): Promise<Buffer> {
  const base = (await baseImages()).webp;
  let data = Buffer.from(embeddedText(o), 'latin1');
  const size = data.length;
  if (size % 2 === 1) data = Buffer.concat([data, Buffer.alloc(1)]);
  const head = Buffer.alloc(8);
  head.write('MDSK', 0, 'latin1');
  head.writeUInt32LE(size, 4);
  const out = Buffer.concat([base, head, data]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

let counter = 0;
/** A fresh unique JPEG part (no marker unless given). */
export async function uniqueJpeg(o: ImageOptions = {}): Promise<FilePart> {
  counter += 1;
  return { bytes: await jpegImage({ nonce: `u${counter}`, ...o }), name: `m${counter}.jpg` };
}

// ---- raw multipart over node:http (chunked, no Content-Length)

export interface RawPart {
  name: string;
  fileName?: string;
  content: Uint8Array | string;
}

export function multipartBody(parts: readonly RawPart[]): { boundary: string; chunks: Buffer[] } {
  const boundary = `----sandboxtest${String(Date.now())}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.fileName === undefined
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.fileName}"`;
    const type = p.fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content) : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, chunks };
}

/** POST a multipart body in 64 KiB chunks with Transfer-Encoding: chunked. */
export function postChunked(
  sb: Sandbox,
  path: string,
  parts: readonly RawPart[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { boundary, chunks } = multipartBody(parts);
  const all = Buffer.concat(chunks);
  const url = new URL(path, sb.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sb.apiKey}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Transfer-Encoding': 'chunked',
        },
      },
      (res) => {
        const got: Buffer[] = [];
        res.on('data', (c: Buffer) => got.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(got).toString('utf8')) as Record<string, unknown>,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    let offset = 0;
    const pump = (): void => {
      while (offset < all.length) {
        const piece = all.subarray(offset, offset + 65536);
        offset += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
