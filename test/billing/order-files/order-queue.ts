// A queue file on a manual clock with an order-file fixture loaded through the action layer and
// the photos of its meters read (as the engine leaves them), for the return-file tests: the
// verified meter confirmed by a person, the skipped one skipped with a code.
import { join } from 'node:path';
import { QueueActions } from '../../../main/actions/queue-actions';
import type { OrderFileLoad } from '../../../main/billing/order-files/load-order-file';
import { openStore, type Store } from '../../../main/store/store';
import { createManualClock } from '../../helpers/manual-clock';
import { tempDir } from '../../helpers/tmp';
import { readPhoto } from '../read-photo';
import type { OrderFixture } from './order-fixtures';

export const ORDER_NOW = Date.parse('2026-10-21T12:00:00Z');

export interface OrderQueue {
  readonly store: Store;
  readonly dir: string;
  readonly actions: QueueActions;
  readonly loaded: OrderFileLoad;
  /** Job id per meter with a photo. */
  readonly photos: ReadonlyMap<string, number>;
  close(): void;
}

export async function orderQueue(fixture: OrderFixture, now = ORDER_NOW): Promise<OrderQueue> {
  const { dir, cleanup } = tempDir('meterdesk-orders-');
  const clock = createManualClock(now);
  const store = openStore(join(dir, 'queue.sqlite'), { clock });
  const actions = new QueueActions({ store: () => store, engine: () => null, clock });
  const loaded = await actions.loadOrderFile(fixture.bytes, {
    name: `orders-${fixture.profile}`,
    profile: null,
    fileTime: '2026-10-05T08:00:00Z',
  });
  const rootId = store.roots.ensure('/photos', 'folder').id;
  const photos = new Map<string, number>();
  let n = 0;
  for (const m of fixture.meters) {
    if (m.reading === null) continue;
    const id = await readPhoto(store, {
      rootId,
      relPath: `${m.meter}_20261020.jpg`,
      reading: m.reading,
      readAt: fixture.readAt,
      sha256: String(++n).padStart(64, '0'),
      now: new Date(ORDER_NOW),
    });
    photos.set(m.meter, id);
  }
  for (const m of fixture.meters) {
    const id = photos.get(m.meter);
    if (m.expect === 'verified' && id !== undefined) await actions.review(id, 'accepted', null);
    if (m.expect === 'skip') await actions.recordSkip(m.meter, 'dog', null);
  }
  return {
    store,
    dir,
    actions,
    loaded,
    photos,
    close: () => {
      store.close();
      cleanup();
    },
  };
}
