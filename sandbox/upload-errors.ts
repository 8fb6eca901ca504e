// Maps the outcome of reading a multipart body to the HTTP answer (413 / 400), or lets it pass.

import type { SandboxContext } from './context';
import type { UploadResult, UploadedFile } from './multipart';
import { MIB } from './options';
import type { Megabyte } from './options';
import { errorBody } from './responses';
import type { Exchange } from './responses';

/**
 * "20MB" for 20 MiB: the spec's unit, stated in every 413 message with the byte count. A decimal
 * deployment states its figure in its own megabytes only ("20MB" for 20,000,000 bytes).
 */
export function megabytes(bytes: number, megabyte: Megabyte = 'binary'): string {
  if (megabyte === 'decimal') return `${String(Number((bytes / 1_000_000).toFixed(6)))}MB`;
  const mb = bytes / MIB;
  return `${Number.isInteger(mb) ? String(mb) : mb.toFixed(2)}MB`;
}

/** The binary reading's byte count in brackets; a decimal deployment states none. */
function inBytes(bytes: number, megabyte: Megabyte): string {
  return megabyte === 'decimal' ? '' : ` (${bytes} bytes)`;
}

export function acceptedFiles(
  ctx: SandboxContext,
  ex: Exchange,
  upload: UploadResult,
  batch: boolean,
): { files: UploadedFile[]; fields: Map<string, string> } | null {
  const { maxFileBytes, maxBatchBytes, batchMaxFiles, megabyte } = ctx.config;
  switch (upload.kind) {
    case 'ok':
      return { files: upload.files, fields: upload.fields };
    case 'too_large': {
      const message =
        upload.what === 'file'
          ? `File too large: the maximum is ${megabytes(maxFileBytes, megabyte)} per image${inBytes(maxFileBytes, megabyte)}.`
          : `Batch too large: the maximum is ${megabytes(maxBatchBytes, megabyte)} of file content per batch${inBytes(maxBatchBytes, megabyte)}; each image at most ${megabytes(maxFileBytes, megabyte)}.`;
      ex.json(413, errorBody('file_too_large', message));
      return null;
    }
    case 'too_many_files':
      ex.fail(
        !batch
          ? {
              status: 400,
              error: 'bad_request',
              message: 'Send exactly one file part named "file".',
            }
          : ctx.deployment.batchOverflow.tellsLimit
            ? {
                status: 400,
                error: 'too_many_files',
                message: `A batch holds at most ${batchMaxFiles} files.`,
              }
            : { status: 400, error: 'too_many_files', message: 'Too many files in one batch.' },
      );
      return null;
    case 'bad_request':
      ex.fail({ status: 400, error: 'bad_request', message: upload.message });
      return null;
    case 'aborted':
      // The client went away; there is nobody to answer.
      ex.req.socket.destroy();
      return null;
  }
}
