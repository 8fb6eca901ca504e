// With no engine (no service set up yet, no key, or another process owning the queue) the window's
// changes still leave the queue complete: an added folder and a watched folder's arrivals are dated
// and matched to the loaded route sheet, and a review or its undo re-runs the plausibility check.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../common/billing/column-mapping';
import type { JobRecord } from '../../common/job-record';
import { queueFileIn } from '../../main/config/paths';
import { addPaths } from '../../main/engine/add-paths';
import { openSession } from '../../main/actions/session';
import { loadRouteSheet, readingsChanged } from '../../main/billing/routes';
import { inspectRouteSheet } from '../../main/billing/route-sheet';
import { createSandbox } from '../../sandbox';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { writeRouteFixture, type RouteFixture } from '../helpers/route-fixture';
import { tempDir } from '../helpers/tmp';
import { until } from '../ipc/helpers/desktop';
import { loadSheet, userDirIn, windowWithoutEngine } from './window-backend';
import { reviewedJob } from '../helpers/review-answer';

const t = tempDir('meterdesk-actions-');
let fx: RouteFixture;

beforeAll(async () => {
  fx = await writeRouteFixture(join(t.dir, 'work'));
}, 60_000);

afterAll(() => {
  t.cleanup();
});

/** Each photo of the fixture with the meter the sheet gives it. */
function expectedMeters(): Map<string, string> {
  return new Map(
    fx.meters.flatMap((m) => (m.relPath === null ? [] : [[m.relPath, m.id] as const])),
  );
}

describe('adding photos without an engine', () => {
  it('dates and matches a dropped folder to the loaded route sheet', async () => {
    const w = await windowWithoutEngine(userDirIn(join(t.dir, 'add')));
    try {
      await loadSheet(w, fx);
      await w.handlers.addPaths({ paths: [fx.photos] });
      const jobs = w.jobs();
      expect(jobs.length).toBeGreaterThan(0);
      for (const [relPath, meterId] of expectedMeters()) {
        const job = jobs.find((j) => j.relPath === relPath);
        expect(job?.meterId, relPath).toBe(meterId);
        expect(job?.readAt, relPath).not.toBeNull();
      }
    } finally {
      await w.close();
    }
  });

  it("matches a watched folder's arrivals", async () => {
    const w = await windowWithoutEngine(userDirIn(join(t.dir, 'watch')));
    try {
      await loadSheet(w, fx);
      const inbox = join(t.dir, 'inbox');
      mkdirSync(inbox);
      await w.state.setQuietly({ watchFolders: [inbox] });
      const files = readdirSync(fx.photos);
      for (const f of files) copyFileSync(join(fx.photos, f), join(inbox, f));
      // Counted once the intake returned, follow-ups included.
      await until(() => w.state.watcher.status()[0]?.added === files.length, 'every arrival added');
      const jobs = w.jobs();
      for (const [relPath, meterId] of expectedMeters()) {
        expect(jobs.find((j) => j.relPath === relPath)?.meterId, relPath).toBe(meterId);
      }
    } finally {
      await w.close();
    }
  });
});

describe('a review without an engine', () => {
  const userDir = userDirIn(join(t.dir, 'review'));
  const readingOf = (relPath: string | null | undefined): JobRecord => {
    const job = queue.find((j) => j.relPath === relPath);
    if (!job?.aiReading) throw new Error(`no finished reading for ${String(relPath)}`);
    return job;
  };
  /** A reading ten times the AI's: far beyond what the meter uses. */
  const wild = (job: JobRecord): string => (Number(job.aiReading) * 10).toFixed(1);
  let queue: JobRecord[] = [];

  beforeAll(async () => {
    // A queue read to the end by an engine (as `meter-desk run` leaves it), the sheet loaded, and
    // one reading corrected there (with its check re-run, as an engine did it).
    mkdirSync(userDir, { recursive: true });
    const sandbox = await createSandbox({ ai: FAST_AI });
    const session = openSession({
      dbFile: queueFileIn(userDir, false),
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      config: FAST_ENGINE,
      owner: 'a test run',
    });
    try {
      await addPaths(session.store, [fx.photos]);
      const inspected = await inspectRouteSheet(fx.sheet);
      if (!inspected.ok) throw new Error('the fixture sheet was not readable');
      const { mapping } = suggestMapping(inspected.headers);
      await loadRouteSheet(session.store, fx.sheet, {
        name: 'Route Nord.csv',
        mapping: { ...mapping, fields: { ...mapping.fields, ...fx.clerkFields } },
        now: new Date(),
      });
      await session.engine.start();
      expect(await session.engine.waitSettled()).toBe('complete');
      queue = [...session.store.queries.iterate({})];
      const corrected = readingOf(fx.meters[1]?.relPath);
      session.store.jobs.review(corrected.id, 'corrected', wild(corrected));
      readingsChanged(session.store, [corrected.id], new Date());
      queue = [...session.store.queries.iterate({})];
    } finally {
      await session.close();
      await sandbox.close();
    }
  }, 90_000);

  it('re-runs the plausibility check on a correction', async () => {
    const w = await windowWithoutEngine(userDir);
    try {
      const job = readingOf(fx.meters[2]?.relPath);
      expect(job.plausibility).toBe('ok');
      const corrected = reviewedJob(
        await w.handlers.review({
          id: job.id,
          action: 'correct',
          reading: wild(job),
        }),
      );
      expect(corrected.plausibility).not.toBe('ok');
    } finally {
      await w.close();
    }
  });

  it('re-runs the plausibility check on an undo', async () => {
    const w = await windowWithoutEngine(userDir);
    try {
      const job = readingOf(fx.meters[1]?.relPath);
      const { reviewAction, reviewedReading, reviewedAt } = job;
      if (reviewAction !== 'corrected' || reviewedReading === null || reviewedAt === null)
        throw new Error('not corrected');
      expect(job.plausibility).not.toBe('ok');
      const undone = reviewedJob(
        await w.handlers.undoReview({
          id: job.id,
          undo: { action: 'corrected', reading: reviewedReading, reviewedAt },
          restore: { action: null, reading: null, reviewedAt: null },
        }),
      );
      expect(undone.plausibility).toBe('ok');
    } finally {
      await w.close();
    }
  });
});
