// A photo checker that cannot load (issue 32, item 2): in an installed copy missing a file that
// sharp needs, every check failed as "a photo the checker cannot decode": every photo was sent,
// none held, one error line each, nothing in the window. Now the worker says the checker itself is
// unavailable, the run says so once (log line and status), and the photos are sent unchecked
// without asking the worker again.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineMessage } from '../../common/engine-messages';
import { idleStatus } from '../../common/engine-status';
import { emptyCounts } from '../../common/job-record';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { photoWork } from '../../main/engine/photo-work';
import { PhotoCheckError } from '../../main/photo-checks/check-lane';
import { CheckPool } from '../../main/photo-checks/check-pool';
import { createI18n } from '../../renderer/i18n/i18n';
import { bannersFor } from '../../renderer/lib/banners';
import { builtApp, type BuiltApp } from '../helpers/built-app';
import { offlineSession } from '../helpers/offline-session';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-checker-unavailable-');
let app: BuiltApp;
let photo: string;

beforeAll(async () => {
  app = await builtApp();
  photo = join(t.dir, 'meter.jpg');
  writeFileSync(
    photo,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
}, 300_000);

afterAll(() => {
  app.remove();
  t.cleanup();
});

/** The shipped worker bundle and the reader's WASM, copied where no node_modules is in reach. */
function workerWithoutItsModules(): string {
  const dir = join(t.dir, 'app.asar.unpacked', 'dist', 'main');
  mkdirSync(dir, { recursive: true });
  for (const file of ['photo-check-worker.cjs', 'zxing_reader.wasm']) {
    const from = join(app.dist, 'main', file);
    if (existsSync(from)) copyFileSync(from, join(dir, file));
  }
  return join(dir, 'photo-check-worker.cjs');
}

function sharpResolvesFrom(file: string): boolean {
  try {
    createRequire(file).resolve('sharp');
    return true;
  } catch {
    return false;
  }
}

async function failureOf(p: Promise<unknown>): Promise<PhotoCheckError> {
  const error: unknown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PhotoCheckError))
    throw new Error(`not a PhotoCheckError: ${String(error)}`);
  return error;
}

describe('a photo checker that cannot load', () => {
  it('is told apart from a photo it cannot decode: the shipped worker without sharp', async (ctx) => {
    const worker = workerWithoutItsModules();
    if (sharpResolvesFrom(worker)) {
      ctx.skip(`sharp resolves from ${worker} (a node_modules above the temp folder)`);
    }
    const pool = new CheckPool({ spawn: () => new Worker(worker) });
    try {
      const measured = await failureOf(pool.measure(photo));
      expect(measured.code).toBe('unavailable');
      expect(measured.message).toMatch(/^sharp: /);
      const read = await failureOf(pool.readCodes(photo));
      expect(read.code).toBe('unavailable');
    } finally {
      await pool.close();
    }
  });

  it('is unavailable when the worker file itself is missing', async () => {
    const pool = new CheckPool({ spawn: () => new Worker(join(t.dir, 'no-such-worker.cjs')) });
    try {
      expect((await failureOf(pool.measure(photo))).code).toBe('unavailable');
    } finally {
      await pool.close();
    }
  });

  it('is said once, in the log and the status; photos pass unchecked without asking again', async () => {
    const photos = join(t.dir, 'photos');
    mkdirSync(photos);
    for (let i = 1; i <= 3; i++) copyFileSync(photo, join(photos, `4711-000${String(i)}.jpg`));
    const session = offlineSession(t.dir);
    try {
      await session.actions.addPhotos([photos]);
      const unavailable = (): Promise<never> =>
        Promise.reject(
          new PhotoCheckError('unavailable', "sharp: Cannot find module 'detect-libc'"),
        );
      let measured = 0;
      let read = 0;
      let passed = 0;
      const messages: EngineMessage[] = [];
      const work = photoWork({
        store: session.store,
        on: true,
        measure: () => {
          measured++;
          return unavailable();
        },
        readCodes: () => {
          read++;
          return unavailable();
        },
        counted: () => undefined,
        changed: () => undefined,
        passed: () => {
          passed++;
        },
        now: () => Date.parse('2026-12-07T12:00:00Z'),
        log: (_line, message) => {
          if (message) messages.push(message);
        },
      });
      work.gate.start();
      work.codes.start();
      await work.allRead();
      await work.gate.stop();
      await work.codes.stop();

      expect(passed).toBe(3);
      expect(session.store.jobs.heldPhotoIds()).toEqual([]);
      expect(session.store.jobs.uncheckedPhotos(10)).toEqual([]);
      expect(session.store.jobs.codesToRead()).toBe(0);
      // The gate asks two photos at once before the first answer comes; the rest are not asked.
      expect(measured).toBeLessThanOrEqual(2);
      expect(read).toBe(0);
      const codes = messages.map((m) => m.code);
      expect(codes.filter((c) => c === 'photoChecksUnavailable')).toHaveLength(1);
      expect(codes).not.toContain('unexpectedError');
      expect(work.health.unavailable).toBe("sharp: Cannot find module 'detect-libc'");
    } finally {
      await session.close();
    }
  });

  it('shows a banner in the window, in English and German', () => {
    const status = { ...idleStatus(emptyCounts()), checkerUnavailable: 'sharp: gone' };
    const service = { kind: 'sandbox', problem: null } as unknown as ServiceView;
    const key = { isSet: true, backend: { warning: null } } as unknown as KeyStatus;
    const banner = (lang: 'en' | 'de') =>
      bannersFor({
        status,
        service,
        key,
        ai: null,
        t: createI18n(lang).getFixedT(lang, 'banners'),
      }).find((b) => b.id === 'checker_unavailable');
    expect(banner('en')).toMatchObject({
      tone: 'warn',
      title: 'Photo checks are off: the photo checker could not be loaded',
      detail: 'sharp: gone.',
    });
    expect(banner('en')?.body).toMatch(/^Photos are sent without the quality check/);
    expect(banner('de')?.title).toBe(
      'Fotoprüfung ist aus: Die Fotoprüfung konnte nicht geladen werden',
    );
    const fine = bannersFor({
      status: { ...status, checkerUnavailable: null },
      service,
      key,
      ai: null,
    });
    expect(fine.map((b) => b.id)).not.toContain('checker_unavailable');
  });
});
