// How each job state, result source and failure reason is shown: one word, one icon, one tone.
// The table, the detail panel, the progress legend and the filters all read from here.
import type { FailureKind, JobState } from '../../common/job';
import type { JobRecord } from '../../common/job-record';
import type { TFunction } from 'i18next';
import { englishT } from '../i18n/english';
import { jobLineText, jobWords } from './job-words';

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
  | 'warning'
  | 'database';

export interface StateLook {
  readonly label: string;
  readonly icon: IconName;
  readonly tone: Tone;
  /** A sentence for the detail panel and tooltips. */
  readonly help: string;
}

type StatesT = TFunction<'states'>;
const EN = englishT('states');

/** A row's look: its state, or waiting at the service, or held back by the quality check. */
type Look = JobState | 'waiting' | 'held';

const STATE_STYLE: Record<Look, { icon: IconName; tone: Tone }> = {
  queued: { icon: 'clock', tone: 'neutral' },
  uploading: { icon: 'upload', tone: 'busy' },
  submitted: { icon: 'hourglass', tone: 'busy' },
  done: { icon: 'check', tone: 'ok' },
  failed: { icon: 'cross', tone: 'bad' },
  rejected: { icon: 'ban', tone: 'muted' },
  waiting: { icon: 'pause', tone: 'warn' },
  held: { icon: 'warning', tone: 'warn' },
};

/** How a state is shown, in the words of `t` (English by default). */
export function stateLook(state: Look, t: StatesT = EN): StateLook {
  return {
    ...STATE_STYLE[state],
    label: t(`state.${state}.label`),
    help: t(`state.${state}.help`),
  };
}

/** English looks, for callers that word nothing themselves. */
export const STATE_LOOK: Record<JobState, StateLook> = {
  queued: stateLook('queued'),
  uploading: stateLook('uploading'),
  submitted: stateLook('submitted'),
  done: stateLook('done'),
  failed: stateLook('failed'),
  rejected: stateLook('rejected'),
};

export function failureWords(kind: FailureKind, t: StatesT = EN): string {
  return t(`failure.${kind}`);
}

// Worded in its own file so job-words.ts needs nothing of this one (they imported each other).
export { sourceWords } from './source-words';

/**
 * Why a photo still waits at the service, in the service's own words (its error_message while
 * the task is not final: spec 2.1), with the service's status when it says more than "running".
 */
export function serviceWaitReason(
  job: JobRecord,
  t: StatesT = EN,
  bannersT: TFunction<'banners'> = englishT('banners'),
): string | null {
  if (job.state !== 'submitted' || !job.errorMessage) return null;
  const status = job.remoteStatus && job.remoteStatus !== 'running' ? ` (${job.remoteStatus})` : '';
  return `${jobLineText(jobWords(job.errorMessage, t, bannersT))}${status}`;
}

/**
 * Office mode: a queued photo waits for the reading of the desk of the office that sends it; a
 * done one took that desk's reading, unsent. Null for a photo this desk sends itself.
 */
export function officeDeskNote(
  job: Pick<JobRecord, 'state' | 'officeDesk'>,
  t: StatesT = EN,
): { line: string; help: string } | null {
  const desk = job.officeDesk;
  if (desk === null) return null;
  if (job.state === 'queued') {
    return {
      line: t('officeDesk.waiting', { desk }),
      help: t('officeDesk.waitingHelp', { desk }),
    };
  }
  if (job.state === 'done') {
    return { line: t('officeDesk.read', { desk }), help: t('officeDesk.readHelp', { desk }) };
  }
  return null;
}

/**
 * How a row is shown: a photo at the service that is not being read (the service said why, or
 * its AI is offline) is "Waiting", not "Reading".
 */
export function lookOf(job: JobRecord, aiOffline = false, t: StatesT = EN): StateLook {
  if (job.holdReason) return stateLook('held', t);
  const office = officeDeskNote(job, t);
  if (office) {
    const look = stateLook(job.state === 'queued' ? 'waiting' : job.state, t);
    return { ...look, help: office.help };
  }
  if (job.state !== 'submitted') return stateLook(job.state, t);
  const reason = serviceWaitReason(job, t);
  const waiting = stateLook('waiting', t);
  if (reason) return { ...waiting, help: t('waitingBecause', { reason }) };
  if (aiOffline) return { ...waiting, help: t('waitingForAi') };
  return stateLook('submitted', t);
}

/**
 * What the error column shows: the precise reason (the scanner's for a file never sent, e.g. "a
 * truncated JPEG", the service's for a failed one), else the reason's kind in words.
 */
/** Whether the error column quotes words that are not the window's: the service's own. */
export function errorQuotes(job: JobRecord): boolean {
  if (job.state !== 'failed' && job.state !== 'rejected') return false;
  return job.errorMessage?.code === 'quoted';
}

export function errorText(
  job: JobRecord,
  t: StatesT = EN,
  bannersT: TFunction<'banners'> = englishT('banners'),
  lang?: string,
): string {
  // A held photo's line says why (too small, dark, blown out, blurred), in the window's words.
  if (job.holdReason && job.errorMessage) {
    return jobLineText(jobWords(job.errorMessage, t, bannersT, lang));
  }
  if (job.state !== 'failed' && job.state !== 'rejected') return '';
  // MeterDesk's own sentence in the window's words; the service's or the scanner's as written.
  const message =
    job.errorMessage === null ? null : jobLineText(jobWords(job.errorMessage, t, bannersT, lang));
  if (job.failureKind) {
    const words = failureWords(job.failureKind, t);
    if (!message) return words;
    return job.state === 'rejected' ? message : `${words}: ${message}`;
  }
  return message ?? '';
}
