// The reference readers the scanner is compared with: every file of a folder hashed by a command
// line tool, discovery included. One tool process at a time (xargs without -P) because the
// product hashes on one thread too: Node's crypto hashes on the main thread, only the reads run
// on libuv's pool.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type HashTool = 'sha256sum' | 'openssl';

/** The shell line each tool runs; "$1" is the folder. */
export const HASH_COMMANDS: Readonly<Record<HashTool, string>> = {
  sha256sum: 'find "$1" -type f -print0 | xargs -0 sha256sum > /dev/null',
  openssl: 'find "$1" -type f -print0 | xargs -0 openssl dgst -sha256 > /dev/null',
};

/** Whether the tool is installed here. */
export async function hasTool(tool: HashTool): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
}

/** Wall time of one pass of `tool` over every file under `dir`, process start-up included. */
export async function hashFolderMs(tool: HashTool, dir: string): Promise<number> {
  const t0 = performance.now();
  // xargs exits non-zero when the tool failed on any file: a failed pass must not pass as fast.
  await run('sh', ['-c', HASH_COMMANDS[tool], 'sh', dir], { maxBuffer: 1024 * 1024 });
  return performance.now() - t0;
}
