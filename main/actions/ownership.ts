// One writer per queue (main/store/queue-owner.ts): while another process owns the queue (the
// window open while `meter-desk run` works on it), this one's actions are refused, naming the
// owner, except those listed in SAFE_BESIDE_OWNER.
import { hostname } from 'node:os';
import type { OWNED_ACTIONS } from '../../common/reply-messages';
import { QueueInUseError, QueueOwnership, type OwnerInfo } from '../store/queue-owner';
import type { ActionSite } from './site';

/**
 * Every user-level change to the queue, by name (the refusal says which one waits; the window
 * words each, so the list is common/reply-messages.ts's).
 */
export type ActionName = (typeof OWNED_ACTIONS)[number];

/**
 * The writes that are safe while another process runs an engine on the queue: each is one
 * guarded write on rows that engine never writes again (a finished photo's review, a meter's
 * decision and its undo, each in one transaction with its office outbox entry that takes the
 * write lock first; a photo's meter chosen by hand, a setting only exports read), and the
 * checks they re-run are recomputed whole from the rows, whoever writes last. So a clerk can
 * review while a run reads more. Everything else is refused: adds and retries queue photos the
 * owner would send on behalf of a process it does not know (and its run would not end where its
 * user asked), a removal races its uploads, and a route sheet or file pattern re-matches every
 * photo under it.
 */
export const SAFE_BESIDE_OWNER: ReadonlySet<ActionName> = new Set<ActionName>([
  'review',
  'undo review',
  'assign meter',
  'skip meter',
  'type reading',
  'decide meter',
  'undo meter decision',
  'save template',
]);

/** The owner's claim, as the store words it, with the action that must wait for it. */
export class QueueOwnedError extends QueueInUseError {
  constructor(
    readonly action: ActionName,
    file: string,
    owner: OwnerInfo,
  ) {
    super(file, owner);
    this.message = `Cannot ${action} now. ${this.message}`;
  }
}

/** Throws QueueOwnedError when another live process owns the queue and `action` is not safe. */
export function refuseIfOwnedElsewhere(site: ActionSite, action: ActionName): void {
  if (SAFE_BESIDE_OWNER.has(action)) return;
  const owner = QueueOwnership.currentOwner(site.store().db, site.clock);
  // A claim of this process (its own engine, in the window or a CLI command) is no other writer.
  if (owner && !(owner.pid === process.pid && owner.host === hostname())) {
    throw new QueueOwnedError(action, site.store().file, owner);
  }
}
