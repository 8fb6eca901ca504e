import type { Store } from '../store/store';
import type { OfficeDecisionPort } from '../../common/office-decision-port';
import type { Clock } from '../time/clock';

/**
 * What the action layer may tell a running engine, and nothing more: the queue changed (look for
 * work, push these rows), and what the quota is after an add. The engine implements it; its own
 * queue operations are gone, so an engine is never the way to change the queue.
 */
export interface EngineNudge {
  queueChanged(ids?: readonly number[]): void;
  /** Undefined when the engine is not running (nothing was read). */
  quotaForAdd(): Promise<number | null | undefined>;
}

/** Where the actions work: the queue now, the engine on it if one runs, the clock. */
export interface ActionSite {
  /** A function: the window opens another queue when the data folder moves. */
  readonly store: () => Store;
  readonly engine: () => EngineNudge | null;
  readonly clock: Clock;
  /** The office asked first of every decision; absent or null: no office in use, decide alone. */
  readonly office?: () => OfficeDecisionPort | null;
}
