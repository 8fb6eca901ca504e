// Photos still being copied from an SD card (or a share still filling) while the folder is
// scanned: the scanner sets them aside and judges each once it has stopped changing (settle.ts),
// instead of rejecting a half-copied photo for good. The copier is played deterministically: the
// scanner's wait is the moment the copier writes its next chunk.
import { createHash } from 'node:crypto';
import { appendFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPaths } from '../../main/engine/add-paths';
import { openStore } from '../../main/store/store';
import { image, outcomeOf, reasonOf, scanAll, useTempFolder } from './helpers/fixtures';
import { jobMessage } from '../../common/job-messages';

const t = useTempFolder('meterdesk-growing-');
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await image('jpeg', 77);
});

/** A copy in progress: the first `parts` of `data` written, one more each time the scanner waits. */
function copier(file: string, data: Buffer, parts: number) {
  const size = Math.ceil(data.length / parts);
  let written = 1;
  writeFileSync(file, data.subarray(0, size));
  const waits: number[] = [];
  return {
    waits,
    wait: (ms: number): Promise<void> => {
      waits.push(ms);
      if (written < parts) appendFileSync(file, data.subarray(written++ * size, written * size));
      return Promise.resolve();
    },
  };
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
const longAgo = new Date('2025-01-01T08:00:00Z');

describe('a photo still being copied', () => {
  it('is judged once the copy has finished: accepted whole, not rejected as truncated', async () => {
    const file = await t.put('card/IMG_0001.JPG', '');
    const copy = copier(file, jpeg, 4);
    await t.put('card/IMG_0002.JPG', jpeg);
    const found = await scanAll([t.abs('card')], { wait: copy.wait, settleMs: 500 });
    expect(found.get('IMG_0001.JPG')?.outcome).toEqual({
      kind: 'accepted',
      sha256: sha256(jpeg),
      format: 'jpeg',
    });
    expect(found.get('IMG_0001.JPG')?.size).toBe(jpeg.length);
    expect(outcomeOf(found.get('IMG_0002.JPG'))).toBe('accepted jpeg');
    // Three more chunks, then one quiet period to know the copy is done.
    expect(copy.waits).toEqual([500, 500, 500, 500]);
  });

  it('created empty by the copier is waited for too, then read', async () => {
    const file = await t.put('empty-first/IMG_0003.JPG', '');
    let waited = 0;
    const found = await scanAll([t.abs('empty-first')], {
      wait: () => {
        if (waited++ === 0) writeFileSync(file, jpeg);
        return Promise.resolve();
      },
    });
    expect(outcomeOf(found.get('IMG_0003.JPG'))).toBe('accepted jpeg');
  });

  it('still growing when the scan stops waiting is reported as growing, and not added', async () => {
    const file = await t.put('slow-share/IMG_0004.JPG', '');
    const copy = copier(file, jpeg, 50);
    await t.put('slow-share/IMG_0005.JPG', jpeg);
    const store = openStore(join(t.dir, 'queue.sqlite'));
    try {
      const summary = await addPaths(store, [t.abs('slow-share')], {
        scan: { wait: copy.wait, settleMs: 1000, maxSettleMs: 3000 },
      });
      expect(summary.queued).toBe(1);
      expect(summary.rejected).toBe(0);
      expect(summary.missing).toEqual([
        {
          path: file,
          reason: jobMessage('stillWritten', { seconds: '3' }),
        },
      ]);
      expect(store.db.prepare('select count(*) as n from jobs where path = ?').get(file)).toEqual({
        n: 0,
      });
    } finally {
      store.close();
    }
  });
});

describe('a photo that really is cut short', () => {
  it('is rejected once it stayed the same for a settle period', async () => {
    await t.put('truncated/IMG_0006.JPG', jpeg.subarray(0, jpeg.length - 40));
    const waits: number[] = [];
    const found = await scanAll([t.abs('truncated')], {
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(outcomeOf(found.get('IMG_0006.JPG'))).toBe('rejected unsupported_format');
    expect(reasonOf(found.get('IMG_0006.JPG'))).toContain('truncated or damaged JPEG');
    expect(waits).toEqual([1000]);
  });

  it('is rejected at once when it was last changed long ago (no waiting)', async () => {
    const old = await t.put('old/IMG_0007.JPG', jpeg.subarray(0, jpeg.length - 40));
    const empty = await t.put('old/IMG_0008.JPG', '');
    for (const f of [old, empty]) utimesSync(f, longAgo, longAgo);
    const found = await scanAll([t.abs('old')], {
      wait: () => Promise.reject(new Error('the scan must not wait for old files')),
    });
    expect(outcomeOf(found.get('IMG_0007.JPG'))).toBe('rejected unsupported_format');
    expect(outcomeOf(found.get('IMG_0008.JPG'))).toBe('rejected empty_file');
  });
});
