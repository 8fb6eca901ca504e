// A reading from a customer card (issue 29, item 6): typed by the clerk and marked as the
// customer's, it is billed as read type "customer", not "actual"; through the action layer on a
// real queue file, for the typed-reading call and for a decision, and in the exported CSV.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { exportBilling } from '../../main/billing/billing-export';
import { billingRows, meterReading } from '../../main/billing/meter-readings';
import { openDecisionQueue, type DecisionQueue } from './decision-queue';

let queue: DecisionQueue;

beforeEach(async () => {
  queue = openDecisionQueue('meterdesk-customer-');
  expect(
    await queue.loadSheet([
      'M1;R;10;5;1;00100,0;2026-10-23;1,5',
      'M2;R;20;5;1;00200,0;2026-10-23;2',
      'M3;R;30;5;1;00300,0;2026-10-23;1',
    ]),
  ).toBe(true);
});
afterEach(() => {
  queue.close();
});

it('bills a customer-read reading as read type "customer"', async () => {
  const { actions, store, dir } = queue;
  expect(await actions.typeReading('M1', '00130', undefined, true)).toBe(true);
  expect(await actions.typeReading('M2', '00230')).toBe(true);
  const decided = await actions.decideMeter('M3', {
    kind: 'typed',
    reading: '00310',
    byCustomer: true,
  });
  expect(decided?.ok).toBe(true);
  expect(meterReading(store, 'M1')?.outcome).toMatchObject({
    confirmation: 'typed',
    readType: 'customer',
  });

  const out = join(dir, 'billing.csv');
  await exportBilling(billingRows(store), out);
  const [header, ...lines] = readFileSync(out, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(','));
  const at = (name: string): number => header?.indexOf(name) ?? -1;
  const readTypes: Record<string, string | undefined> = {};
  for (const l of lines) readTypes[l[at('meter_id')] ?? ''] = l[at('read_type')];
  expect(readTypes).toEqual({ M1: 'customer', M2: 'actual', M3: 'customer' });
});
