// A queue an older version filled: photos added without their follow-ups (no read date, no meter,
// no check). Engine.start() catches up before it reports started.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../common/billing/column-mapping';
import { openSession } from '../../main/actions/session';
import { inspectRouteSheet } from '../../main/billing/route-sheet';
import { loadRouteSheet } from '../../main/billing/routes';
import { addPaths } from '../../main/engine/add-paths';
import { openStore } from '../../main/store/store';
import { createSandbox } from '../../sandbox';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { writeRouteFixture } from '../helpers/route-fixture';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-catch-up-');
afterAll(() => {
  t.cleanup();
});

describe('Engine.start()', () => {
  it('dates and matches photos an older version added without doing so', async () => {
    const fx = await writeRouteFixture(join(t.dir, 'work'));
    const dbFile = join(t.dir, 'queue.sqlite');
    const old = openStore(dbFile);
    const inspected = await inspectRouteSheet(fx.sheet);
    if (!inspected.ok) throw new Error('the fixture sheet was not readable');
    const { mapping } = suggestMapping(inspected.headers);
    await loadRouteSheet(old, fx.sheet, {
      name: 'Route Nord.csv',
      mapping: { ...mapping, fields: { ...mapping.fields, ...fx.clerkFields } },
      now: new Date(),
    });
    // The sheet first, the photos after it, straight into the store: nothing matched them.
    await addPaths(old, [fx.photos]);
    expect([...old.queries.iterate({})].every((j) => j.meterId === null)).toBe(true);
    old.close();

    const sandbox = await createSandbox({ ai: FAST_AI });
    const session = openSession({
      dbFile,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      config: FAST_ENGINE,
    });
    try {
      session.engine.pause();
      await session.engine.start();
      const jobs = [...session.store.queries.iterate({})];
      for (const m of fx.meters) {
        if (m.relPath === null) continue;
        const job = jobs.find((j) => j.relPath === m.relPath);
        expect(job?.meterId, m.relPath).toBe(m.id);
        expect(job?.readAt, m.relPath).not.toBeNull();
      }
    } finally {
      await session.close();
      await sandbox.close();
    }
  }, 60_000);
});
