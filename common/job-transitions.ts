// Every way a job may change state, named by what causes it. The queue store builds the state guard
// of each SQL update from this table (an update whose row is not in a `from` state changes
// nothing), and the state-machine property test checks that no sequence of events moves a job
// along a pair this table does not list. A second process, a late answer or a crash in between can
// then never move a job backwards (say, an upload answer for a job already sent again).
import type { JobState } from './job';

export interface Transition {
  readonly from: readonly JobState[];
  readonly to: readonly JobState[];
}

export const JOB_TRANSITIONS = {
  /** A rejected file scanned again: readable now, or still rejected for another reason. */
  rescan: { from: ['rejected'], to: ['queued', 'rejected'] },
  /** Identical content already read: the result is copied, nothing is uploaded. */
  reuseResult: { from: ['queued'], to: ['done'] },
  /**
   * The quality check before upload measured the photo: it may go, or it is held with a reason
   * (still queued, never picked for an upload: it costs no quota).
   */
  checkPhoto: { from: ['queued'], to: ['queued'] },
  /** A person sends a held photo anyway: it is picked like one that passed. */
  sendAnyway: { from: ['queued'], to: ['queued'] },
  /** Picked for an upload (with its attempt counted). */
  startUpload: { from: ['queued'], to: ['uploading'] },
  /** The photo on disk changed while it was being uploaded: what is sent is what is there now. */
  refreshContent: { from: ['uploading'], to: ['uploading'] },
  /** The service created the task. */
  submit: { from: ['uploading'], to: ['submitted'] },
  /** Back in the queue: a retry, a wait (rate limit, network, quota), a lost task sent again. */
  requeue: { from: ['queued', 'uploading', 'submitted'], to: ['queued'] },
  /** Given up with a reason. */
  fail: { from: ['queued', 'uploading', 'submitted'], to: ['failed'] },
  /** Polled, still not final. */
  reschedulePoll: { from: ['submitted'], to: ['submitted'] },
  /** The task's final answer; queued twins of the same content share it. */
  finish: { from: ['submitted', 'queued'], to: ['done', 'failed'] },
  /** After a crash: an upload that was cut off is sent again. */
  recover: { from: ['uploading'], to: ['queued'] },
  /** After a crash: every task the service created is polled again at once. */
  resumePolls: { from: ['submitted'], to: ['submitted'] },
  /** A person accepted or corrected the reading. */
  review: { from: ['done'], to: ['done'] },
  /** A person took a review back: the reading gets the review state it had before. */
  undoReview: { from: ['done'], to: ['done'] },
  /** A person asked for a failed photo to be tried again. */
  retryFailed: { from: ['failed'], to: ['queued'] },
  /**
   * A person removed the photo from the list: the job is gone. Never while in flight (uploading,
   * submitted): a task the service is reading, and charging for, would lose its job.
   */
  remove: { from: ['queued', 'done', 'failed', 'rejected'], to: [] },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof JOB_TRANSITIONS;

/** The states a transition may move a job to. */
export type TargetState<T extends TransitionName> = (typeof JOB_TRANSITIONS)[T]['to'][number];

/** The states a newly recorded file starts in (a twin of a read photo starts done). */
export const INITIAL_JOB_STATES: readonly JobState[] = ['queued', 'rejected', 'done'];

/** Whether some named transition moves a job from `from` to `to`. */
export function isAllowedTransition(from: JobState, to: JobState): boolean {
  return Object.values(JOB_TRANSITIONS).some(
    (t: Transition) => t.from.includes(from) && t.to.includes(to),
  );
}

/** Whether a job in `state` may take the transition (say, whether a photo may be removed). */
export function mayTake(transition: TransitionName, state: JobState): boolean {
  return (JOB_TRANSITIONS[transition].from as readonly JobState[]).includes(state);
}
