// Codes read beside the uploads (issue 25): checked photos have their codes read in the real
// photo-check worker thread and kept with the photo ([] when it shows none).
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoCode } from '../../common/photo-codes';
import { CheckerHealth } from '../../main/engine/checker-health';
import { CodeReading } from '../../main/engine/code-reading';
import { stickerPng } from '../../sandbox/samples/code-sticker';
import { offlineSession } from '../helpers/offline-session';
import { tempDir } from '../helpers/tmp';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function photo(path: string, serial: string | null): Promise<void> {
  const wall = sharp({ create: { width: 480, height: 360, channels: 3, background: '#9a9488' } });
  const layers = serial
    ? [{ input: await stickerPng(serial, 'DataMatrix', 160), left: 260, top: 60 }]
    : [];
  writeFileSync(path, await wall.composite(layers).jpeg({ quality: 88 }).toBuffer());
}

describe('reading the codes on checked photos', () => {
  it('keeps the codes of each checked photo, none on a photo without one', async () => {
    const t = tempDir('meterdesk-codes-');
    const photos = join(t.dir, 'photos');
    mkdirSync(photos);
    await photo(join(photos, '4711-0815.jpg'), '4711-0815');
    await photo(join(photos, '4711-0816.jpg'), null);
    const session = offlineSession(t.dir);
    cleanup = async () => {
      await session.close();
      t.cleanup();
    };
    await session.actions.addPhotos([photos]);
    const jobs = [...session.store.queries.iterate({})];
    for (const job of jobs) {
      session.store.jobs.recordCheck(job.id, { measures: null, hold: null, minShortSide: 320 });
    }

    const recorded = new Set<number>();
    let allRead: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      allRead = resolve;
    });
    const reading = new CodeReading({
      store: session.store,
      on: true,
      changed: (ids) => {
        for (const id of ids) recorded.add(id);
        if (recorded.size === jobs.length) allRead();
      },
      now: () => Date.parse('2026-11-23T12:00:00Z'),
      health: new CheckerHealth({ log: () => undefined, changed: () => undefined }),
      log: () => undefined,
    });
    reading.start();
    await done;
    await reading.stop();

    const codesOf = (name: string): PhotoCode[] => {
      const job = jobs.find((j) => j.relPath === name);
      return job ? session.store.jobs.photoCodes(job.id) : [];
    };
    expect(codesOf('4711-0815.jpg')).toEqual([{ format: 'DataMatrix', text: '4711-0815' }]);
    expect(codesOf('4711-0816.jpg')).toEqual([]);
    expect(session.store.jobs.unreadCodePhotos(10)).toEqual([]);
  });
});
