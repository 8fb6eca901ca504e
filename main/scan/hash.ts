// Streaming SHA-256: fixed-size reads into pooled buffers, so memory stays flat however large
// the file and however many are hashed at once.
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 256 * 1024;
const pool: Buffer[] = [];

function takeBuffer(): Buffer {
  return pool.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
}

function giveBack(buf: Buffer): void {
  // A handful is enough for the scanner's bounded parallelism; extras go to the GC.
  if (pool.length < 16) pool.push(buf);
}

/**
 * Hashes an open file from its start. `onChunk` sees every chunk (valid only during the call),
 * so a content check can ride along on the same single read pass.
 */
export async function hashHandle(
  handle: FileHandle,
  signal?: AbortSignal,
  onChunk?: (chunk: Buffer) => void,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  const buf = takeBuffer();
  let size = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buf, 0, buf.length, size);
      if (bytesRead === 0) break;
      const chunk = buf.subarray(0, bytesRead);
      hash.update(chunk);
      onChunk?.(chunk);
      size += bytesRead;
    }
  } finally {
    giveBack(buf);
  }
  return { sha256: hash.digest('hex'), size };
}

/** SHA-256 (hex) and byte count of a file, read in chunks. */
export async function hashFile(
  path: string,
  signal?: AbortSignal,
): Promise<{ sha256: string; size: number }> {
  signal?.throwIfAborted();
  const handle = await open(path, 'r');
  try {
    return await hashHandle(handle, signal);
  } finally {
    await handle.close();
  }
}
