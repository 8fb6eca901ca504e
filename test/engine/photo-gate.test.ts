// The quality check before upload, end to end: the real sandbox over HTTP, the real worker thread
// measuring the generator's photos (good ones, and blurred, dark, overexposed and tiny copies).
// A held photo is never sent and costs nothing; a person sends it anyway and the service fails
// it, as a real one would, without charging; `--no-photo-checks` sends every photo.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HoldReason } from '../../common/photo-checks';
import { openSession, type Session } from '../../main/actions/session';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { SampleManifest } from '../../sandbox/samples';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { cachedSampleFolder } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';

const HELD_FOR: Record<string, HoldReason> = {
  blurred: 'blurred',
  dark: 'too_dark',
  overexposed: 'blown_out',
  tiny: 'too_small',
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp(photoChecks: boolean): Promise<{
  session: Session;
  sandbox: Sandbox;
  manifest: SampleManifest;
}> {
  const t = tempDir('meterdesk-checks-');
  const photos = join(t.dir, 'photos');
  // 480 px wide: a short side of 360, above the 320 px the check wants; four flawed copies.
  const manifest = await cachedSampleFolder(photos, {
    count: 5,
    seed: 25,
    duplicates: 0,
    subfolders: false,
    formats: ['jpeg'],
    width: 480,
    flawed: 4,
  });
  const sandbox = await createSandbox({ ai: FAST_AI });
  const session = openSession({
    dbFile: join(t.dir, 'queue.sqlite'),
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    config: { ...FAST_ENGINE, photoChecks },
  });
  cleanup = async () => {
    await session.close();
    await sandbox.close();
    t.cleanup();
  };
  await session.actions.addPhotos([photos]);
  return { session, sandbox, manifest };
}

describe('the quality check before upload', () => {
  it('holds the unreadable photos with their reasons, sends the rest, and sends a held one anyway', async () => {
    const { session, sandbox, manifest } = await setUp(true);
    await session.engine.start();
    expect(await session.engine.waitSettled()).toBe('complete');

    const counts = session.engine.status().counts;
    expect(counts).toMatchObject({ done: 5, held: 4, queued: 0, failed: 0 });
    expect(sandbox.ledger.tasks()).toHaveLength(5);
    const byName = new Map([...session.store.queries.iterate({})].map((j) => [j.relPath, j]));
    for (const entry of manifest.files.filter((f) => f.flaw)) {
      const job = byName.get(entry.relPath);
      expect(job?.state, entry.relPath).toBe('queued');
      expect(job?.holdReason, entry.relPath).toBe(HELD_FOR[entry.flaw ?? '']);
      expect(job?.errorMessage?.code).toMatch(/^held/);
    }
    expect(session.store.jobs.heldByReason()).toEqual({
      blurred: 1,
      too_dark: 1,
      blown_out: 1,
      too_small: 1,
    });

    const blurred = manifest.files.find((f) => f.flaw === 'blurred');
    const id = byName.get(blurred?.relPath ?? '')?.id ?? -1;
    expect(session.actions.sendHeldAnyway([id])).toBe(1);
    expect(session.actions.sendHeldAnyway([id])).toBe(0);
    expect(await session.engine.waitSettled()).toBe('complete');
    const sent = session.store.jobs.get(id);
    expect(sent?.state).toBe('failed');
    expect(sent?.holdReason).toBeNull();
    expect(session.engine.status().counts.held).toBe(3);
    // The service could not read it and charged nothing for it.
    const tasks = sandbox.ledger.tasks();
    expect(tasks).toHaveLength(6);
    expect(tasks.filter((t) => t.quotaCharged)).toHaveLength(5);
  }, 120_000);

  it('sends every photo without the check', async () => {
    const { session, sandbox } = await setUp(false);
    await session.engine.start();
    expect(await session.engine.waitSettled()).toBe('complete');
    expect(session.engine.status().counts).toMatchObject({ done: 5, failed: 4, held: 0 });
    expect(sandbox.ledger.tasks()).toHaveLength(9);
  }, 120_000);
});
