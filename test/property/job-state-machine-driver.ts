// The job state machine's property (job-state-machine*.property.test.ts): random sequences of what
// the engine does (scans, dispatches, answers, failures, results, stale results, lost tasks,
// crashes, retries, removals, reviews) driven on the real JobsRepo over a real SQLite file, checked
// after every event. Its runs are split over three files so that they run side by side: the
// property is CPU-bound, and as one file of 150 runs it was the suite's longest (54 s on a quiet
// machine, eight files sharing two cores).
import fc from 'fast-check';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { JOB_STATES, type JobState } from '../../common/job';
import { INITIAL_JOB_STATES, isAllowedTransition, mayTake } from '../../common/job-transitions';
import type { JobRecord } from '../../common/job-record';
import type { NewJob, TaskResult } from '../../main/store/jobs-repo';
import { openStore, type Store } from '../../main/store/store';
import { jobText, quotedMessage } from '../../common/job-messages';
import {
  eventArb,
  NOW,
  PATH_COUNT,
  pathOf,
  readingOf,
  shaOf,
  type Event,
} from './job-state-machine-events';

/** The engine's side of the conversation: uploads in flight and every task ever created. */
class Driver {
  readonly uploads: number[][] = [];
  /** task id -> the content it was created for. */
  readonly tasks = new Map<string, string>();
  /** Paths that must be in the queue (added and not removed). */
  readonly present = new Set<string>();
  private nextTask = 1;

  constructor(
    private readonly store: Store,
    private readonly rootId: number,
  ) {}

  private jobs(): JobRecord[] {
    return [...this.store.queries.iterate({})];
  }

  private pick<T>(items: readonly T[], n: number): T | undefined {
    return items.length ? items[n % items.length] : undefined;
  }

  private submittedJobs(): JobRecord[] {
    return this.jobs().filter((j) => j.state === 'submitted');
  }

  private result(taskId: string, ok: boolean): TaskResult {
    const sha = this.tasks.get(taskId) ?? '';
    return {
      taskId,
      state: ok ? 'done' : 'failed',
      remoteStatus: ok ? 'done' : 'failed',
      finalReading: ok ? readingOf(sha) : null,
      meterType: ok ? 'pointer' : null,
      resultSource: ok ? 'fresh' : 'failed',
      isLatestAiVersion: ok,
      aiVersion: ok ? 'v1' : null,
      resultSummary: null,
      errorMessage: ok ? null : quotedMessage('The AI could not read this photo'),
      failureKind: ok ? null : 'ai_failed',
      serviceFailureKind: null,
      remoteCreatedAt: null,
    };
  }

  /** As the engine routes a result: to the jobs still waiting on that task. */
  private deliver(taskId: string, ok: boolean): void {
    const waiting = this.store.jobs.jobsOfTask(taskId);
    this.store.jobs.applyResults(
      waiting.map((j) => ({ jobId: j.id, result: this.result(taskId, ok) })),
    );
  }

  apply(e: Event): void {
    const repo = this.store.jobs;
    switch (e.kind) {
      case 'scan': {
        const rows: NewJob[] = e.files.map((f) => ({
          rootId: this.rootId,
          path: pathOf(f.path),
          relPath: `p${f.path}.jpg`,
          size: 1000 + f.path,
          mtimeMs: 1,
          accepted: f.ok ? { sha256: shaOf(f.path), format: 'jpeg' } : null,
          rejected: f.ok
            ? null
            : { failureKind: 'unsupported_format', reason: quotedMessage('not an image') },
        }));
        repo.insertScanned(rows);
        for (const r of rows) this.present.add(r.path);
        return;
      }
      case 'dispatch': {
        const due = repo.dueUploads(NOW, e.max);
        const moved = repo.markUploading(due.map((j) => j.id));
        if (moved.length) this.uploads.push(moved);
        return;
      }
      case 'answered': {
        const i = this.uploads.length ? e.pick % this.uploads.length : -1;
        const unit = this.uploads[i];
        if (!unit) return;
        this.uploads.splice(i, 1);
        const items = unit.map((id) => {
          const sha = repo.get(id)?.sha256 ?? '';
          const taskId = `task-${this.nextTask++}`;
          this.tasks.set(taskId, sha);
          return {
            id,
            submission: {
              taskId,
              batchId: unit.length > 1 ? `batch-${taskId}` : null,
              batchIndex: unit.length > 1 ? unit.indexOf(id) : null,
              business: null,
              remoteStatus: 'queued',
              remoteCreatedAt: null,
              nextAttemptAt: 0,
            },
          };
        });
        repo.markSubmitted(items);
        // A cached image comes back final in the creation answer itself.
        if (e.final) for (const it of items) this.deliver(it.submission.taskId, true);
        return;
      }
      case 'upload_failed': {
        const i = this.uploads.length ? e.pick % this.uploads.length : -1;
        const unit = this.uploads[i];
        if (!unit) return;
        this.uploads.splice(i, 1);
        if (e.how === 'retry')
          repo.requeue(unit, { nextAttemptAt: 0, message: quotedMessage('will retry') });
        else if (e.how === 'split')
          repo.requeue(unit, {
            nextAttemptAt: 0,
            message: quotedMessage('alone'),
            solo: true,
            refundAttempt: true,
          });
        else if (e.how === 'give_up')
          repo.fail(unit, 'service_error', quotedMessage('Gave up after 8 attempts'));
        else repo.fail(unit, 'server_rejected_type', quotedMessage('The service refused the file'));
        return;
      }
      case 'result': {
        const job = this.pick(this.submittedJobs(), e.pick);
        if (job?.taskId) this.deliver(job.taskId, e.ok);
        return;
      }
      case 'stale_result': {
        // A late answer about a task some job had before it was sent again.
        const ids = [...this.tasks.keys()];
        const taskId = this.pick(ids, e.pick);
        if (taskId) this.deliver(taskId, true);
        return;
      }
      case 'poll_failed': {
        const job = this.pick(this.submittedJobs(), e.pick);
        if (!job) return;
        repo.reschedulePolls([
          {
            id: job.id,
            nextAttemptAt: 0,
            remoteStatus: null,
            message: quotedMessage('retry'),
            polled: false,
          },
        ]);
        return;
      }
      case 'lost': {
        // The service no longer knows the task (404): sent again once, then given up.
        const job = this.pick(this.submittedJobs(), e.pick);
        if (!job) return;
        if (job.resubmits >= 1)
          repo.fail([job.id], 'task_lost', quotedMessage('The service lost this task twice'));
        else
          repo.requeue([job.id], {
            nextAttemptAt: 0,
            message: quotedMessage('sending again'),
            refundAttempt: true,
            resubmit: true,
          });
        return;
      }
      case 'crash':
        // The process died: its uploads in flight are gone with it.
        this.uploads.length = 0;
        repo.recoverAfterRestart(0);
        return;
      case 'retry': {
        if (e.pick === null) {
          repo.retryFailed();
          return;
        }
        const job = this.pick(
          this.jobs().filter((j) => j.state === 'failed'),
          e.pick,
        );
        if (job) repo.retryFailed([job.id]);
        return;
      }
      case 'remove': {
        // Asked of any job: the store's own guard leaves the ones in flight alone.
        const job = this.pick(this.jobs(), e.pick);
        if (!job) return;
        const inFlight = job.state === 'uploading' || job.state === 'submitted';
        expect(repo.remove([job.id])).toEqual({
          removed: inFlight ? 0 : 1,
          kept: inFlight ? 1 : 0,
        });
        if (!inFlight) this.present.delete(job.path);
        return;
      }
      case 'review': {
        const job = this.pick(
          this.jobs().filter((j) => j.state === 'done'),
          e.pick,
        );
        if (job)
          repo.review(job.id, e.corrected ? 'corrected' : 'accepted', e.corrected ? '1.0' : null);
        return;
      }
    }
  }

  /** Everything goes right from here on: the queue must empty in a bounded number of rounds. */
  drain(): number {
    this.apply({ kind: 'crash' });
    for (let round = 0; round < PATH_COUNT * 3; round++) {
      const open = this.jobs().filter((j) => !['done', 'failed', 'rejected'].includes(j.state));
      if (open.length === 0) return round;
      this.apply({ kind: 'dispatch', max: 8 });
      while (this.uploads.length) this.apply({ kind: 'answered', pick: 0, final: false });
      for (const j of this.submittedJobs()) if (j.taskId) this.deliver(j.taskId, true);
      this.check();
    }
    return -1;
  }

  /** The invariants, after every step. */
  check(): void {
    const jobs = this.jobs();
    // Nothing lost, nothing invented.
    expect(new Set(jobs.map((j) => j.path))).toEqual(this.present);
    expect(jobs.length).toBe(this.present.size);

    const inUpload = new Map<number, number>();
    for (const unit of this.uploads)
      for (const id of unit) inUpload.set(id, (inUpload.get(id) ?? 0) + 1);
    const inFlightBySha = new Map<string, number>();
    for (const j of jobs) {
      expect(JOB_STATES).toContain(j.state);
      const where = `${j.relPath} (${j.state})`;
      switch (j.state) {
        case 'queued':
          expect(j.taskId, where).toBeNull();
          break;
        case 'uploading':
          // Owned by exactly one upload in flight; otherwise nothing would ever move it on.
          expect(inUpload.get(j.id), where).toBe(1);
          expect(j.taskId, where).toBeNull();
          break;
        case 'submitted':
          expect(inUpload.has(j.id), where).toBe(false);
          expect(j.taskId, where).not.toBeNull();
          break;
        case 'done':
          // The reading is that of this job's own image, through a task created for it.
          expect(j.aiReading, where).toBe(readingOf(j.sha256 ?? ''));
          expect(this.tasks.get(j.taskId ?? ''), where).toBe(j.sha256);
          break;
        case 'failed':
        case 'rejected':
          expect(j.errorMessage && jobText(j.errorMessage).trim(), where).toBeTruthy();
          break;
      }
      if (j.state === 'rejected') expect(j.sha256).toBeNull();
      if (j.state !== 'uploading') expect(inUpload.has(j.id), where).toBe(false);
      if ((j.state === 'uploading' || j.state === 'submitted') && j.sha256)
        inFlightBySha.set(j.sha256, (inFlightBySha.get(j.sha256) ?? 0) + 1);
    }
    // Never two uploads (or tasks) of the same content at once: it would be paid twice.
    for (const [sha, n] of inFlightBySha) expect(n, `in flight for ${sha.slice(0, 4)}`).toBe(1);
    // The aggregate the UI shows agrees with the rows.
    const counts = this.store.jobs.counts();
    for (const s of JOB_STATES) expect(counts[s]).toBe(jobs.filter((j) => j.state === s).length);
    expect(counts.photosToReview).toBe(jobs.filter((j) => j.toReview).length);
    expect(counts.total).toBe(jobs.length);
    expect(this.store.jobs.counts(this.rootId)).toEqual(counts);
  }
}

interface Change {
  id: number;
  /** null: the job was recorded. */
  from: JobState | null;
  /** null: the job was removed. */
  to: JobState | null;
}

/**
 * Records every state change the store's SQL makes, one row per statement and job, through a
 * temporary trigger on the test's own connection: what the repository really did, not what the
 * test expected it to do. Returns a reader that hands over (and forgets) what was recorded.
 */
function recordTransitions(store: Store): () => Change[] {
  store.db.exec(`
    CREATE TEMP TABLE changes (id INTEGER, from_state TEXT, to_state TEXT);
    CREATE TEMP TRIGGER changed_state AFTER UPDATE OF state ON main.jobs
      WHEN OLD.state <> NEW.state
      BEGIN INSERT INTO changes VALUES (NEW.id, OLD.state, NEW.state); END;
    CREATE TEMP TRIGGER new_job AFTER INSERT ON main.jobs
      BEGIN INSERT INTO changes VALUES (NEW.id, NULL, NEW.state); END;
    CREATE TEMP TRIGGER removed_job AFTER DELETE ON main.jobs
      BEGIN INSERT INTO changes VALUES (OLD.id, OLD.state, NULL); END;
  `);
  const read = store.db.prepare<
    [],
    { id: number; from_state: JobState | null; to_state: JobState | null }
  >('SELECT * FROM changes ORDER BY rowid');
  const clear = store.db.prepare('DELETE FROM changes');
  return () => {
    const rows = read.all().map((r) => ({ id: r.id, from: r.from_state, to: r.to_state }));
    clear.run();
    return rows;
  };
}

/** Every state change is one the table of transitions (common/job-transitions.ts) lists. */
function expectListedTransitions(changes: readonly Change[], event: string): void {
  for (const c of changes) {
    if (c.from === null) {
      expect(INITIAL_JOB_STATES, `${event}: new job ${c.id}`).toContain(c.to);
    } else if (c.to === null) {
      expect(mayTake('remove', c.from), `${event}: job ${c.id} removed while ${c.from}`).toBe(true);
    } else {
      expect(isAllowedTransition(c.from, c.to), `${event}: job ${c.id} ${c.from} -> ${c.to}`).toBe(
        true,
      );
    }
  }
}

/** The seed of part 1 (the others follow it); FC_SEED replaces every part's seed, to replay one. */
export const BASE_SEED = 20_261_121;

/** Each part's runs: 3 x 50 = the 150 runs of the property as one file had them. */
export const RUNS_PER_PART = 50;

/**
 * Part `part` (1-3) of the property: no event sequence loses a job, double-submits one or leaves
 * one stuck. Each run starts from a copy of one migrated, empty queue in `dir`: the property is
 * about the job transitions, and migrating 150 new files took most of the time.
 */
export function checkEventSequences(dir: string, part: number): void {
  const seed = Number(process.env.FC_SEED ?? BASE_SEED + part - 1);
  let runNo = 0;
  const empty = join(dir, 'empty.sqlite');
  openStore(empty).close();
  fc.assert(
    fc.property(fc.array(eventArb, { minLength: 10, maxLength: 80, size: 'max' }), (events) => {
      const file = join(dir, `q-${runNo++}.sqlite`);
      copyFileSync(empty, file);
      const store = openStore(file);
      try {
        const driver = new Driver(store, store.roots.ensure('/photos', 'folder').id);
        const seen = recordTransitions(store);
        for (const e of events) {
          driver.apply(e);
          driver.check();
          expectListedTransitions(seen(), e.kind);
        }
        expect(driver.drain(), 'rounds to empty the queue').toBeGreaterThanOrEqual(0);
        for (const j of [...store.queries.iterate({})])
          expect(['done', 'failed', 'rejected']).toContain(j.state);
      } finally {
        store.close();
        for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      }
    }),
    { seed, numRuns: RUNS_PER_PART },
  );
}
