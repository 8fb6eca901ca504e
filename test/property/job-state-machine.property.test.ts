// Property: the job state machine, driven on the real JobsRepo over a real SQLite file with random
// sequences of what the engine does (scans, dispatches, answers, failures, results, stale results,
// lost tasks, crashes, retries, removals, reviews), never loses a job, never has two uploads of the
// same content in flight, never stores a reading for the wrong image, never leaves a job in a state
// nothing will move it out of, and can always be driven to the end. The driver and the property are
// in job-state-machine-driver.ts; this file runs its first 50 runs in `npm test`,
// job-state-machine-2 and -3 (`*.slow.test.ts`) the other 100 in `npm run test:slow` (FC_SEED=n
// replays a failing part's seed).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAllowedTransition } from '../../common/job-transitions';
import { openStore } from '../../main/store/store';
import { singleTask } from '../store/queue-fixture';
import { useEventSequencesDir } from './event-sequences-part';
import { checkEventSequences } from './job-state-machine-driver';
import { NOW, pathOf, shaOf } from './job-state-machine-events';

const dir = useEventSequencesDir();

// 50 runs, each on a new SQLite file: CPU and fsync bound, so a busy machine stretches it the most
// (100 s seen for 150 runs with both cores busy). The budget only catches a hang.
describe('job state machine (property)', { timeout: 300_000 }, () => {
  it('the table of transitions: every guard names states, and nothing leads out of a state into itself by accident', () => {
    // done -> queued never happens (a read photo is never sent again by the engine); rejected is
    // left only by a rescan; uploading is reached only from queued.
    expect(isAllowedTransition('done', 'queued')).toBe(false);
    expect(isAllowedTransition('rejected', 'done')).toBe(false);
    expect(isAllowedTransition('submitted', 'uploading')).toBe(false);
    expect(isAllowedTransition('queued', 'uploading')).toBe(true);
    expect(isAllowedTransition('uploading', 'submitted')).toBe(true);
  });

  it('an upload answer for a job that is no longer uploading changes nothing (the guard)', () => {
    const file = join(dir.dir, 'guard.sqlite');
    const store = openStore(file);
    try {
      const rootId = store.roots.ensure('/photos', 'folder').id;
      store.jobs.insertScanned([
        {
          rootId,
          path: pathOf(0),
          relPath: 'p0.jpg',
          size: 1,
          mtimeMs: 1,
          accepted: { sha256: shaOf(0), format: 'jpeg' },
          rejected: null,
        },
      ]);
      const [job] = store.jobs.dueUploads(NOW, 1);
      if (!job) throw new Error('no job');
      const submission = singleTask('late');
      // Still queued (another process put it back): the answer does not move it.
      expect(store.jobs.markSubmitted([{ id: job.id, submission }])).toEqual([]);
      expect(store.jobs.get(job.id)?.state).toBe('queued');
      store.jobs.markUploading([job.id]);
      expect(store.jobs.markSubmitted([{ id: job.id, submission }])).toEqual([job.id]);
    } finally {
      store.close();
    }
  });

  it('no event sequence loses a job, double-submits one or leaves one stuck (runs 1-50)', () => {
    checkEventSequences(dir.dir, 1);
  });
});
