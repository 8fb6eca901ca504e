// The steps every action shares: the owner rule before a write, and the follow-ups after it (a
// meter's photos checked again, the engine told). One per QueueActions, shared by its parts.
import * as routes from '../billing/routes';
import type { Store } from '../store/store';
import { refuseIfOwnedElsewhere, type ActionName } from './ownership';
import type { ActionSite } from './site';

export class ActionSteps {
  constructor(readonly site: ActionSite) {}

  /** The queue to write, once the owner rule allows this action. */
  write(action: ActionName): Store {
    refuseIfOwnedElsewhere(this.site, action);
    return this.site.store();
  }

  /** A meter's decision changed: its photos' checks follow, and the engine hears of them. */
  meterChanged(store: Store, meterId: string): void {
    const photos = store.meters.photoIdsOf(meterId);
    this.changed([...photos, ...routes.readingsChanged(store, photos, this.now())]);
  }

  changed(ids: readonly number[]): void {
    this.site.engine()?.queueChanged(ids);
  }

  now(): Date {
    return new Date(this.site.clock.now());
  }
}
