// The photo work of a run (issue 34) on a real queue: the run's end waits for every code to be
// read and says how many are left; stopping never waits for a check that hangs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineMessage } from '../../common/engine-messages';
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';
import type { Session } from '../../main/actions/session';
import { photoWork, type PhotoWork, type PhotoWorkDeps } from '../../main/engine/photo-work';
import { GOOD_MEASURES } from '../helpers/photo-measures';
import { offlineSession } from '../helpers/offline-session';
import { tempDir } from '../helpers/tmp';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function queueOf(count: number): Promise<Session> {
  const t = tempDir('meterdesk-photo-work-');
  const photos = join(t.dir, 'photos');
  mkdirSync(photos);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  for (let i = 1; i <= count; i++) writeFileSync(join(photos, `IMG_000${String(i)}.jpg`), jpeg);
  const session = offlineSession(t.dir);
  cleanup = async () => {
    await session.close();
    t.cleanup();
  };
  await session.actions.addPhotos([photos]);
  return session;
}

/** A read that answers when the test says so. */
function heldReads(): {
  read: (path: string) => Promise<PhotoCode[]>;
  answer: () => boolean;
  started: () => number;
} {
  const pending: (() => void)[] = [];
  let started = 0;
  return {
    read: () =>
      new Promise((resolve) => {
        started++;
        pending.push(() => {
          resolve([]);
        });
      }),
    answer: () => {
      const next = pending.shift();
      next?.();
      return next !== undefined;
    },
    started: () => started,
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The photo work of a run on `session`, every check passing; `deps` replaces what a test needs. */
function workOn(session: Session, deps: Partial<PhotoWorkDeps>): PhotoWork {
  return photoWork({
    store: session.store,
    on: true,
    measure: () => Promise.resolve(GOOD_MEASURES),
    readCodes: () => Promise.resolve([]),
    counted: () => undefined,
    changed: () => undefined,
    passed: () => undefined,
    now: () => Date.parse('2026-12-07T12:00:00Z'),
    log: () => undefined,
    ...deps,
  });
}

describe('the photo work of a run', () => {
  it('ends only when every photo found has had its codes read, and says how many are left', async () => {
    const session = await queueOf(3);
    const reads = heldReads();
    const messages: EngineMessage[] = [];
    const work = workOn(session, {
      readCodes: reads.read,
      log: (_line, message) => {
        if (message) messages.push(message);
      },
    });
    work.gate.start();
    work.codes.start();
    let ended = false;
    const allRead = work.allRead().then(() => {
      ended = true;
    });
    for (let answered = 0; answered < 3;) {
      await settle();
      expect(ended).toBe(false);
      if (reads.answer()) answered++;
    }
    await allRead;
    expect(session.store.jobs.codesToRead()).toBe(0);
    expect(reads.started()).toBe(3);
    const told = messages.filter((m) => m.code === 'codesBeingRead');
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toEqual({ count: 3 });
    await work.gate.stop();
    await work.codes.stop();
  });

  it('reads two photos at once, one per code lane, and the next when one is answered', async () => {
    const session = await queueOf(3);
    const reads = heldReads();
    const work = workOn(session, { readCodes: reads.read });
    work.gate.start();
    work.codes.start();
    for (let i = 0; i < 5; i++) await settle();
    expect(reads.started()).toBe(2);
    expect(reads.answer()).toBe(true);
    for (let i = 0; i < 5; i++) await settle();
    expect(reads.started()).toBe(3);
    await work.gate.stop();
    await work.codes.stop();
  });

  it('stops at once while a check hangs, and the photo is checked on the next start', async () => {
    const session = await queueOf(1);
    let answer: (m: PhotoMeasures) => void = () => undefined;
    const work = workOn(session, {
      measure: () =>
        new Promise<PhotoMeasures>((resolve) => {
          answer = resolve;
        }),
    });
    work.gate.start();
    await settle();
    expect(work.gate.busy).toBe(true);
    await work.gate.stop();
    await work.codes.stop();
    // An answer after the stop is dropped: the photo stays unchecked for the next run.
    answer(GOOD_MEASURES);
    await settle();
    expect(session.store.jobs.uncheckedPhotos(5)).toHaveLength(1);
    await work.allRead();
  });
});
