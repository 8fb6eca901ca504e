// Quota and AI status have one reader, the engine, and reach the window in the backend's pushes,
// current while photos are read (other users of the account, an AI outage). When and how often
// they are read is in quota-reads.test.ts; that the window asks nothing itself, in
// test/renderer/store.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../common/engine-status';
import { openDesktop, until, value, type Desktop } from '../ipc/helpers/desktop';

let desk: Desktop | null = null;

afterEach(async () => {
  await desk?.close();
  desk = null;
});

function pushedStatuses(d: Desktop): EngineStatus[] {
  return d.events.flatMap((e) => (e.status ? [e.status] : []));
}

describe('quota and AI status in the pushes', () => {
  it('follow the service while photos are read', async () => {
    desk = await openDesktop({ engineConfig: { statusRefreshMs: 100 } });
    const d = desk;
    const folder = value(await d.bridge.startSandbox({ photos: 6 })).sampleFolder;
    // One photo at a time, so the run is still going when the service changes.
    value(await d.bridge.setSettings({ batchMode: 'never', maxConcurrency: 1 }));
    const sandbox = d.backend.sandbox();
    if (!sandbox) throw new Error('no sandbox');
    sandbox.control.setAi({ latencyMs: 400, jitterMs: 0 });
    value(await d.bridge.addPaths({ paths: [folder] }));
    await until(() => pushedStatuses(d).some((s) => s.counts.done > 0), 'a first reading');
    // Another user of the same account spends quota, and the AI goes down.
    sandbox.control.setQuota({ used: 300 });
    sandbox.control.setAiOnline(false);
    const seen = await until(
      () => pushedStatuses(d).find((s) => s.ai?.isOnline === false),
      'a push with the AI offline',
    );
    expect(seen.quota?.remaining).toBeLessThanOrEqual(200);
    sandbox.control.setAiOnline(true);
  });
});
