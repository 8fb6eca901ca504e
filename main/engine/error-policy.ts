import type { FailureKind } from '../../common/job';
import type { ApiError } from '../api/errors';

/** What the engine was doing when the error came back. */
export type Operation = 'upload' | 'batch_upload' | 'poll';

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
  | { do: 'hold_quota'; remaining: number | null; summaryText: string }
  | { do: 'hold_auth'; kind: 'key_rejected' | 'permission_denied'; message: string }
  | { do: 'hold_settings'; message: string }
  | { do: 'give_up_file'; failureKind: FailureKind; message: string }
  | { do: 'split_batch'; message: string }
  | { do: 'disable_batches'; message: string }
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

/** The one table from error class to engine behaviour (see DEVELOPERS.md, "errors"). */
export function decide(err: ApiError, op: Operation): Action {
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
    case 'rate_limited':
      return {
        do: 'retry',
        countsAsAttempt: false,
        afterMs: info.retryAfterMs,
        transportFailure: false,
        mayHaveCreated: false,
      };
    case 'quota_exhausted':
      return { do: 'hold_quota', remaining: info.remaining, summaryText: info.summaryText };
    case 'key_rejected':
      return { do: 'hold_auth', kind: 'key_rejected', message: err.message };
    case 'permission_denied':
      return { do: 'hold_auth', kind: 'permission_denied', message: info.message || err.message };
    case 'foreign_disabled':
      return { do: 'hold_settings', message: err.message };
    case 'file_rejected':
      if (op === 'batch_upload') return { do: 'split_batch', message: err.message };
      return {
        do: 'give_up_file',
        failureKind: info.status === 413 ? 'server_rejected_size' : 'server_rejected_type',
        message: info.message || err.message,
      };
    case 'bad_request':
      if (op === 'batch_upload') return { do: 'split_batch', message: err.message };
      if (op === 'upload')
        return {
          do: 'give_up_file',
          failureKind: 'service_error',
          message: info.message || err.message,
        };
      return {
        do: 'retry',
        countsAsAttempt: false,
        afterMs: null,
        transportFailure: false,
        mayHaveCreated: false,
      };
    case 'batch_unsupported':
      return op === 'batch_upload'
        ? { do: 'disable_batches', message: info.detail }
        : {
            do: 'retry',
            countsAsAttempt: true,
            afterMs: null,
            transportFailure: false,
            mayHaveCreated: false,
          };
    case 'not_found':
      return op === 'poll'
        ? { do: 'resubmit' }
        : {
            do: 'retry',
            countsAsAttempt: true,
            afterMs: null,
            transportFailure: false,
            mayHaveCreated: false,
          };
    case 'local_file':
      // Which file of a batch could not be read is not known: the others must not fail with it.
      // Each is sent alone next, and only the one at fault fails, with its own reason.
      if (op === 'batch_upload') return { do: 'split_batch', message: err.message };
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
