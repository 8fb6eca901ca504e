// What a run against the sandbox must end with, checked the same way by the engine's run tests in
// `npm test` and its long runs in the slow project.
import { expect } from 'vitest';
import type { JobRecord } from '../../../common/job-record';
import { expectedReadings, type Harness } from '../../helpers/engine-harness';

export function allJobs(session: ReturnType<Harness['open']>): JobRecord[] {
  return [...session.store.queries.iterate({})];
}

/** Every accepted photo is done with the reading it carries, and the service agrees. */
export function expectCorrectReadings(hh: Harness, jobs: readonly JobRecord[]): void {
  const want = expectedReadings(hh.manifest);
  const done = jobs.filter((j) => j.state === 'done');
  expect(done.length).toBe(want.size);
  for (const j of done) {
    expect(j.aiReading, j.relPath).toBe(want.get(j.relPath));
    const task = j.taskId ? hh.sandbox.ledger.task(j.taskId) : undefined;
    expect(task?.finalReading, j.relPath).toBe(j.aiReading);
  }
}

/** Quota was charged at most once per distinct image. */
export function expectChargedOnce(hh: Harness): void {
  for (const [sha, n] of Object.entries(hh.sandbox.ledger.quotaCharges())) expect(n, sha).toBe(1);
}
