// Anna's desk for the publisher's tests against a real office: her own SQLite queue file on a
// manual clock at T0, its outbox publishing as anna@pc1, and her connection to the office. Several
// office tests built this by hand, a copy each; each still makes its own photos and publisher.
import type { OfficeStoreOptions, OfficeStore } from '../../main/office/store/office-store';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf, type OfficeOutbox } from '../../main/store/office-outbox';
import { openStore, type Store } from '../../main/store/store';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';
import { T0, type MigratedOffice } from './office-fixture';

export interface AnnaDeskQueue {
  readonly store: Store;
  readonly clock: ManualClock;
  readonly outbox: OfficeOutbox;
  /** Anna's connection to the office, as her desk opens it. */
  readonly desk: OfficeStore;
}

/** Opens Anna's queue (in a folder named from `prefix`) and her office; `cleanups` closes them. */
export async function annaDeskQueue(
  o: MigratedOffice,
  cleanups: (() => Promise<void> | void)[],
  prefix: string,
  deskOptions: Omit<OfficeStoreOptions, 'desk'> = {},
): Promise<AnnaDeskQueue> {
  const t = tempDir(prefix);
  const store = openStore(`${t.dir}/queue.sqlite`);
  cleanups.push(() => {
    store.close();
    t.cleanup();
  });
  const clock = createManualClock(T0.getTime());
  const outbox = officeOutboxOf(store.db, clock);
  outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
  const desk = openOfficeStore(await o.deskUrl('anna'), { ...deskOptions, desk: 'anna@pc1' });
  cleanups.push(() => desk.close());
  return { store, clock, outbox, desk };
}
