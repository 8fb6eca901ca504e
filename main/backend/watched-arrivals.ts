// The window's watched folders (settings.watchFolders): their new photos go into the queue under
// their folder as they arrive. While another process owns the queue they wait, looked at again as
// growing files are, instead of being dropped.
import type { EngineStatus } from '../../common/engine-status';
import { QueueOwnedError } from '../actions/ownership';
import type { QueueActions } from '../actions/queue-actions';
import { systemClock } from '../time/clock';
import { FolderWatcher, intakeOf, type IntakeResult } from '../watch';
import type { WatchTimings } from './backend-options';
import type { EventHub } from './event-hub';
import type { RwLock } from './rw-lock';
import { describe } from './start-problems';

export interface WatchedArrivalsOptions {
  readonly lock: RwLock;
  readonly actions: QueueActions;
  readonly hub: EventHub;
  readonly status: () => EngineStatus;
  readonly watch?: WatchTimings;
  readonly log: (line: string) => void;
}

export function watchArrivals(o: WatchedArrivalsOptions): FolderWatcher {
  /** Watched folders whose new photos wait for the queue's owner (said once in the log). */
  const arrivalsWaiting = new Set<string>();

  async function addArrivals(folder: string, paths: readonly string[]): Promise<IntakeResult> {
    const summary = await o.lock
      .shared(() => o.actions.addArrivals(folder, paths))
      .catch((error: unknown) => {
        if (error instanceof QueueOwnedError) return null;
        throw error;
      });
    if (summary === null) {
      if (!arrivalsWaiting.has(folder))
        o.log(`watched folder ${folder}: new photos wait, the queue is in use by another process`);
      arrivalsWaiting.add(folder);
      return { added: 0, growing: [...paths] };
    }
    arrivalsWaiting.delete(folder);
    o.hub.markAppChanged();
    o.hub.statusChanged(o.status());
    return intakeOf(summary);
  }

  return new FolderWatcher({
    clock: systemClock,
    ...o.watch,
    intake: addArrivals,
    onError: (folder, error) => {
      o.log(`watched folder ${folder}: adding failed: ${describe(error)}`);
    },
  });
}
