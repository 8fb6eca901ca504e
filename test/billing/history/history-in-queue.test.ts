// The history in a real queue (issue 33): a zero the sheet's average of 0 lets through is, once
// the meter's history is imported through the action layer, the third zero period in a row on an
// active account; the photo's stored check changes with the import and says so in its reasons,
// and changes back when a later sheet marks the account vacant.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { checkReasons } from '../../../common/billing/plausibility-english';
import { DECISIONS_NOW, openDecisionQueue, type DecisionQueue } from '../decision-queue';
import { readPhoto } from '../read-photo';

let queue: DecisionQueue | undefined;
afterEach(() => {
  queue?.close();
  queue = undefined;
});

it('re-checks a meter when its history comes in: a zero becomes the third zero period in a row', async () => {
  queue = openDecisionQueue('meterdesk-history-queue-');
  const { store, rootId, actions, dir } = queue;
  expect(await queue.loadSheet(['M1;R;10;5;0;00180;2026-10-23;0'])).toBe(true);
  const id = await readPhoto(store, {
    rootId,
    relPath: 'M1.jpg',
    reading: '00180',
    readAt: '2026-11-22T09:00:00',
    sha256: '1'.repeat(64),
    now: new Date(DECISIONS_NOW),
  });
  expect(store.jobs.get(id)?.plausibility).toBe('ok');

  // Ten m³ a month until August, then the register stood still.
  const rows = ['meter_id,read_at,reading,read_type'];
  for (let m = 1; m <= 10; m++) {
    const reading = String(100 + Math.min(m, 8) * 10).padStart(5, '0');
    rows.push(`M1,2026-${String(m).padStart(2, '0')}-23,${reading},actual`);
  }
  const file = join(dir, 'history.csv');
  writeFileSync(file, rows.join('\n'));
  const result = await actions.importHistory(file);
  expect(result).toMatchObject({ added: 10, unchanged: 0, problems: [], meterIds: ['M1'] });

  const detail = store.jobs.get(id)?.plausibilityDetail;
  expect(store.jobs.get(id)?.plausibility).toBe('warning');
  expect(detail?.flagged.map((r) => [r.code, r.params.count])).toEqual([['zero.streak', 3]]);
  expect(checkReasons(detail ?? { flagged: [], dateFlags: [] })).toContain(
    'No consumption for 3 periods in a row on an active account (since 23 Aug 2026)',
  );

  // The sheet of the next day marks the account vacant: the same zero now passes.
  const sheet = join(dir, 'vacant.csv');
  writeFileSync(
    sheet,
    'meter_id;route;digits;decimals;previous_reading;previous_read_at;avg_daily_use;Kundenstatus\r\n' +
      'M1;R;5;0;00180;2026-10-23;0;Leerstand\r\n',
  );
  expect((await actions.loadRouteSheet(sheet, { name: 'vacant.csv' })).ok).toBe(true);
  expect(store.meters.get('M1')?.accountStatus).toBe('vacant');
  expect(store.jobs.get(id)?.plausibility).toBe('ok');
});
