// While another process owns the queue (`meter-desk run` working on it), the window's actions are
// refused with a sentence naming the owner, except the writes that are safe beside it
// (main/actions/ownership.ts): a clerk may go on reviewing while the run reads more.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_BESIDE_OWNER } from '../../main/actions/ownership';
import { AppError } from '../../main/ipc/app-error';
import { writeRouteFixture, type RouteFixture } from '../helpers/route-fixture';
import { tempDir } from '../helpers/tmp';
import { until } from '../ipc/helpers/desktop';
import { loadSheet, userDirIn, windowWithoutEngine, type WindowBackend } from './window-backend';

const t = tempDir('meterdesk-owner-');
let fx: RouteFixture;
let w: WindowBackend;

beforeAll(async () => {
  fx = await writeRouteFixture(join(t.dir, 'work'), { spare: true });
  w = await windowWithoutEngine(userDirIn(t.dir));
  await loadSheet(w, fx);
  await w.handlers.addPaths({ paths: [fx.photos] });
  // Another live process of this machine (the test's parent) claims the queue, as a run does.
  w.state.store.db
    .prepare(
      `INSERT INTO queue_owner (id, token, pid, host, label, started_at, heartbeat_at)
       VALUES (1, 'other', ?, ?, 'meter-desk run', ?, ?)`,
    )
    .run(process.ppid, hostname(), new Date().toISOString(), Date.now());
}, 60_000);

afterAll(async () => {
  await w.close();
  t.cleanup();
});

async function refusal(call: () => Promise<unknown>): Promise<AppError> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe('a queue another process owns', () => {
  it('refuses adds, retries, removals and route changes, naming the owner', async () => {
    const before = w.jobs().length;
    const added = await refusal(() => w.handlers.addPaths({ paths: [fx.photos] }));
    expect(added.code).toBe('unavailable');
    expect(added.message).toMatch(/add photos.*in use by meter-desk run \(process \d+/);
    const id = w.jobs()[0]?.id ?? 0;
    expect((await refusal(() => w.handlers.remove({ ids: [id] }))).message).toMatch(/remove/);
    expect((await refusal(() => w.handlers.retryFailed({ ids: [id] }))).code).toBe('unavailable');
    expect(w.jobs()).toHaveLength(before);
  });

  it('lets the safe writes through: a photo matched by hand, a skip, the template', async () => {
    expect([...SAFE_BESIDE_OWNER]).toContain('assign meter');
    const unmatched = w.jobs().find((j) => j.relPath === fx.unmatchedPhoto);
    if (!unmatched) throw new Error('no unmatched photo');
    const assigned = await w.handlers.assignMeter({ jobId: unmatched.id, meterId: '9998' });
    expect(assigned.meterId).toBe('9998');
    const skipped = await w.handlers.recordSkip({ meterId: fx.missing, code: 'no_access' });
    expect(skipped.meter.skipCode).toBe('no_access');
  });

  it("keeps a watched folder's arrivals waiting until the owner is gone, then adds them", async () => {
    const inbox = join(t.dir, 'inbox');
    mkdirSync(inbox);
    await w.state.setQuietly({ watchFolders: [inbox] });
    const photo = readdirSync(fx.photos)[0] ?? '';
    copyFileSync(join(fx.photos, photo), join(inbox, photo));
    const before = w.jobs().length;
    await until(() => w.logs.some((l) => l.includes('new photos wait')), 'the arrival refused');
    // The run ends and gives the queue up.
    w.state.store.db.prepare('DELETE FROM queue_owner').run();
    await until(() => w.state.watcher.status()[0]?.added === 1, 'the arrival added');
    expect(w.jobs()).toHaveLength(before + 1);
  });
});
