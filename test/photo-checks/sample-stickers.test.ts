// The sandbox's meter photos with serial stickers (issue 25): the stickered ones carry their
// meter's serial in a code the reader finds, a swapped-meter case shows another meter's, and the
// photos without a sticker show none.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPhotoCodes } from '../../main/photo-checks/read-codes';
import { generateSampleFolder } from '../../sandbox/samples';
import { tempDir } from '../helpers/tmp';

const folder = tempDir('meterdesk-stickers-');
afterAll(() => {
  folder.cleanup();
});

describe('sample photos with serial stickers', () => {
  it('carry their serial, or another meter for a swapped case', async () => {
    const manifest = await generateSampleFolder(folder.dir, {
      count: 4,
      seed: 25,
      formats: ['jpeg'],
      subfolders: false,
      duplicates: 0,
      stickers: 3,
      swapped: 1,
    });
    const read = await Promise.all(
      manifest.files.map(async (f) => ({
        serial: f.serial,
        code: f.code,
        texts: (await readPhotoCodes(join(folder.dir, f.relPath))).map((c) => c.text),
      })),
    );
    expect(read).toEqual([
      { serial: 'SN-25-1', code: 'SN-25-1', texts: ['SN-25-1'] },
      { serial: 'SN-25-2', code: 'SN-25-2', texts: ['SN-25-2'] },
      { serial: 'SN-25-3', code: 'SN-25-1', texts: ['SN-25-1'] },
      { serial: undefined, code: undefined, texts: [] },
    ]);
  });
});
