// A data folder MeterDesk cannot use is refused in office words, never with a raw code (EEXIST).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../main/backend/data-dir';
import { tempDir } from '../helpers/tmp';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
});

/**
 * A raw error code (EEXIST, ENOTDIR) in the words, outside the path they name: the temporary
 * folder's random name can hold capitals too ("meterdesk-g2EINS" failed a CI run).
 */
function rawCode(message: string, path: string): RegExpMatchArray | null {
  return message
    .split(path)
    .join('')
    .match(/E[A-Z]{3,}/);
}

function refusal(dir: string): string {
  try {
    prepareDataDir(dir);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error(`${dir} was accepted`);
}

describe('the data folder', () => {
  it('says a file is in the way, or a file is on the path, in words', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'queue.txt');
    writeFileSync(file, 'x');
    const taken = refusal(file);
    expect(taken).toContain('is a file, not a folder');
    expect(rawCode(taken, t.dir)).toBeNull();
    const under = refusal(join(file, 'inside'));
    expect(under).toContain('is a file, not a folder');
    expect(rawCode(under, t.dir)).toBeNull();
  });
});
