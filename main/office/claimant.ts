// Who claims a photo in the office: a desk's queue, not only its name (issue 30, item 6). Two
// queues under one desk name (a clerk's window and a CLI run on the same PC, or two PCs given the
// same name) each took the other's claim for their own and paid for the same photo twice. So a
// claim names the desk and the queue's own id ("ben@pc-2#q3f2a9c1d"); everything a person reads
// names the desk alone.
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/store';

/** Where a queue keeps the id it claims photos under (made once, on its first office start). */
export const OFFICE_QUEUE_ID_SETTING = 'officeQueueId';

const SUFFIX = /#q[0-9a-f]{8}$/;

/**
 * This queue's own id in the office (8 hex digits), made on first use: what tells two queues under
 * one desk name apart, in its claims and in the decisions it publishes.
 */
export function queueIdOf(store: Store): string {
  let id = store.settings.get<string | null>(OFFICE_QUEUE_ID_SETTING, null);
  if (id === null || !/^[0-9a-f]{8}$/.test(id)) {
    id = randomBytes(4).toString('hex');
    store.settings.set(OFFICE_QUEUE_ID_SETTING, id);
  }
  return id;
}

/** The name this queue claims photos under. */
export function claimantOf(desk: string, store: Store): string {
  return `${desk}#q${queueIdOf(store)}`;
}

/** The desk a claimant belongs to, for the words a person reads. */
export function deskOfClaimant(claimant: string): string {
  return claimant.replace(SUFFIX, '');
}
