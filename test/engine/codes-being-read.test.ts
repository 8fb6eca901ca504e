// The engine's status counts the codes still being read (issue 34, issue 29 item 6): with every
// upload final the window must not say "all photos are finished" while the photo checks are still
// reading codes. The real sandbox over HTTP, a real queue; the code reads answer when told.
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { EngineStatus } from '../../common/engine-status';
import type { PhotoCode } from '../../common/photo-codes';
import { QueueActions } from '../../main/actions/queue-actions';
import { createMeterApi } from '../../main/api/client';
import { Engine } from '../../main/engine/engine';
import { openStore } from '../../main/store/store';
import { systemClock } from '../../main/time/clock';
import { createSandbox } from '../../sandbox';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { GOOD_MEASURES } from '../helpers/photo-measures';
import { tempDir } from '../helpers/tmp';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

it('counts the codes left to read once the uploads are final, and none once read', async () => {
  const t = tempDir('meterdesk-codes-status-');
  const photos = join(t.dir, 'photos');
  await cachedSampleFolder(photos, {
    count: 3,
    seed: 34,
    duplicates: 0,
    subfolders: false,
    formats: ['jpeg'],
    width: 480,
  });
  const sandbox = await createSandbox({ ai: FAST_AI });
  const store = openStore(join(t.dir, 'queue.sqlite'));
  const api = createMeterApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  const answers: (() => void)[] = [];
  const engine = new Engine({
    store,
    api,
    serviceId: new URL(sandbox.url).origin,
    config: { ...FAST_ENGINE, photoChecks: true },
    measurePhoto: () => Promise.resolve(GOOD_MEASURES),
    readPhotoCodes: () =>
      new Promise<PhotoCode[]>((resolve) => {
        answers.push(() => {
          resolve([]);
        });
      }),
  });
  cleanup = async () => {
    for (const answer of answers.splice(0)) answer();
    await engine.stop();
    store.close();
    await sandbox.close();
    t.cleanup();
  };
  // Not running: nothing is being read and nothing is counted.
  expect(engine.status().codesBeingRead).toBe(0);
  const actions = new QueueActions({
    store: () => store,
    engine: () => engine,
    clock: systemClock,
  });
  await actions.addPhotos([photos]);

  const uploadsFinal = new Promise<EngineStatus>((resolve) => {
    engine.on('status', (s) => {
      if (s.counts.total === 3 && s.counts.done + s.counts.failed === 3) resolve(s);
    });
  });
  await engine.start();
  const pushed = await uploadsFinal;
  // Every upload final, no code read yet (the reads wait): the pushed status says how many.
  expect(pushed.codesBeingRead).toBe(3);
  expect(engine.status().codesBeingRead).toBe(3);

  const settled = engine.waitSettled();
  const read = new Promise<EngineStatus>((resolve) => {
    engine.on('status', (s) => {
      if (s.codesBeingRead === 0) resolve(s);
    });
  });
  // One read at a time: each answer lets the next read start.
  while (store.jobs.codesToRead() > 0) {
    const answer = answers.shift();
    if (answer) answer();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await settled).toBe('complete');
  expect((await read).codesBeingRead).toBe(0);
  expect(engine.status().codesBeingRead).toBe(0);
});
