import {
  JOB_TRANSITIONS,
  type TargetState,
  type TransitionName,
} from '../../common/job-transitions';
import type { JobState } from '../../common/job';

const quoted = (states: readonly JobState[]): string => states.map((s) => `'${s}'`).join(', ');

/** The state guard of a transition's UPDATE or DELETE: rows in another state are left alone. */
export function from(transition: TransitionName): string {
  return `state IN (${quoted(JOB_TRANSITIONS[transition].from)})`;
}

/**
 * The SET clause moving a row to a target of the transition: its only one, or the one named
 * (which the table must list), so no UPDATE names a state the table does not allow.
 */
export function setState<T extends TransitionName>(transition: T, state?: TargetState<T>): string {
  const targets: readonly JobState[] = JOB_TRANSITIONS[transition].to;
  const target = state ?? (targets.length === 1 ? targets[0] : undefined);
  if (target === undefined || !targets.includes(target)) {
    throw new Error(`Transition ${transition} has no single target state ${String(state)}`);
  }
  return `state = '${target}'`;
}

/** The guard for a state given as a parameter: the row moves only to a target the table lists. */
export function toOneOf(transition: TransitionName, parameter: string): string {
  return `${parameter} IN (${quoted(JOB_TRANSITIONS[transition].to)})`;
}
