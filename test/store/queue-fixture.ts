// What the store tests write again and again: a photo as the scanner reports it, and the task the
// service created for one.
import type { NewJob, Submission } from '../../main/store/jobs-repo';

/** A readable photo in the folder `rootId` (watched at /photos), its content named by `sha`. */
export function scannedPhoto(rootId: number, name: string, sha = name): NewJob {
  return {
    rootId,
    path: `/photos/${name}`,
    relPath: name,
    size: 1000,
    mtimeMs: 1,
    accepted: { sha256: sha, format: 'jpeg' },
    rejected: null,
  };
}

/** The service's answer to an upload of one photo on its own: task `taskId`, queued. */
export function singleTask(taskId: string): Submission {
  return {
    taskId,
    batchId: null,
    batchIndex: null,
    business: null,
    remoteStatus: 'queued',
    remoteCreatedAt: null,
    nextAttemptAt: 0,
  };
}
