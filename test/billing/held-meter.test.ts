// A meter whose only photo the photo checks hold (issue 29, item 6): it is not "being read" (the
// photo goes nowhere until a person sends it anyway) and not silently "missing": its outcome says
// the photo is held, for the window (the meter list and detail) and in the export's reasons.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { reasonsIn } from '../../common/billing/export-reasons';
import { listMeters, meterDetail } from '../../main/backend/handlers/billing-meters';
import { billingRows } from '../../main/billing/meter-readings';
import { loadRouteSheet } from '../../main/billing/routes';
import { queuePerTest } from '../helpers/queue-per-test';
import { scannedPhoto } from '../store/queue-fixture';

const NOW = new Date('2026-11-23T12:00:00Z');
const q = queuePerTest('meterdesk-held-');

it('says that a missing meter’s photo is held by the photo checks', async () => {
  const rootId = q.store.roots.ensure('/photos', 'folder').id;
  q.store.jobs.insertScanned([scannedPhoto(rootId, 'route-12/4711.jpg', 'a')]);
  const [id] = q.store.queries.page({}).rows.map((r) => r.id);
  if (id === undefined) throw new Error('no photo');
  q.store.jobs.recordCheck(id, { measures: null, hold: 'too_dark', minShortSide: 0 });
  const sheet = join(q.dir, 'r12.csv');
  writeFileSync(sheet, 'meter_id;route;sequence\r\n4711;12;1\r\n');
  expect(await loadRouteSheet(q.store, sheet, { name: 'r12.csv', now: NOW })).toMatchObject({
    ok: true,
  });
  expect(q.store.jobs.get(id)?.meterId).toBe('4711');

  const detail = meterDetail(q.store, '4711', NOW.getTime());
  expect(detail).toMatchObject({ state: 'missing', said: { code: 'held', count: 1 } });
  const [row] = listMeters(q.store, { filter: 'missing' }).rows;
  expect(row).toMatchObject({ meterId: '4711', state: 'missing', said: { code: 'held' } });
  const billed = [...billingRows(q.store)].find((r) => r.meterId === '4711');
  if (!billed) throw new Error('no billing row');
  expect(billed.reasons).toMatch(/its photo is held by the photo checks/);
  expect(reasonsIn(billed, 'de')).toMatch(/Sein Foto wird von der Fotoprüfung zurückgehalten/);

  // Sent anyway: the photo is on its way again.
  q.store.jobs.sendHeldAnyway([id]);
  expect(meterDetail(q.store, '4711', NOW.getTime())).toMatchObject({
    state: 'pending',
    said: { code: 'being_read' },
  });
});
