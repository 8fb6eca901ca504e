import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewJob, TaskResult } from '../../main/store/jobs-repo';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { scannedPhoto, singleTask } from './queue-fixture';
import { quotedMessage } from '../../common/job-messages';

let store: Store;
let cleanup: () => void;
let rootId: number;

beforeEach(() => {
  const t = tempDir();
  cleanup = t.cleanup;
  store = openStore(join(t.dir, 'q.sqlite'));
  rootId = store.roots.ensure('/photos', 'folder').id;
});
afterEach(() => {
  store.close();
  cleanup();
});

function photo(name: string, sha: string): NewJob {
  return scannedPhoto(rootId, name, sha);
}

const doneResult = (
  taskId: string,
  reading: string,
  extra: Partial<TaskResult> = {},
): TaskResult => ({
  taskId,
  state: 'done',
  remoteStatus: 'done',
  finalReading: reading,
  meterType: 'pointer',
  resultSource: 'fresh',
  isLatestAiVersion: true,
  aiVersion: 'water_v3:1.0',
  resultSummary: { summaryText: 'ok' },
  errorMessage: null,
  failureKind: null,
  serviceFailureKind: null,
  remoteCreatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

function submit(id: number, taskId: string): void {
  expect(store.jobs.markUploading([id])).toEqual([id]);
  store.jobs.markSubmitted([{ id, submission: singleTask(taskId) }]);
}

describe('JobsRepo', () => {
  it('records accepted, rejected and already-known files', () => {
    const bad: NewJob = {
      ...photo('notes.jpg', 'x'),
      accepted: null,
      rejected: { failureKind: 'unsupported_format', reason: quotedMessage('text, not an image') },
    };
    expect(store.jobs.insertScanned([photo('a.jpg', 'A'), bad])).toEqual(['queued', 'rejected']);
    expect(store.jobs.insertScanned([photo('a.jpg', 'A')])).toEqual(['known']);
    const c = store.jobs.counts();
    expect(c.queued).toBe(1);
    expect(c.rejected).toBe(1);
    expect(c.total).toBe(2);
    const rejected = store.queries.page({ filter: 'rejected' }).rows[0];
    expect(rejected?.errorMessage).toEqual(quotedMessage('text, not an image'));
    expect(rejected?.failureKind).toBe('unsupported_format');
  });

  it('uploads identical content once and gives every twin the result', () => {
    store.jobs.insertScanned([
      photo('a.jpg', 'S'),
      photo('copy-of-a.jpg', 'S'),
      photo('b.jpg', 'T'),
    ]);
    const due = store.jobs.dueUploads(Date.now(), 10);
    expect(due.map((j) => j.relPath)).toEqual(['a.jpg', 'b.jpg']);
    const a = due[0];
    if (!a) throw new Error('no job');
    submit(a.id, 't-1');
    // While a's task is in flight its twin is not offered for upload.
    expect(store.jobs.dueUploads(Date.now(), 10).map((j) => j.relPath)).toEqual(['b.jpg']);
    const touched = store.jobs.applyResults([
      { jobId: a.id, result: doneResult('t-1', '00123.456') },
    ]);
    expect(touched).toHaveLength(2);
    const rows = store.queries.page({ filter: 'done' }).rows;
    expect(rows.map((r) => [r.relPath, r.aiReading, r.taskId, r.aiVersion])).toEqual([
      ['a.jpg', '00123.456', 't-1', 'water_v3:1.0'],
      ['copy-of-a.jpg', '00123.456', 't-1', 'water_v3:1.0'],
    ]);
    // A later scan of the same content is answered at once, AI version and all.
    expect(store.jobs.insertScanned([photo('third.jpg', 'S')])).toEqual(['copied']);
    expect(store.queries.page({ search: 'third' }).rows[0]).toMatchObject({
      aiReading: '00123.456',
      aiVersion: 'water_v3:1.0',
    });
  });

  it('takes no answer about a task the job no longer waits for (its photo went again)', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A')]);
    const [a] = store.jobs.dueUploads(Date.now(), 1);
    if (!a) throw new Error('no job');
    submit(a.id, 't-old');
    store.jobs.requeue([a.id], { nextAttemptAt: 0, message: null, resubmit: true });
    submit(a.id, 't-new');
    expect(store.jobs.applyResults([{ jobId: a.id, result: doneResult('t-old', '1') }])).toEqual(
      [],
    );
    expect(store.jobs.get(a.id)).toMatchObject({ state: 'submitted', taskId: 't-new' });
    expect(store.jobs.applyResults([{ jobId: a.id, result: doneResult('t-new', '2') }])).toEqual([
      a.id,
    ]);
    expect(store.jobs.get(a.id)).toMatchObject({ state: 'done', aiReading: '2' });
  });

  it('sorts by the reading that will be billed, as a number, the correction before the AI reading', () => {
    const readings = ['000001.3', '000003.679', '000009.662', '00002.33', '00010'];
    store.jobs.insertScanned(readings.map((_, i) => photo(`m${i}.jpg`, `R${i}`)));
    const due = store.jobs.dueUploads(Date.now(), 10);
    due.forEach((j, i) => {
      submit(j.id, `t-${String(i)}`);
    });
    store.jobs.applyResults(
      due.map((j, i) => ({ jobId: j.id, result: doneResult(`t-${String(i)}`, readings[i] ?? '') })),
    );
    // The clerk corrected the 10 to 4: the bill says 4, so the sort does too.
    const ten = due[4];
    if (!ten) throw new Error('no job');
    expect(store.jobs.review(ten.id, 'corrected', '4')).toBe(true);
    const order = (descending: boolean): string[] =>
      store.queries.page({ sort: 'reading', descending }).rows.map((r) => r.relPath);
    expect(order(false)).toEqual(['m0.jpg', 'm3.jpg', 'm1.jpg', 'm4.jpg', 'm2.jpg']);
    expect(order(true)).toEqual(['m2.jpg', 'm4.jpg', 'm1.jpg', 'm3.jpg', 'm0.jpg']);
  });

  it('recovers after a crash: cut-off uploads are queued again, submitted tasks polled now', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A'), photo('b.jpg', 'B')]);
    const [a, b] = store.jobs.dueUploads(Date.now(), 10);
    if (!a || !b) throw new Error('no jobs');
    store.jobs.markUploading([a.id]);
    submit(b.id, 't-b');
    store.jobs.reschedulePolls([
      {
        id: b.id,
        nextAttemptAt: Date.now() + 60_000,
        remoteStatus: 'running',
        message: null,
        polled: true,
      },
    ]);
    expect(store.jobs.recoverAfterRestart()).toEqual({ requeued: 1, resumed: 1 });
    expect(store.jobs.get(a.id)?.state).toBe('queued');
    expect(store.jobs.get(b.id)?.state).toBe('submitted');
    expect(store.jobs.duePolls(Date.now(), 10).map((j) => j.id)).toEqual([b.id]);
  });

  it('requeue for a wait that is not the file’s fault refunds the attempt', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A')]);
    const id = store.jobs.dueUploads(Date.now(), 1)[0]?.id ?? -1;
    store.jobs.markUploading([id]);
    store.jobs.requeue([id], {
      nextAttemptAt: 0,
      message: quotedMessage('rate limited'),
      refundAttempt: true,
    });
    expect(store.jobs.get(id)?.uploadAttempts).toBe(0);
    store.jobs.markUploading([id]);
    store.jobs.requeue([id], {
      nextAttemptAt: 0,
      message: quotedMessage('server error'),
      solo: true,
    });
    expect(store.jobs.get(id)).toMatchObject({ uploadAttempts: 1, solo: true, state: 'queued' });
  });

  it('flags historical results for review until a person accepts or corrects them', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A'), photo('b.jpg', 'B')]);
    const [a, b] = store.jobs.dueUploads(Date.now(), 10);
    if (!a || !b) throw new Error('no jobs');
    submit(a.id, 't-a');
    submit(b.id, 't-b');
    store.jobs.applyResults([
      {
        jobId: a.id,
        result: doneResult('t-a', '1', { resultSource: 'cached_stale', isLatestAiVersion: false }),
      },
      {
        jobId: b.id,
        result: doneResult('t-b', '2', { isLatestAiVersion: false, resultSource: 'cached_exact' }),
      },
    ]);
    expect(store.jobs.counts().photosToReview).toBe(2);
    // Read by an older AI: which one, the service does not say, so none is recorded.
    expect(store.jobs.get(a.id)?.aiVersion).toBeNull();
    expect(store.jobs.review(a.id, 'accepted', null)).toBe(true);
    expect(store.jobs.review(b.id, 'corrected', '00002.500')).toBe(true);
    expect(store.jobs.counts().photosToReview).toBe(0);
    expect(store.jobs.get(b.id)).toMatchObject({ aiReading: '2', reviewedReading: '00002.500' });
    expect(store.jobs.events(b.id).map((e) => e.state)).toEqual([
      'uploading',
      'submitted',
      'done',
      'done',
    ]);
  });

  it('stores a result whose freshness the service left unknown, and counts it as not needing review', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A')]);
    const [a] = store.jobs.dueUploads(Date.now(), 10);
    if (!a) throw new Error('no job');
    submit(a.id, 't-a');
    const result = doneResult('t-a', '7', { resultSource: 'ai', isLatestAiVersion: null });
    expect(store.jobs.applyResults([{ jobId: a.id, result }])).toEqual([a.id]);
    expect(store.jobs.get(a.id)).toMatchObject({
      state: 'done',
      toReview: false,
      aiVersion: null,
    });
    expect(store.jobs.counts()).toMatchObject({ done: 1, photosToReview: 0, total: 1 });
    store.jobs.remove([a.id]);
    expect(store.jobs.counts()).toMatchObject({ done: 0, total: 0 });
  });

  it('failed jobs can be retried from scratch', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A')]);
    const id = store.jobs.dueUploads(Date.now(), 1)[0]?.id ?? -1;
    store.jobs.markUploading([id]);
    store.jobs.fail([id], 'server_rejected_type', quotedMessage('unsupported image'));
    expect(store.jobs.get(id)?.state).toBe('failed');
    expect(store.jobs.retryFailed()).toBe(1);
    expect(store.jobs.get(id)).toMatchObject({
      state: 'queued',
      uploadAttempts: 0,
      failureKind: null,
      serviceFailureKind: null,
    });
  });

  it('a damaged result_summary does not break reading the row', () => {
    store.jobs.insertScanned([photo('a.jpg', 'A')]);
    store.db.prepare(`UPDATE jobs SET result_summary = '{not json'`).run();
    expect(store.queries.page({}).rows[0]?.resultSummary).toBeNull();
  });

  it('streams every job in id order while the queue is written between rows (an export during a run)', () => {
    const names = Array.from({ length: 1_234 }, (_, i) => `p${String(i).padStart(5, '0')}.jpg`);
    store.jobs.insertScanned(names.map((n, i) => photo(n, i.toString(16).padStart(64, '0'))));
    const seen: string[] = [];
    for (const job of store.queries.iterate({})) {
      seen.push(job.relPath);
      // A write between two rows: refused while a cursor is open on the connection.
      if (seen.length % 100 === 0)
        store.jobs.fail([job.id], 'service_error', quotedMessage('written mid-stream'));
    }
    expect(seen).toEqual(names);
    expect(store.jobs.counts().failed).toBe(12);
  });
});
