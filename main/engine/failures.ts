// Where a failed request turns into engine behaviour: the error policy (error-policy.ts) names the
// action, and this carries it out on the queue and the holds. Nothing else in the engine looks at
// why a request failed.
import { logged, type EngineMessage } from '../../common/engine-messages';
import {
  jobMessage,
  quotedMessage,
  RETRY_SENTENCES,
  type JobMessage,
} from '../../common/job-messages';
import type { JobRecord } from '../../common/job-record';
import { isApiError, type ApiError } from '../api/errors';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { backoffMs } from './backoff';
import type { EngineConfig } from './config';
import type { Deployment } from './deployment';
import { decide, type Action, type Operation, type UploadSituation } from './error-policy';
import type { Holds } from './holds';

export interface FailureDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly random: () => number;
  readonly config: EngineConfig;
  readonly holds: Holds;
  /** Aborted when the engine stops: whatever failed then is simply put back. */
  readonly signal: AbortSignal;
  readonly deployment: Deployment;
  log(line: string, message?: EngineMessage): void;
  /**
   * A quota_exhausted answer, with what it says is left (null: not said). True when the run
   * should hold for quota now; false when tasks in flight may still leave readings to use.
   */
  quotaExhausted(remaining: number | null): boolean;
}

interface Failure {
  readonly deps: FailureDeps;
  readonly now: number;
  readonly op: Operation;
  readonly jobs: readonly JobRecord[];
  readonly ids: readonly number[];
  readonly situation: UploadSituation | undefined;
}

/** Puts the jobs back as they were before the request: polls to poll again, uploads to send. */
function putBack(f: Failure, afterMs: number, message: JobMessage | null): void {
  const { store } = f.deps;
  if (f.op === 'poll') {
    store.jobs.reschedulePolls(
      f.ids.map((id) => ({
        id,
        nextAttemptAt: f.now + afterMs,
        remoteStatus: null,
        message,
        polled: false,
      })),
    );
  } else {
    store.jobs.requeue(f.ids, { nextAttemptAt: f.now + afterMs, message, refundAttempt: true });
  }
}

/** A failed request: what failed, the operation, its jobs, and where an upload stood. */
export type FailureArgs = [
  err: unknown,
  op: Operation,
  jobs: readonly JobRecord[],
  situation?: UploadSituation,
];

export function handleFailure(deps: FailureDeps, ...[err, op, jobs, situation]: FailureArgs): void {
  const f: Failure = {
    deps,
    now: deps.clock.now(),
    op,
    jobs,
    ids: jobs.map((j) => j.id),
    situation,
  };
  if (deps.signal.aborted) {
    putBack(f, 0, null);
    return;
  }
  if (!isApiError(err)) {
    const detail = err instanceof Error ? err.message : String(err);
    deps.log(...logged('unexpectedError', { detail }));
    const { retryBaseMs, retryCapMs } = deps.config;
    putBack(
      f,
      backoffMs(1, retryBaseMs, retryCapMs, deps.random),
      jobMessage('unexpectedRetry', {}),
    );
    return;
  }
  act(f, err, decide(err, op, situation));
}

/** The code the window words an offline hold by (EngineHolds['offline'].code). */
function networkCode(err: ApiError): string | null {
  if (err.info.class === 'network_down') return err.info.code || null;
  if (err.info.class === 'retry_later') return err.info.reason;
  return null;
}

function act(f: Failure, err: ApiError, action: Action): void {
  const { deps } = f;
  switch (action.do) {
    case 'retry':
      retry(f, err, action);
      return;
    case 'hold_service':
      // Nothing was created and nothing is counted against the photo: the pacer holds the key
      // until the service's Retry-After, then asks one request at a time whether it is back.
      putBack(f, action.afterMs, retryMessage(err));
      deps.holds.serviceHeld(action.afterMs, action.serviceSays);
      return;
    case 'go_offline':
      putBack(f, 0, jobMessage('waitingForNetwork', {}));
      deps.holds.goOffline(err.message, networkCode(err));
      return;
    case 'hold_quota':
      putBack(f, 0, f.op === 'poll' ? null : jobMessage('waitingForQuota', {}));
      if (deps.quotaExhausted(action.remaining)) deps.holds.holdQuota(action.remaining);
      return;
    case 'hold_auth':
      putBack(f, 0, quotedMessage(action.message));
      deps.holds.holdAuth(action.kind, action.message);
      return;
    case 'denied':
      deps.deployment.deny(action.permission, action.message);
      deps.log(
        ...logged('permissionMissing', {
          permission: action.permission,
          serviceSays: action.message,
        }),
      );
      // The loop finds another way (single tasks, another poll) or holds, naming the permission.
      putBack(f, 0, null);
      return;
    case 'shrink_batch': {
      const sent = f.situation?.files ?? f.jobs.length;
      const size = deps.deployment.shrinkBatches(sent, action.maxFiles);
      deps.log(...logged('batchShrunk', { sent, size, serviceSays: action.message }));
      putBack(f, 0, null);
      return;
    }
    case 'batches_unavailable':
      deps.deployment.refuseBatches(action.message);
      deps.log(...logged('batchesUnavailable', { serviceSays: action.message }));
      putBack(f, 0, null);
      return;
    case 'shrink_list': {
      const tried = deps.deployment.listLimit ?? 0;
      deps.deployment.shrinkList(tried, action.maxLimit);
      const next = deps.deployment.listLimit;
      if (next === null) {
        deps.log(...logged('listsRefused', {}));
      } else {
        deps.log(...logged('listShrunk', { tried, next }));
      }
      putBack(f, 0, null);
      return;
    }
    case 'hold_settings':
      putBack(f, 0, quotedMessage(action.message));
      deps.holds.holdSettings(action.message);
      return;
    case 'give_up_file':
      deps.store.jobs.fail(f.ids, action.failureKind, quotedMessage(action.message));
      return;
    case 'split_batch':
      deps.store.jobs.requeue(f.ids, {
        nextAttemptAt: f.now,
        message: jobMessage('batchSplit', { serviceSays: action.message }),
        solo: true,
        refundAttempt: true,
      });
      return;
    case 'over_byte_limit':
      overByteLimit(f, action);
      return;
    case 'resubmit':
      resubmit(f);
      return;
  }
}

/** A 413: the limit is learned; a batch's photos are packed again below it (none fails). */
function overByteLimit(f: Failure, action: Extract<Action, { do: 'over_byte_limit' }>): void {
  const { deployment, store } = f.deps;
  const sent = f.jobs.reduce((n, j) => n + j.size, 0);
  deployment.shrinkBytes(sent, action.message, action.several);
  if (!action.several) {
    store.jobs.fail(f.ids, 'server_rejected_size', quotedMessage(action.message));
    return;
  }
  store.jobs.requeue(f.ids, {
    nextAttemptAt: f.now,
    message: jobMessage('batchRepacked', {
      serviceSays: action.message,
      limit: deployment.batchMaxBytes,
    }),
    refundAttempt: true,
  });
}

function retry(f: Failure, err: ApiError, action: Extract<Action, { do: 'retry' }>): void {
  const { deps } = f;
  const { config, store } = deps;
  if (action.transportFailure) deps.holds.transportFailed(err.message, networkCode(err));
  if (f.op === 'poll') {
    putBack(f, action.afterMs ?? backoffMs(1, 500, 30_000, deps.random), retryMessage(err));
    return;
  }
  const give: number[] = [];
  for (const j of f.jobs) {
    if (action.countsAsAttempt && j.uploadAttempts >= config.maxUploadAttempts) {
      give.push(j.id);
      continue;
    }
    const backoff = backoffMs(j.uploadAttempts, config.retryBaseMs, config.retryCapMs, deps.random);
    // Sent again at once, a photo whose task the service did create (its answer was lost) is
    // read and charged twice; after the grace that task is finished and cached.
    const after =
      action.afterMs ?? (action.mayHaveCreated ? Math.max(backoff, config.resumeGraceMs) : backoff);
    store.jobs.requeue([j.id], {
      nextAttemptAt: f.now + after,
      message: retryMessage(err),
      refundAttempt: !action.countsAsAttempt,
    });
  }
  if (give.length) {
    store.jobs.fail(give, 'service_error', gaveUpMessage(err, config.maxUploadAttempts));
  }
}

/** A retry reason's own sentence is kept as its reason; other words (a 429's) as said. */
function retryReason(err: ApiError): keyof typeof RETRY_SENTENCES | null {
  const { info } = err;
  return info.class === 'retry_later' && err.message === RETRY_SENTENCES[info.reason]
    ? info.reason
    : null;
}

function retryMessage(err: ApiError): JobMessage {
  const retry = retryReason(err);
  return retry === null
    ? jobMessage('retryLaterSaid', { serviceSays: err.message })
    : jobMessage('retryLater', { retry });
}

function gaveUpMessage(err: ApiError, maxAttempts: number): JobMessage {
  const attempts = String(maxAttempts);
  const retry = retryReason(err);
  return retry === null
    ? jobMessage('gaveUpSaid', { attempts, serviceSays: err.message })
    : jobMessage('gaveUp', { attempts, retry });
}

/** The service no longer knows the task: its photo is sent once more, never a second time. */
function resubmit(f: Failure): void {
  const { store } = f.deps;
  for (const asked of f.jobs) {
    // Polls on their way at once may each find the same task unknown; the first one sent the
    // photo again, and the job's new task is not the one the later answers speak of.
    const j = store.jobs.get(asked.id);
    if (j?.state !== 'submitted' || j.taskId !== asked.taskId) continue;
    if (j.resubmits >= 1) {
      store.jobs.fail([j.id], 'task_lost', jobMessage('taskLostTwice', {}));
    } else {
      store.jobs.requeue([j.id], {
        nextAttemptAt: f.now,
        message: jobMessage('taskLostResend', {}),
        refundAttempt: true,
        resubmit: true,
      });
    }
  }
}
