// The "Held" filter (issue 29, item 6): photos the photo checks hold back (blurred, dark...) are a
// list of their own, as the counts have them (job-reads.ts), and not "in progress": they wait for
// a person, not for the run.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { scannedPhoto } from './queue-fixture';

let store: Store;
let cleanup: () => void;

beforeEach(() => {
  const t = tempDir();
  cleanup = t.cleanup;
  store = openStore(join(t.dir, 'q.sqlite'));
});
afterEach(() => {
  store.close();
  cleanup();
});

it('lists held photos under "held" and leaves them out of "in progress"', () => {
  const rootId = store.roots.ensure('/photos', 'folder').id;
  store.jobs.insertScanned(['a.jpg', 'b.jpg', 'c.jpg'].map((n) => scannedPhoto(rootId, n)));
  const ids = store.queries.page({}).rows.map((r) => r.id);
  const [dark, blurred, fine] = ids as [number, number, number];
  expect(store.jobs.recordCheck(dark, { measures: null, hold: 'too_dark', minShortSide: 0 })).toBe(
    true,
  );
  store.jobs.recordCheck(blurred, { measures: null, hold: 'blurred', minShortSide: 0 });
  store.jobs.recordCheck(fine, { measures: null, hold: null, minShortSide: 0 });

  const held = store.queries.page({ filter: 'held' });
  expect(held.total).toBe(2);
  expect(held.rows.map((r) => r.holdReason)).toEqual(['too_dark', 'blurred']);
  expect(store.queries.page({ filter: 'in_progress' }).rows.map((r) => r.id)).toEqual([fine]);
  // The filters count what the toolbar's counts say.
  expect(store.jobs.counts()).toMatchObject({ held: 2, queued: 1 });

  // Sent anyway: on its way again, no longer held.
  expect(store.jobs.sendHeldAnyway([dark])).toEqual([dark]);
  expect(store.queries.page({ filter: 'held' }).rows.map((r) => r.id)).toEqual([blurred]);
  expect(store.queries.page({ filter: 'in_progress' }).total).toBe(2);
});
