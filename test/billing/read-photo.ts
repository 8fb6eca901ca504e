// A photo as the engine leaves it on a queue with route sheets: scanned, dated, matched (as
// addPaths does), then read by the service with `reading` and checked against its meter.
import { photosAdded, readingsChanged } from '../../main/billing/routes';
import type { TaskResult } from '../../main/store/jobs-repo';
import type { Store } from '../../main/store/store';
import { singleTask } from '../store/queue-fixture';

export interface ReadPhoto {
  readonly rootId: number;
  readonly relPath: string;
  /** Null: the photo is added, not read. */
  readonly reading: string | null;
  readonly readAt: string;
  readonly sha256: string;
  readonly now: Date;
}

/** The photo's job id. */
export async function readPhoto(store: Store, p: ReadPhoto): Promise<number> {
  store.jobs.insertScanned([
    {
      rootId: p.rootId,
      path: `/photos/${p.relPath}`,
      relPath: p.relPath,
      size: 100,
      mtimeMs: 1,
      accepted: { sha256: p.sha256, format: 'jpeg' },
      rejected: null,
    },
  ]);
  const job = [...store.queries.iterate({})].find((j) => j.relPath === p.relPath);
  if (!job) throw new Error('not inserted');
  store.meters.setReadDates([{ id: job.id, readAt: p.readAt, source: 'exif', note: null }]);
  // As the engine's addPaths does: with sheets loaded, new photos are matched at once.
  await photosAdded(store, p.now);
  if (p.reading === null || job.state === 'done') return job.id;
  store.jobs.markUploading([job.id]);
  const taskId = `task-${String(job.id)}`;
  store.jobs.markSubmitted([{ id: job.id, submission: singleTask(taskId) }]);
  const result: TaskResult = {
    taskId,
    state: 'done',
    remoteStatus: 'done',
    finalReading: p.reading,
    meterType: 'pointer',
    resultSource: 'fresh',
    isLatestAiVersion: true,
    aiVersion: 'v1',
    resultSummary: null,
    errorMessage: null,
    failureKind: null,
    serviceFailureKind: null,
    remoteCreatedAt: null,
  };
  store.jobs.applyResults([{ jobId: job.id, result }]);
  readingsChanged(store, [job.id], p.now);
  return job.id;
}
