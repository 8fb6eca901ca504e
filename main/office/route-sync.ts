// The office's routes into a running desk (issue 30, item 1): at start, when the office comes back
// and whenever another desk's route changes, the desk gives the sheets loaded here, reads the
// routes whose hash it does not have and hands them to the action layer, which loads them as
// sheets of this queue and matches its photos against them. A burst of live notes (one per meter
// of a loaded sheet) makes one sync; never two at once. Nothing here blocks the engine: an office
// away or a queue owned by another process is tried again at the next note.
import type { OfficeRouteSheet } from '../../common/billing/office-route-sheet';
import type { RoutesTaken } from '../billing/office-route-sheets';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { OfficeSync } from './office-sync';
import { officeRoutesToTake } from './route-publish';
import type { OfficeStore } from './store/office-store';

/** How long the desk waits after a live note for the rest of its burst (ms). */
export const ROUTE_SYNC_SETTLE_MS = 500;

/** Takes the office's routes into the queue (the action layer's QueueActions.takeOfficeRoutes). */
export type TakeOfficeRoutes = (routes: readonly OfficeRouteSheet[]) => Promise<RoutesTaken>;

export interface RouteSyncOptions {
  store: Store;
  office: Pick<OfficeStore, 'loadRoute' | 'keepOrderFile' | 'changedRoutes' | 'orderFilesOf'>;
  desk: string;
  clock: Clock;
  take: TakeOfficeRoutes;
  /** One line for the person at the desk when routes were taken. */
  say: (line: string) => void;
  /** Why a sync did not happen (the office away, the queue owned elsewhere): the log's. */
  log?: (line: string) => void;
  settleMs?: number;
}

export class RouteSync extends OfficeSync<RoutesTaken | null> {
  constructor(private readonly opts: RouteSyncOptions) {
    super({
      idle: null,
      clock: opts.clock,
      settleMs: opts.settleMs ?? ROUTE_SYNC_SETTLE_MS,
      log: opts.log,
    });
  }

  protected async turn(): Promise<RoutesTaken | null> {
    const { store, office, desk, clock } = this.opts;
    try {
      const routes = await officeRoutesToTake(store, office, desk, new Date(clock.now()));
      if (routes.length === 0 || this.stopped) return null;
      const taken = await this.opts.take(routes);
      if (taken.routes.length > 0) this.opts.say(takenLine(taken));
      return taken;
    } catch (error) {
      throw this.failure('routes not synced now', error);
    }
  }
}

function takenLine(taken: RoutesTaken): string {
  const n = taken.routes.length;
  const names = taken.routes.join(', ');
  return (
    `Office: took ${n} route${n === 1 ? '' : 's'} loaded at another desk (${names}; ` +
    `${taken.meters} meter${taken.meters === 1 ? '' : 's'}); ${taken.match.matched} photo` +
    `${taken.match.matched === 1 ? '' : 's'} matched.`
  );
}
