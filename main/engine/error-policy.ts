import type { FailureKind } from '../../common/job';
import type { Permission } from '../../common/engine-status';
import type { ApiError, ApiErrorInfo, Endpoint } from '../api/errors';

/** What the engine was doing when the error came back. */
export type Operation = 'upload' | 'batch_upload' | 'poll';

/** What else decides an upload failure's meaning, besides the error itself. */
export interface UploadSituation {
  /** Files in the refused upload. */
  readonly files: number;
  /** The business value sent, or null for the service's default. */
  readonly business: string | null;
  /** The business cannot go as single tasks (it is not the service's own namespace). */
  readonly batchesOnly: boolean;
}

/** What the engine does about it. The scheduler switches on this, never on HTTP statuses. */
export type Action =
  | {
      do: 'retry';
      countsAsAttempt: boolean;
      afterMs: number | null;
      transportFailure: boolean;
      /**
       * An upload whose outcome is unknown (no usable answer came back): the service may have
       * created the task. Sent again only after the grace, like an upload cut off by a crash.
       */
      mayHaveCreated: boolean;
    }
  | { do: 'go_offline' }
  /** The service says it is unavailable until `afterMs` (maintenance): put back, nothing spent. */
  | { do: 'hold_service'; afterMs: number; serviceSays: string }
  | { do: 'hold_quota'; remaining: number | null }
  | { do: 'hold_auth'; kind: 'key_rejected'; message: string }
  /** 403 for one endpoint: that endpoint is avoided; whether the run can go on depends on which. */
  | { do: 'denied'; permission: Permission; message: string }
  | { do: 'hold_settings'; message: string }
  | { do: 'give_up_file'; failureKind: FailureKind; message: string }
  | { do: 'split_batch'; message: string }
  /** 413: over the deployment's byte limit; `several` photos are packed again below it. */
  | { do: 'over_byte_limit'; several: boolean; message: string }
  /** Too many files in one batch: smaller batches, `maxFiles` when the service said the number. */
  | { do: 'shrink_batch'; maxFiles: number | null; message: string }
  /** This deployment takes no batches (CAD by its 400): single tasks, batches re-checked later. */
  | { do: 'batches_unavailable'; message: string }
  /** A list request's `limit` was refused: ask for fewer, or poll tasks one by one. */
  | { do: 'shrink_list'; maxLimit: number | null }
  | { do: 'resubmit' };

// A certificate that cannot be verified counts with them: the engine then pauses with that
// reason on show and probes, instead of spending every photo's upload attempts on it.
const TRANSPORT_REASONS = new Set([
  'timeout',
  'connection_reset',
  'transport',
  'non_json_body',
  'tls',
]);

const PERMISSION_OF: Record<Endpoint, Permission> = {
  quota: 'quota',
  ai_status: 'ai_status',
  create_task: 'create_task',
  create_batch: 'create_batch',
  get_task: 'get_task',
  list_tasks: 'list_tasks',
  get_batch: 'get_batch',
};

const retryAttempt = (countsAsAttempt: boolean): Action => ({
  do: 'retry',
  countsAsAttempt,
  afterMs: null,
  transportFailure: false,
  mayHaveCreated: false,
});

/** A batch of several files: which one was at fault is not known, so each goes alone next. */
function inBatch(op: Operation, situation: UploadSituation | undefined): boolean {
  return op === 'batch_upload' && (situation?.files ?? 2) > 1;
}

/** A named business that only batches can carry, refused: the run stops before anything is read. */
function businessProblem(situation: UploadSituation, serviceWords: string): Action {
  const named = situation.business ?? 'the default';
  return {
    do: 'hold_settings',
    message:
      `The service refused the business "${named}"${serviceWords ? ` (it says: ${serviceWords})` : ''}. ` +
      'Nothing was sent. Choose another business in the settings, or leave it empty for the ' +
      "service's own.",
  };
}

/** 400/422 on a batch: what it means depends on how many files it held and on the business. */
function batchRefused(
  info: Extract<ApiErrorInfo, { class: 'batch_refused' }>,
  situation: UploadSituation,
): Action {
  const { refusal, maxFiles, detail } = info;
  const shrink: Action = {
    do: 'shrink_batch',
    maxFiles,
    message: detail || 'too many files in one batch',
  };
  switch (refusal) {
    case 'too_many_files':
      if (situation.files > 1) return shrink;
      break;
    case 'unknown_business':
      if (situation.business !== null) return businessProblem(situation, detail);
      break;
    case 'unsupported':
      break;
    case 'unclear':
      // A smaller batch costs nothing to try (a refused batch creates nothing); halving finds
      // the deployment's size in three refusals at most.
      if (situation.files > 1) return shrink;
      break;
  }
  if (situation.batchesOnly) {
    return {
      do: 'hold_settings',
      message:
        `The business "${situation.business ?? ''}" can only be sent in batches, and the service ` +
        `refused batches${detail ? ` (it says: ${detail})` : ''}. Nothing was sent. Leave the ` +
        "business empty to use the service's own.",
    };
  }
  return { do: 'batches_unavailable', message: detail || 'the service takes no batches' };
}

/** The one table from error class to engine behaviour (see DEVELOPERS.md, "errors"). */
export function decide(err: ApiError, op: Operation, situation?: UploadSituation): Action {
  const info = err.info;
  switch (info.class) {
    case 'retry_later':
      return {
        do: 'retry',
        countsAsAttempt: op !== 'poll',
        afterMs: null,
        transportFailure: TRANSPORT_REASONS.has(info.reason),
        mayHaveCreated: op !== 'poll',
      };
    case 'network_down':
      return { do: 'go_offline' };
    case 'service_hold':
      return { do: 'hold_service', afterMs: info.retryAfterMs, serviceSays: info.serviceSays };
    case 'rate_limited':
      return {
        do: 'retry',
        countsAsAttempt: false,
        afterMs: info.retryAfterMs,
        transportFailure: false,
        mayHaveCreated: false,
      };
    case 'quota_exhausted':
      return { do: 'hold_quota', remaining: info.remaining };
    case 'key_rejected':
      return { do: 'hold_auth', kind: 'key_rejected', message: err.message };
    case 'permission_denied':
      return {
        do: 'denied',
        permission: PERMISSION_OF[err.endpoint],
        message: info.message || err.message,
      };
    case 'business_refused':
      return situation
        ? businessProblem(situation, info.message)
        : { do: 'hold_settings', message: err.message };
    case 'file_rejected':
      // The deployment's byte limit ("20MB" may be 20,000,000 bytes): learned, and a batch packed
      // again below it rather than every photo sent alone.
      if (info.status === 413 && op !== 'poll') {
        return {
          do: 'over_byte_limit',
          several: inBatch(op, situation),
          message: info.message || err.message,
        };
      }
      if (inBatch(op, situation)) return { do: 'split_batch', message: err.message };
      return {
        do: 'give_up_file',
        failureKind: info.status === 413 ? 'server_rejected_size' : 'server_rejected_type',
        message: info.message || err.message,
      };
    case 'batch_refused':
      return situation
        ? batchRefused(info, situation)
        : { do: 'batches_unavailable', message: info.detail };
    case 'bad_request':
      if (err.endpoint === 'list_tasks') return { do: 'shrink_list', maxLimit: info.maxLimit };
      if (op === 'batch_upload') return { do: 'split_batch', message: err.message };
      if (op === 'upload')
        return {
          do: 'give_up_file',
          failureKind: 'service_error',
          message: info.message || err.message,
        };
      return retryAttempt(false);
    case 'not_found':
      return op === 'poll' ? { do: 'resubmit' } : retryAttempt(true);
    case 'local_file':
      // Which file of a batch could not be read is not known: the others must not fail with it.
      // Each is sent alone next, and only the one at fault fails, with its own reason.
      if (inBatch(op, situation)) return { do: 'split_batch', message: err.message };
      return {
        do: 'give_up_file',
        failureKind:
          info.reason === 'vanished'
            ? 'vanished'
            : info.reason === 'unreadable'
              ? 'unreadable'
              : 'changed_on_disk',
        message: err.message,
      };
  }
}
