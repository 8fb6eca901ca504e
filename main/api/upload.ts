// Multipart bodies whose file parts stream from disk. fs.openAsBlob gives a Blob backed by the file
// (read in chunks while undici writes the request), so memory stays flat whatever the file size, and
// a file modified after opening fails the read instead of sending a mix of old and new bytes.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { FormData } from './http';

export interface FileToUpload {
  /** Absolute path on disk. */
  readonly path: string;
  /** File name sent to the service (shown back in batch items). */
  readonly name: string;
  /** Size the scanner saw; a different size now means the file changed since. */
  readonly size: number;
}

export interface OpenedFile {
  readonly name: string;
  readonly blob: Blob;
}

/** Thrown when the file on disk no longer has the size the caller expects. */
export class FileChangedError extends Error {
  override readonly name = 'FileChangedError';
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

function mimeOf(name: string): string {
  // The service inspects real content (spec 7: 415); the type is only a courtesy.
  return MIME_BY_EXTENSION[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Opens the file lazily; throws fs errors (ENOENT...) or FileChangedError. */
export async function openFile(file: FileToUpload): Promise<OpenedFile> {
  // openAsBlob reports a missing file only as a generic TypeError; stat says ENOENT.
  const info = await stat(file.path);
  if (!info.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
  const blob = await openAsBlob(file.path, { type: mimeOf(file.name) });
  if (blob.size !== file.size) {
    throw new FileChangedError(`size is ${blob.size}, expected ${file.size}`);
  }
  return { name: file.name, blob };
}

export function taskForm(file: OpenedFile): FormData {
  const form = new FormData();
  form.append('file', file.blob, file.name);
  return form;
}

export function batchForm(files: readonly OpenedFile[], business: string | undefined): FormData {
  const form = new FormData();
  // Text fields first: a streaming server parser then knows the business before the files arrive.
  if (business !== undefined) form.append('business', business);
  for (const file of files) form.append('files', file.blob, file.name);
  return form;
}
