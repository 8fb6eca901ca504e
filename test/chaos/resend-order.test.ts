// A photo whose upload may have created a task (cut off by a crash, its answer lost) is sent again
// after the grace, and then before the backlog of photos never sent. Sent again soon, its first
// task is still the service's current cached result and the copy is free; queued behind thousands
// of never-sent photos it went out minutes later, and an AI version bump in between made it a
// second, charged reading (every extra charge of the first long chaos run was of this kind).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../main/store/store';
import type { ProxyRules } from '../bad-input/helpers/mangling-proxy';
import {
  expectAllReadCorrectly,
  expectPaidOnce,
  useProxiedRuns,
} from '../bad-input/helpers/proxied-run';
import { tempDir } from '../helpers/tmp';

const startRun = useProxiedRuns();

describe('photos sent again go before the never-sent backlog', { timeout: 90_000 }, () => {
  it('uploads cut off by a crash are due first once their grace is over', () => {
    const t = tempDir();
    const store = openStore(join(t.dir, 'q.sqlite'));
    try {
      const root = store.roots.ensure('/photos', 'folder').id;
      store.jobs.insertScanned(
        Array.from({ length: 30 }, (_, i) => ({
          rootId: root,
          path: `/photos/${String(i).padStart(2, '0')}.jpg`,
          relPath: `${String(i).padStart(2, '0')}.jpg`,
          size: 100,
          mtimeMs: 1,
          accepted: { sha256: String(i).padStart(64, '0'), format: 'jpeg' },
          rejected: null,
        })),
      );
      // The first two went up, then the process died.
      const cut = store.jobs.markUploading(store.jobs.dueUploads(0, 2).map((j) => j.id));
      const graceEnd = 1_000_000;
      store.jobs.recoverAfterRestart(graceEnd);
      // Within the grace they wait; after it, they lead.
      expect(store.jobs.dueUploads(graceEnd - 1, 8).map((j) => j.id)).not.toContain(cut[0]);
      const due = store.jobs.dueUploads(graceEnd, 8).map((j) => j.id);
      expect(due.slice(0, 2)).toEqual(cut);
      expect(due).toHaveLength(8);
      expect(new Set(due).size).toBe(8);
    } finally {
      store.close();
      t.cleanup();
    }
  });

  it('a photo whose answer was lost is sent again right after its grace, not after the rest', async () => {
    let dropped: number | null = null;
    const rules: ProxyRules = {
      after: (ex) => {
        if (ex.method !== 'POST' || dropped !== null) return undefined;
        dropped = ex.index;
        return { status: 0, drop: true };
      },
    };
    const run = await startRun({
      rules,
      photos: 10,
      // One photo at a time: the order of uploads is the order the queue gives.
      config: { batchMode: 'never', maxConcurrency: 1, resumeGraceMs: 300 },
    });
    expect(dropped).not.toBeNull();
    expectAllReadCorrectly(run);
    expectPaidOnce(run);
    const tasks = run.h.sandbox.ledger.tasks();
    const first = tasks[0];
    if (!first) throw new Error('no task');
    const again = tasks.findIndex((t, i) => i > 0 && t.sha256 === first.sha256);
    expect(again, 'the resend was created').toBeGreaterThan(0);
    // Sent again long before the end of the backlog (ten photos, one at a time).
    expect(again).toBeLessThan(tasks.length - 3);
  });
});
