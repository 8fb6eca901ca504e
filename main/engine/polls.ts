import { quotedMessage } from '../../common/job-messages';
import type { JobRecord } from '../../common/job-record';
import type { CallOptions } from '../api/paced-call';
import { isApiError } from '../api/errors';
import type { TaskResult } from '../store/jobs-repo';
import type { BatchItem, Task } from '../api/schemas';
import type { EngineContext } from './context';
import { LIST_LIMIT_START } from './deployment';
import { storeResults, taskResultOf } from './remote-result';

/** One request's worth of polling. */
export type PollGroup =
  | { kind: 'batch'; batchId: string; jobs: JobRecord[] }
  | { kind: 'task'; jobs: [JobRecord] }
  | { kind: 'list'; jobs: JobRecord[] };

/**
 * Below this many single tasks, asking for each directly is as cheap as a list, unless other tasks
 * are in flight: the list tells of them too, and one that finished early frees its slot sooner.
 */
const LIST_MIN_SINGLES = 2;

/** Which reads the key may make now (a 403 for one of them is avoided for a while). */
export interface PollMeans {
  /** The `limit` for a list request, or null when lists are not usable now. */
  readonly listLimit: number | null;
  readonly batchReads: boolean;
  readonly taskReads: boolean;
}

/**
 * Groups due jobs into requests. With list polling on, one list request covers every due task,
 * batch tasks included (a list of 100 covers about a dozen batches and, unlike the batch endpoint,
 * carries meter type and freshness); what it does not show is asked for directly afterwards.
 * Otherwise a batch is polled through its batch endpoint and a single task on its own. Jobs that
 * no permitted read can reach come back in `unreachable`.
 */
export function planPolls(
  due: readonly JobRecord[],
  useList: boolean,
  means: PollMeans = { listLimit: 100, batchReads: true, taskReads: true },
  inFlight = due.length,
): { groups: PollGroup[]; unreachable: JobRecord[] } {
  const batches = new Map<string, JobRecord[]>();
  const singles: JobRecord[] = [];
  for (const j of due) {
    if (j.batchId && means.batchReads) {
      const list = batches.get(j.batchId) ?? [];
      list.push(j);
      batches.set(j.batchId, list);
    } else if (j.taskId) {
      singles.push(j);
    }
  }
  const listable = useList && means.listLimit !== null;
  // A batch read lacks meter type and freshness, so a final one costs a list request anyway.
  const dueTasks = new Set(due.map((j) => j.taskId).filter(Boolean)).size;
  const othersInFlight = dueTasks > 0 && inFlight > dueTasks;
  if (
    listable &&
    (batches.size > 0 || singles.length >= LIST_MIN_SINGLES || othersInFlight || !means.taskReads)
  ) {
    return {
      groups: [{ kind: 'list', jobs: due.filter((j) => j.taskId !== null) }],
      unreachable: [],
    };
  }
  const groups: PollGroup[] = [];
  const unreachable: JobRecord[] = [];
  for (const j of singles) {
    if (means.taskReads) groups.push({ kind: 'task', jobs: [j] });
    else unreachable.push(j);
  }
  for (const [batchId, jobs] of batches) groups.push({ kind: 'batch', batchId, jobs });
  return { groups, unreachable };
}

/** How soon a task no permitted read reaches is looked at again (a list may show it). */
const UNREACHABLE_RETRY_MS = 5_000;
/** How soon a list is asked again after one failure of its own (two in a row leave it aside). */
const LIST_AGAIN_MS = 500;

/** Asks about these jobs again later, without counting it as a poll. */
export function pollLater(ctx: EngineContext, jobs: readonly JobRecord[], afterMs: number): void {
  ctx.store.jobs.reschedulePolls(
    jobs.map((j) => ({
      id: j.id,
      nextAttemptAt: ctx.now() + afterMs,
      remoteStatus: null,
      message: null,
      polled: false,
    })),
  );
}

/** A task's age when a look at it was sent: what the service had done by then is what it says. */
const ageAt = (job: JobRecord, sentAt: number): number =>
  job.submittedAt ? Math.max(0, sentAt - Date.parse(job.submittedAt)) : 0;

/**
 * The next look at a pending task, counted from when this poll was sent, not from its answer:
 * on a far service the answer's delay would otherwise be added to every interval.
 */
function reschedule(
  ctx: EngineContext,
  job: JobRecord,
  status: string | null,
  message: string | null,
  sentAt: number,
): void {
  if (job.pollCount === 0) ctx.pollTiming.observeFirstPoll(false, job.id);
  if (message) ctx.serviceWaits();
  const spacing = ctx.pollBudget.nextGap(ctx.now());
  const delay = ctx.pollTiming.nextDelay(status, ageAt(job, sentAt), spacing);
  ctx.store.jobs.reschedulePolls([
    {
      id: job.id,
      nextAttemptAt: Math.max(ctx.now(), sentAt + delay),
      remoteStatus: status,
      // A task not final yet may say why it waits: the service's own words (spec 2.1).
      message: message ? quotedMessage(message) : null,
      polled: true,
    },
  ]);
}

function finish(
  ctx: EngineContext,
  done: readonly { job: JobRecord; result: TaskResult }[],
  sentAt: number,
): void {
  if (done.length === 0) return;
  const spacing = ctx.pollBudget.spacing(ctx.now());
  for (const d of done) {
    if (d.job.pollCount === 0) ctx.pollTiming.observeFirstPoll(true, d.job.id);
    else ctx.pollTiming.observeFinishedAt(ageAt(d.job, sentAt), spacing);
  }
  storeResults(
    ctx,
    done.map((d) => ({ jobId: d.job.id, result: d.result })),
  );
}

/** Applies what the service said about a single task. */
function onTask(
  ctx: EngineContext,
  job: JobRecord,
  task: Task,
  done: { job: JobRecord; result: TaskResult }[],
  sentAt: number,
): void {
  const result = taskResultOf(task);
  if (result) done.push({ job, result });
  else reschedule(ctx, job, task.status, task.errorMessage, sentAt);
}

async function pollTask(ctx: EngineContext, job: JobRecord): Promise<void> {
  if (!job.taskId) return;
  const done: { job: JobRecord; result: TaskResult }[] = [];
  const sentAt = ctx.now();
  onTask(ctx, job, await ctx.api.getTask(job.taskId, { signal: ctx.signal }), done, sentAt);
  finish(ctx, done, sentAt);
}

/** A list request waits for its answer no longer than its own deadline (list-health.ts). */
const listCall = (ctx: EngineContext): CallOptions => ({
  signal: ctx.signal,
  deadlineMs: ctx.config.listDeadlineMs,
});

/**
 * Batch items lack meter type and AI-version freshness (spec 2.6). When items finish, one list
 * request fills those in; an item the list does not cover keeps what the batch said.
 */
async function detailsFor(
  ctx: EngineContext,
  items: readonly BatchItem[],
): Promise<Map<string, Task>> {
  const most = ctx.deployment.listLimit;
  if (items.length === 0 || most === null || !ctx.listHealth.usable) return new Map();
  const limit = Math.min(most, Math.max(20, items.length * 2));
  try {
    const list = await ctx.api.listTasks(limit, listCall(ctx));
    ctx.listHealth.answered();
    return new Map(list.items.map((t) => [t.taskId, t]));
  } catch (err) {
    // The details are a bonus; but a refused limit is learned, so lists work again, and a
    // broken or slow list is left aside like any other.
    if (isApiError(err) && err.info.class === 'bad_request') {
      ctx.deployment.shrinkList(limit, err.info.maxLimit);
    }
    ctx.listHealth.failed(err, ctx.now());
    return new Map();
  }
}

async function pollBatch(ctx: EngineContext, batchId: string): Promise<void> {
  const sentAt = ctx.now();
  const batch = await ctx.api.getBatch(batchId, { signal: ctx.signal });
  const byIndex = new Map(batch.items.map((it) => [it.index, it]));
  const waiting = ctx.store.jobs.jobsOfBatch(batchId);
  const finals = waiting.flatMap((job) => {
    const item = job.batchIndex === null ? undefined : byIndex.get(job.batchIndex);
    return item && taskResultOf(item) ? [{ job, item }] : [];
  });
  const details = await detailsFor(
    ctx,
    finals.map((f) => f.item),
  );
  const done: { job: JobRecord; result: TaskResult }[] = [];
  for (const { job, item } of finals) {
    const full = details.get(item.taskId);
    const result =
      full && full.status === item.status
        ? taskResultOf(full, { failureKind: item.failureKind })
        : taskResultOf(item);
    if (!result) continue;
    done.push({ job, result });
  }
  const finished = new Set(done.map((d) => d.job.id));
  for (const job of waiting) {
    if (finished.has(job.id)) continue;
    const item = job.batchIndex === null ? undefined : byIndex.get(job.batchIndex);
    reschedule(ctx, job, item?.status ?? batch.status, item?.errorMessage ?? null, sentAt);
  }
  finish(ctx, done, sentAt);
}

/**
 * One list request for many tasks. Those it does not show are asked for directly: a batch's
 * through its batch endpoint (one request for all of them), a single task on its own.
 */
async function pollList(ctx: EngineContext, jobs: readonly JobRecord[]): Promise<number> {
  // The list is newest first (in the sandbox; the spec does not say): ask for as many as the
  // deployment accepts, so older tasks still in flight are covered too.
  const limit = ctx.deployment.listLimit ?? LIST_LIMIT_START;
  const sentAt = ctx.now();
  const { items } = await ctx.api.listTasks(limit, listCall(ctx));
  ctx.listHealth.answered();
  const byId = new Map(items.map((t) => [t.taskId, t]));
  const done: { job: JobRecord; result: TaskResult }[] = [];
  const missing: JobRecord[] = [];
  const asked = new Set<number>();
  for (const job of jobs) {
    asked.add(job.id);
    const t = job.taskId ? byId.get(job.taskId) : undefined;
    if (t) onTask(ctx, job, t, done, sentAt);
    else missing.push(job);
  }
  // The list also shows tasks that finished before their turn to be asked about: taken now, their
  // slots are free for the next photos a poll interval sooner.
  for (const t of items) {
    if (!taskResultOf(t)) continue;
    for (const job of ctx.store.jobs.jobsOfTask(t.taskId)) {
      if (!asked.has(job.id)) onTask(ctx, job, t, done, sentAt);
    }
  }
  finish(ctx, done, sentAt);
  const missingBatches = new Set<string>();
  const batchReads = ctx.deployment.deniedMessage('get_batch') === null;
  const taskReads = ctx.deployment.deniedMessage('get_task') === null;
  for (const job of missing) {
    if (!(job.batchId && batchReads) && !taskReads) {
      // No permitted read reaches it now: a later list may show it.
      pollLater(ctx, [job], UNREACHABLE_RETRY_MS);
      continue;
    }
    try {
      if (job.batchId && batchReads) {
        if (missingBatches.has(job.batchId)) continue;
        missingBatches.add(job.batchId);
        await pollBatch(ctx, job.batchId);
      } else {
        await pollTask(ctx, job);
      }
    } catch (err) {
      // A task the service no longer knows is that task's affair alone: only its photo is sent
      // again, not every task this list request happened to cover (they are alive, and sending
      // them again could pay for them twice). Other failures stop the round as before.
      if (!isApiError(err) || err.info.class !== 'not_found') throw err;
      ctx.failed(
        err,
        'poll',
        job.batchId ? missing.filter((m) => m.batchId === job.batchId) : [job],
      );
    }
  }
  return jobs.length === 0 ? 1 : (jobs.length - missing.length) / jobs.length;
}

/** Runs one poll group; returns the share of tasks a list request covered (1 for other kinds). */
export async function runPoll(ctx: EngineContext, group: PollGroup): Promise<number> {
  try {
    let coverage = 1;
    if (group.kind === 'task') await pollTask(ctx, group.jobs[0]);
    else if (group.kind === 'batch') await pollBatch(ctx, group.batchId);
    else coverage = await pollList(ctx, group.jobs);
    ctx.succeeded();
    return coverage;
  } catch (err) {
    const fresh = group.jobs
      .map((j) => ctx.store.jobs.get(j.id))
      .filter((j): j is JobRecord => j?.state === 'submitted');
    // The list's own trouble is not the service's: its tasks are read another way at once (or
    // by list again shortly), and nothing counts towards "the network is gone".
    const listTrouble = group.kind === 'list' ? ctx.listHealth.failed(err, ctx.now()) : null;
    if (listTrouble === null) ctx.failed(err, 'poll', fresh);
    else pollLater(ctx, fresh, listTrouble === 'aside' ? 0 : LIST_AGAIN_MS);
    return 1;
  } finally {
    ctx.pollTiming.endRound();
    ctx.changed(group.jobs.map((j) => j.id));
  }
}
