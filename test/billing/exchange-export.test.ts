// An exchanged meter in the billing export and the history it leaves (issue 33, item 7): a
// removal row (old meter, removal reading, the exchange day, read type removal), an installation
// row (new meter, installation reading, read type install), then the period's reading under the
// new meter; never the new reading under the old number. The export becomes history: the old
// meter's ends with its removal, the new one's starts from its installation reading and carries
// the point of supply's past. Through the action layer on a real queue file and a real CSV.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TEMPLATE } from '../../common/billing/export-template';
import { periodsOf, sortReadings } from '../../common/billing/history-periods';
import { exportBilling } from '../../main/billing/billing-export';
import { billingRows } from '../../main/billing/meter-readings';
import { NEW_METER, openDecisionQueue, type DecisionQueue } from './decision-queue';

let queue: DecisionQueue;

beforeEach(async () => {
  queue = openDecisionQueue('meterdesk-exchange-export-');
  expect(
    await queue.loadSheet([
      'M1;R;10;5;1;00100,0;2026-10-23;1,5',
      'M2;R;20;5;1;00200,0;2026-10-23;2',
    ]),
  ).toBe(true);
  await queue.readMeters({ M1: '00012.0', M2: '00230.0' }, '2026-11-22T09:00:00');
});
afterEach(() => {
  queue.close();
});

const exchange = { ...NEW_METER, newSerial: 'SN-778', oldFinal: '00130.0', newStart: '00002.0' };

async function exported(): Promise<Record<string, string>[]> {
  const out = join(queue.dir, 'billing.csv');
  await exportBilling(billingRows(queue.store), out, undefined, { timeZone: 'Europe/Berlin' });
  return parse(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), { columns: true });
}

const cells = (rows: Record<string, string>[], keys: readonly string[]) =>
  rows.map((r) => keys.map((k) => r[k]));

describe('an exchanged meter in the billing export', () => {
  it('is a removal row, an installation row, then the reading under the new meter', async () => {
    expect((await queue.actions.decideMeter('M1', exchange))?.ok).toBe(true);
    const rows = await exported();
    expect(
      cells(rows, [
        'meter_id',
        'read_at',
        'reading',
        'read_type',
        'confirmation',
        'consumption',
        'previous_reading',
        'previous_read_at',
        'use_on_bill',
      ]),
    ).toEqual([
      ['M1', '2026-11-20', '00130.0', 'removal', 'typed', '30.0', '00100.0', '2026-10-23', 'yes'],
      ['N1', '2026-11-20', '00002.0', 'install', 'typed', '0.0', '', '', 'yes'],
      [
        'N1',
        '2026-11-22T09:00:00+01:00',
        '00012.0',
        'actual',
        'confirmed',
        '10.0',
        '00002.0',
        '2026-11-20',
        'yes',
      ],
      [
        'M2',
        '2026-11-22T09:00:00+01:00',
        '00230.0',
        'actual',
        'auto_accepted',
        '30.0',
        '00200.0',
        '2026-10-23',
        'yes',
      ],
    ]);
    // The photo stays with the reading it gave, never with the removal or installation.
    expect(rows.map((r) => r.photo)).toEqual(['', '', 'M1.jpg', 'M2.jpg']);
    // The new meter's serial is said in the reasons of all three rows.
    for (const row of rows.slice(0, 3)) expect(row.reasons).toContain('N1 (serial SN-778)');
  });

  it("writes the new meter's serial in the meter_serial column of its two rows", async () => {
    expect((await queue.actions.decideMeter('M1', exchange))?.ok).toBe(true);
    const out = join(queue.dir, 'serial.csv');
    await exportBilling(billingRows(queue.store), out, {
      ...DEFAULT_EXPORT_TEMPLATE,
      columns: [
        { field: 'meter_id', header: 'meter' },
        { field: 'read_type', header: 'type' },
        { field: 'meter_serial', header: 'serial' },
      ],
    });
    const rows: Record<string, string>[] = parse(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), {
      columns: true,
    });
    expect(cells(rows, ['meter', 'type', 'serial'])).toEqual([
      ['M1', 'removal', ''],
      ['N1', 'install', 'SN-778'],
      ['N1', 'actual', 'SN-778'],
      ['M2', 'actual', ''],
    ]);
  });

  it('stays one row under the old number for an exchange booked before the new meter was asked', async () => {
    queue.store.decisions.add('M1', {
      kind: 'exchange',
      oldFinal: '00130.0',
      newStart: '00002.0',
      reading: null,
    });
    const rows = await exported();
    expect(cells(rows, ['meter_id', 'reading', 'read_type', 'consumption'])).toEqual([
      ['M1', '00012.0', 'actual', '40.0'],
      ['M2', '00230.0', 'actual', '30.0'],
    ]);
  });
});

describe('the history an exchange leaves', () => {
  it("ends the old meter at its removal, starts the new one from its installation and carries the point of supply's past", async () => {
    const file = join(queue.dir, 'history.csv');
    writeFileSync(
      file,
      'meter_id,read_at,reading\nM1,2025-10-23,00050.0\nM1,2025-11-22,00080.0\nM1,2026-10-23,00100.0\n',
    );
    expect((await queue.actions.importHistory(file)).added).toBe(3);
    expect((await queue.actions.decideMeter('M1', exchange))?.ok).toBe(true);
    // M2's reading, M1's removal, N1's installation and reading, and M1's four carried to N1.
    expect(await queue.actions.recordExport(billingRows(queue.store))).toBe(8);
    const removal = { readAt: '2026-11-20', reading: '00130.0', readType: 'removal' };
    const m1 = queue.store.history.of('M1');
    expect(m1.at(-1)).toEqual(removal);
    const n1 = sortReadings(queue.store.history.of('N1'));
    expect(n1.slice(-3)).toEqual([
      removal,
      { readAt: '2026-11-20', reading: '00002.0', readType: 'install' },
      { readAt: '2026-11-22', reading: '00012.0', readType: 'actual' },
    ]);
    const { periods, lastExchange } = periodsOf(n1);
    expect(lastExchange).toBe('2026-11-20');
    expect(periods.map((p) => [p.from, p.to, p.used])).toEqual([
      ['2025-10-23', '2025-11-22', 30],
      ['2025-11-22', '2026-10-23', 20],
      ['2026-10-23', '2026-11-20', 30],
      ['2026-11-20', '2026-11-22', 10],
    ]);
    // Exported again: nothing new.
    expect(await queue.actions.recordExport(billingRows(queue.store))).toBe(0);
  });
});
