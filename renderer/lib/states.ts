// How each job state, result source and failure reason is shown: one word, one icon, one tone.
// The table, the detail panel, the progress legend and the filters all read from here.
import type { FailureKind, JobState } from '../../common/job';
import type { JobRecord } from '../../common/job-record';

export type Tone = 'neutral' | 'busy' | 'ok' | 'warn' | 'bad' | 'muted';
export type IconName =
  | 'clock'
  | 'upload'
  | 'hourglass'
  | 'check'
  | 'cross'
  | 'ban'
  | 'flag'
  | 'pause'
  | 'cloud-off'
  | 'key'
  | 'lock'
  | 'gauge'
  | 'robot'
  | 'info'
  | 'folder'
  | 'search'
  | 'plus'
  | 'download'
  | 'gear'
  | 'play'
  | 'retry'
  | 'trash'
  | 'external'
  | 'close'
  | 'warning';

export interface StateLook {
  readonly label: string;
  readonly icon: IconName;
  readonly tone: Tone;
  /** A sentence for the detail panel and tooltips. */
  readonly help: string;
}

export const STATE_LOOK: Record<JobState, StateLook> = {
  queued: { label: 'Queued', icon: 'clock', tone: 'neutral', help: 'Waiting to be sent.' },
  uploading: { label: 'Sending', icon: 'upload', tone: 'busy', help: 'Being sent to the service.' },
  submitted: {
    label: 'Reading',
    icon: 'hourglass',
    tone: 'busy',
    help: 'The service is reading the meter.',
  },
  done: { label: 'Done', icon: 'check', tone: 'ok', help: 'The reading is in.' },
  failed: { label: 'Failed', icon: 'cross', tone: 'bad', help: 'No reading could be obtained.' },
  rejected: {
    label: 'Not sent',
    icon: 'ban',
    tone: 'muted',
    help: 'Not a photo the service accepts; it was never sent.',
  },
};

const FAILURE_WORDS: Record<FailureKind, string> = {
  empty_file: 'Empty file',
  too_large: 'Larger than 20 MB',
  unsupported_format: 'Not JPEG, PNG or WEBP',
  unreadable: 'Damaged or unreadable',
  vanished: 'File gone from disk',
  server_rejected_size: 'Refused by the service: too large',
  server_rejected_type: 'The service could not use it as an image',
  ai_failed: 'The AI could not read it',
  task_lost: 'Lost at the service',
  changed_on_disk: 'File changed on disk',
  service_error: 'Service error',
};

export function failureWords(kind: FailureKind): string {
  return FAILURE_WORDS[kind];
}

const SOURCE_WORDS: Record<string, string> = {
  fresh: 'Fresh reading',
  cached_exact: 'Read before (same photo)',
  cached_stale: 'Historical (older AI)',
  pending: 'Pending',
  failed: 'Failed',
};

/** Short forms for the table column. */
const SOURCE_SHORT: Record<string, string> = {
  fresh: 'Fresh',
  cached_exact: 'Read before',
  cached_stale: 'Historical',
  pending: 'Pending',
  failed: 'Failed',
};

/** The result source in words; an unknown source (the service may add some) is shown as is. */
export function sourceWords(source: string | null, short = false): string {
  if (source === null || source === '') return '';
  return (short ? SOURCE_SHORT : SOURCE_WORDS)[source] ?? source;
}

/** The reading billing will get: the person's correction when there is one. */
export function effectiveReading(job: JobRecord): string | null {
  return job.reviewAction === 'corrected' && job.reviewedReading !== null
    ? job.reviewedReading
    : job.finalReading;
}

/**
 * Why a photo still waits at the service, in the service's own words (its error_message while
 * the task is not final: spec 2.1), with the service's status when it says more than "running".
 */
export function serviceWaitReason(job: JobRecord): string | null {
  if (job.state !== 'submitted' || !job.errorMessage) return null;
  const status = job.remoteStatus && job.remoteStatus !== 'running' ? ` (${job.remoteStatus})` : '';
  return `${job.errorMessage}${status}`;
}

const WAITING: StateLook = {
  label: 'Waiting',
  icon: 'pause',
  tone: 'warn',
  help: 'Waiting at the service.',
};

/**
 * How a row is shown: a photo at the service that is not being read (the service said why, or
 * its AI is offline) is "Waiting", not "Reading".
 */
export function lookOf(job: JobRecord, aiOffline = false): StateLook {
  if (job.state !== 'submitted') return STATE_LOOK[job.state];
  const reason = serviceWaitReason(job);
  if (reason) return { ...WAITING, help: `Waiting at the service: ${reason}` };
  if (aiOffline) return { ...WAITING, help: 'Waiting for the AI service to be back online.' };
  return STATE_LOOK.submitted;
}

/**
 * What the error column shows: the precise reason (the scanner's for a file never sent, e.g. "a
 * truncated JPEG", the service's for a failed one), else the reason's kind in words.
 */
export function errorText(job: JobRecord): string {
  if (job.state !== 'failed' && job.state !== 'rejected') return '';
  if (job.failureKind) {
    const words = failureWords(job.failureKind);
    if (!job.errorMessage) return words;
    return job.state === 'rejected' ? job.errorMessage : `${words}: ${job.errorMessage}`;
  }
  return job.errorMessage ?? '';
}
