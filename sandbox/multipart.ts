// Streaming multipart/form-data reader. Size limits are enforced on the bytes actually received
// (spec 7: also with chunked transfer or no Content-Length), so a lying or missing Content-Length
// changes nothing. On the first violation reading stops, nothing is kept, and the rest of the body
// is drained (up to a cap) so the client can read the early answer instead of a reset.

import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';

export interface UploadedFile {
  /** Zero-based position among the file parts. */
  readonly index: number;
  readonly fileName: string;
  readonly bytes: Buffer;
}

export interface UploadLimits {
  /** The only accepted name of file parts ('file' for tasks, 'files' for batches). */
  readonly fileField: string;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
  /** Text fields to keep; others are ignored. */
  readonly textFields: readonly string[];
}

export type UploadResult =
  | { kind: 'ok'; files: UploadedFile[]; fields: Map<string, string> }
  | { kind: 'too_large'; what: 'file' | 'total' }
  | { kind: 'too_many_files' }
  | { kind: 'bad_request'; message: string }
  | { kind: 'aborted' };

/** After an early refusal, at most this much more is drained before the socket is dropped. */
const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

function drain(req: IncomingMessage): void {
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_CAP_BYTES) req.socket.destroy();
  });
  req.resume();
}

export function readUpload(req: IncomingMessage, limits: UploadLimits): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve) => {
    let settled = false;
    const settle = (result: UploadResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };

    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data\b/i.test(contentType)) {
      drain(req);
      settle({ kind: 'bad_request', message: 'expected a multipart/form-data body' });
      return;
    }

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Clients send file names as raw UTF-8 (browsers, undici); busboy's default is latin1.
        defParamCharset: 'utf8',
        limits: { fieldSize: 4096, fields: 32, parts: limits.maxFiles + 64 },
      });
    } catch {
      drain(req);
      settle({ kind: 'bad_request', message: 'malformed multipart/form-data header' });
      return;
    }

    let stopped = false;
    const stop = (result: UploadResult): void => {
      if (stopped) return;
      stopped = true;
      req.unpipe(parser);
      // The parser may still emit for data it buffered; nothing listens any more.
      parser.on('error', () => undefined);
      drain(req);
      settle(result);
    };

    const slots: (UploadedFile | null)[] = [];
    const fields = new Map<string, string>();
    let total = 0;
    let pendingFiles = 0;
    let parserClosed = false;
    const maybeDone = (): void => {
      if (stopped || !parserClosed || pendingFiles > 0) return;
      const files = slots.filter((f): f is UploadedFile => f !== null);
      settle({ kind: 'ok', files, fields });
    };

    parser.on('file', (name, stream, info) => {
      if (stopped) {
        stream.resume();
        return;
      }
      if (name !== limits.fileField) {
        stream.resume();
        stop({ kind: 'bad_request', message: `unexpected file part "${name}"` });
        return;
      }
      const index = slots.length;
      slots.push(null);
      if (slots.length > limits.maxFiles) {
        stream.resume();
        stop({ kind: 'too_many_files' });
        return;
      }
      pendingFiles += 1;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (stopped) return;
        size += chunk.length;
        total += chunk.length;
        if (size > limits.maxFileBytes) stop({ kind: 'too_large', what: 'file' });
        else if (total > limits.maxTotalBytes) stop({ kind: 'too_large', what: 'total' });
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        pendingFiles -= 1;
        if (stopped) return;
        slots[index] = { index, fileName: info.filename || 'upload', bytes: Buffer.concat(chunks) };
        maybeDone();
      });
    });

    parser.on('field', (name, value, info) => {
      if (stopped || info.valueTruncated || !limits.textFields.includes(name)) return;
      fields.set(name, value);
    });

    parser.on('partsLimit', () => {
      stop({ kind: 'bad_request', message: 'too many parts in the multipart body' });
    });

    parser.on('close', () => {
      parserClosed = true;
      maybeDone();
    });

    parser.on('error', () => {
      stop({ kind: 'bad_request', message: 'malformed multipart/form-data body' });
    });

    req.on('error', () => {
      settle({ kind: 'aborted' });
    });
    req.on('close', () => {
      if (!req.complete) settle({ kind: 'aborted' });
    });

    req.pipe(parser);
  });
}
