import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { logged } from '../../common/engine-messages';
import { jobMessage } from '../../common/job-messages';
import { MAX_BATCH_BYTES } from '../../common/job';
import type { JobRecord } from '../../common/job-record';
import { scanPaths } from '../scan';
import type { Submission } from '../store/jobs-repo';
import type { FileToUpload } from '../api/client';
import type { PacerLimits } from '../api/pacer';
import { classifyFileError } from '../api/classify-transport';
import { isApiError } from '../api/errors';
import type { BatchItem, Task } from '../api/schemas';
import type { EngineContext } from './context';
import { pollLater } from './polls';
import { storeResults, taskResultOf } from './remote-result';
import { claimedForUpload } from './upload-claim';
import { taskReadsDenied, uploadRoute } from './upload-route';

export interface UploadUnit {
  jobs: JobRecord[];
  asBatch: boolean;
}

/**
 * Packs due jobs into one upload of at most `maxFiles` files and `maxBytes` of file content (the
 * deployment's "20MB", once learned). Jobs a batch once refused (`solo`), and a first photo larger
 * than `maxBytes`, go alone. Whether it goes as a batch is decided by the caller.
 */
export function composeUnit(
  candidates: readonly JobRecord[],
  maxFiles: number,
  maxBytes: number = MAX_BATCH_BYTES,
): UploadUnit | null {
  const first = candidates[0];
  if (!first) return null;
  if (maxFiles <= 1 || first.solo || first.size > maxBytes)
    return { jobs: [first], asBatch: false };
  const jobs: JobRecord[] = [];
  let bytes = 0;
  for (const j of candidates) {
    if (j.solo || jobs.length >= maxFiles || bytes + j.size > maxBytes) continue;
    jobs.push(j);
    bytes += j.size;
  }
  return { jobs, asBatch: false };
}

/**
 * Submission units the current window still has room for, once the pacer's reserve and every file
 * already dispatched but not yet admitted are set aside; Infinity while that is unknown or the key
 * is held after a 429 (the pacer then decides). Below 1 the window is spent.
 */
export function submissionRoom(known: PacerLimits, filesUploading: number, now: number): number {
  const { predictedRemaining, limit } = known.submissions;
  if (predictedRemaining === undefined || known.heldUntilMs.submission > now) return Infinity;
  // The pacer lets a single unit use the reserve when the whole window is smaller than it.
  const reserve = Math.min(known.reserve.submissions, Math.max(0, (limit ?? Infinity) - 1));
  const notAdmitted = Math.max(0, filesUploading - known.submissionUnits.inFlight);
  return predictedRemaining - reserve - notAdmitted;
}

/**
 * A photo may have been moved, deleted or edited since it was scanned. Moved or deleted: that
 * file fails with a reason. Edited: it is re-read and sent as it is now.
 */
async function stillThere(ctx: EngineContext, job: JobRecord): Promise<boolean> {
  try {
    const st = await stat(job.path);
    if (st.size === job.size && Math.trunc(st.mtimeMs) === job.mtimeMs) return true;
    // Edited since the scan: read it again with the scanner's own rules.
    for await (const f of scanPaths([job.path], { signal: ctx.signal })) {
      if (f.outcome.kind !== 'accepted') {
        // Its kind says it changed after it was added; the reason says what it is now.
        ctx.store.jobs.fail([job.id], 'changed_on_disk', f.outcome.reason);
        return false;
      }
      ctx.store.jobs.updateContent(job.id, {
        sha256: f.outcome.sha256,
        format: f.outcome.format,
        size: f.size,
        mtimeMs: Math.trunc(f.mtimeMs),
      });
      ctx.log(...logged('fileChanged', { file: job.relPath }));
      return true;
    }
    throw Object.assign(new Error('vanished'), { code: 'ENOENT' });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const message =
      code === 'ENOENT'
        ? jobMessage('fileMoved', {})
        : jobMessage('fileUnreadable', { code: code ?? 'error' });
    ctx.store.jobs.fail([job.id], code === 'ENOENT' ? 'vanished' : 'unreadable', message);
    return false;
  }
}

/**
 * A file that fails while its bytes are streamed is reported as changed on disk (the read error
 * does not say more). When it simply cannot be read any more (permissions taken away), say so: the
 * fix is not the same.
 */
async function precise(err: unknown, jobs: readonly JobRecord[]): Promise<unknown> {
  const [job] = jobs;
  if (!job || jobs.length !== 1 || !isApiError(err)) return err;
  const info = err.info;
  if (info.class !== 'local_file' || info.reason !== 'changed_on_disk') return err;
  try {
    await access(job.path, constants.R_OK);
    return err;
  } catch (accessError) {
    return classifyFileError(err.endpoint, accessError, (text) => text);
  }
}

/** The first look at a new task; its age counts from now, when it is recorded (submitted_at). */
function firstPollAt(ctx: EngineContext): number {
  return ctx.now() + ctx.pollTiming.firstDelay();
}

const toFile = (j: JobRecord): FileToUpload => ({
  path: j.path,
  name: basename(j.path),
  size: j.size,
});

/** Records the tasks created; a job put back meanwhile keeps its state, and the log says so. */
function recordSubmitted(
  ctx: EngineContext,
  submitted: readonly { id: number; submission: Submission }[],
): void {
  const moved = new Set(ctx.store.jobs.markSubmitted(submitted));
  for (const s of submitted) {
    if (!moved.has(s.id)) {
      ctx.log(...logged('orphanTask', { task: s.submission.taskId }));
    }
  }
}

/**
 * A photo over the limit the service stated in an earlier 413 is refused here, unsent: the
 * service would refuse it whole, after the upload.
 */
function withinLimit(ctx: EngineContext, job: JobRecord): boolean {
  const limit = ctx.deployment.photoOverLimit(job.size);
  if (limit === null) return true;
  const message = jobMessage('overServiceLimit', { size: job.size, limit });
  ctx.store.jobs.fail([job.id], 'server_rejected_size', message);
  return false;
}

/** Sends one unit (already marked `uploading`) and records what the service answered. */
export async function runUpload(ctx: EngineContext, unit: UploadUnit): Promise<void> {
  const ready: JobRecord[] = [];
  for (const j of unit.jobs) if ((await stillThere(ctx, j)) && withinLimit(ctx, j)) ready.push(j);
  const ids = unit.jobs.map((j) => j.id);
  const current = ready.map((j) => ctx.store.jobs.get(j.id) ?? j);
  // Office mode: a photo another desk sends or has read is not sent here (upload-claim.ts).
  const jobs =
    ctx.claim && current.length > 0 ? await claimedForUpload(ctx, ctx.claim, current) : current;
  if (jobs.length === 0) {
    ctx.changed(ids);
    return;
  }
  const { business } = ctx.config;
  try {
    if (unit.asBatch) await sendBatch(ctx, jobs);
    else await sendTask(ctx, jobs);
    ctx.deployment.accepted(jobs.reduce((n, j) => n + j.size, 0));
    ctx.succeeded();
  } catch (err) {
    ctx.failed(await precise(err, jobs), unit.asBatch ? 'batch_upload' : 'upload', jobs, {
      files: jobs.length,
      business: unit.asBatch ? business : null,
      batchesOnly: !ctx.deployment.singleTasksCarry(business),
    });
  } finally {
    ctx.changed(ids);
  }
}

/** One batch; every file carries the configured business (spec 4.6). */
async function sendBatch(ctx: EngineContext, jobs: readonly JobRecord[]): Promise<void> {
  const business = ctx.config.business;
  const batch = await ctx.api.createBatch(jobs.map(toFile), business ?? undefined, {
    signal: ctx.signal,
  });
  const submitted: { id: number; submission: Submission }[] = [];
  const immediate: BatchItem[] = [];
  jobs.forEach((job, i) => {
    const item = batch.items.find((it) => it.index === i);
    if (!item) return;
    submitted.push({
      id: job.id,
      submission: {
        taskId: item.taskId,
        batchId: batch.batchId,
        batchIndex: i,
        business,
        remoteStatus: item.status,
        remoteCreatedAt: null,
        nextAttemptAt: firstPollAt(ctx),
      },
    });
    if (taskResultOf(item)) immediate.push(item);
  });
  recordSubmitted(ctx, submitted);
  const missing = jobs.filter((j) => !submitted.some((s) => s.id === j.id));
  if (missing.length) {
    // The service answered without an item for these files: send them again on their own.
    ctx.store.jobs.requeue(
      missing.map((j) => j.id),
      {
        nextAttemptAt: ctx.now(),
        message: jobMessage('batchItemMissing', {}),
        solo: true,
        refundAttempt: true,
      },
    );
  }
  applyImmediate(ctx, immediate);
}

/** One photo on its own: the single-task endpoint takes no business (the service's own reads it). */
async function sendTask(ctx: EngineContext, jobs: readonly JobRecord[]): Promise<void> {
  const [job] = jobs;
  if (!job) return;
  const task = await ctx.api.createTask(toFile(job), { signal: ctx.signal });
  recordSubmitted(ctx, [
    {
      id: job.id,
      submission: {
        taskId: task.taskId,
        batchId: null,
        batchIndex: null,
        business: null,
        remoteStatus: task.status,
        remoteCreatedAt: task.createdAt ?? null,
        nextAttemptAt: firstPollAt(ctx),
      },
    },
  ]);
  applyImmediate(ctx, [task]);
}

/** A cached result can come back final in the creation answer itself. */
function applyImmediate(ctx: EngineContext, tasks: readonly (Task | BatchItem)[]): void {
  const results = [];
  for (const t of tasks) {
    const result = taskResultOf(t, { creation: true });
    if (!result) continue;
    for (const job of ctx.store.jobs.jobsOfTask(t.taskId)) results.push({ jobId: job.id, result });
  }
  storeResults(ctx, results);
}

/**
 * Single tasks no permitted read reaches any more (the key lost the right to read tasks mid-run;
 * a run that knows so from the start sends none). When batches can carry and follow them, each
 * photo is sent again in a batch, answered from the service's cache at no charge, but only once
 * its first task can no longer be running (`taskTimeoutMs` after it was sent): until then it
 * waits, and its task is read again if the permission comes back. False when batches cannot
 * follow them either: the caller holds, naming the permission.
 */
export function resendInBatches(ctx: EngineContext, jobs: readonly JobRecord[]): boolean {
  const route = uploadRoute(ctx.config, ctx.deployment);
  if (taskReadsDenied(ctx.deployment) === null || !route.ok || !route.batch) return false;
  const now = ctx.now();
  const ended: JobRecord[] = [];
  for (const j of jobs) {
    const sentAt = j.submittedAt ? Date.parse(j.submittedAt) : now;
    const endsAt = sentAt + ctx.config.taskTimeoutMs;
    if (endsAt <= now) ended.push(j);
    else pollLater(ctx, [j], endsAt - now);
  }
  if (ended.length) {
    ctx.store.jobs.requeue(
      ended.map((j) => j.id),
      { nextAttemptAt: now, message: jobMessage('resentInBatch', {}), refundAttempt: true },
    );
  }
  ctx.changed(jobs.map((j) => j.id));
  return true;
}
