// A billing export's readings become history (issue 33): the readings billing takes, by meter and
// day, through the action layer on a real queue; a corrected reading exported again replaces what
// the earlier export wrote, never what was imported; a flagged reading billing does not take
// is not history.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { billingRows } from '../../../main/billing/meter-readings';
import { openDecisionQueue, type DecisionQueue } from '../decision-queue';

let queue: DecisionQueue | undefined;
afterEach(() => {
  queue?.close();
  queue = undefined;
});

it('records what billing takes, replaces its own earlier export, never an import', async () => {
  queue = openDecisionQueue('meterdesk-exported-');
  const { store, actions, dir, readPhoto } = queue;
  expect(
    await queue.loadSheet([
      'M1;R;10;5;0;00100;2026-10-23;1',
      'M2;R;20;5;0;00200;2026-10-23;1',
      'M3;R;30;5;0;00300;2026-10-23;1',
    ]),
  ).toBe(true);
  const photo = (relPath: string, reading: string, sha: string): Promise<number> =>
    readPhoto(relPath, reading, '2026-11-22T09:00:00', sha.repeat(64));
  const m1 = await photo('M1.jpg', '00130', '1');
  await photo('M2.jpg', '00231', '2');
  await photo('M3.jpg', '09300', '3'); // flagged: not taken by billing unconfirmed
  const file = join(dir, 'history.csv');
  writeFileSync(file, 'meter_id,read_at,reading\nM2,2026-11-22,00229\n');
  expect((await actions.importHistory(file)).added).toBe(1);

  expect(await actions.recordExport(billingRows(store))).toBe(1);
  expect(store.history.of('M1')).toEqual([
    { readAt: '2026-11-22', reading: '00130', readType: 'actual' },
  ]);
  expect(store.history.of('M2')).toEqual([
    { readAt: '2026-11-22', reading: '00229', readType: 'actual' },
  ]);
  expect(store.history.of('M3')).toEqual([]);

  expect(await actions.review(m1, 'corrected', '00131')).toBe(true);
  expect(await actions.recordExport(billingRows(store))).toBe(1);
  expect(store.history.of('M1')).toEqual([
    { readAt: '2026-11-22', reading: '00131', readType: 'actual' },
  ]);
});
