import { JOB_TRANSITIONS, type TransitionName } from '../../common/job-transitions';

/** The state guard of a transition's UPDATE: rows in another state are left as they are. */
export function from(transition: TransitionName): string {
  const states = JOB_TRANSITIONS[transition].from.map((state) => `'${state}'`);
  return `state IN (${states.join(', ')})`;
}
