// Billing rows for the export tests.
import type { BillingRow } from '../../common/billing/billing-row';

export function billingRow(overrides: Partial<BillingRow> = {}): BillingRow {
  return {
    meterId: '000451',
    account: '4711',
    address: 'Hauptstraße 1',
    route: 'R12',
    sequence: 3,
    readAt: '2026-11-11T09:30:15+01:00',
    reading: '00127.5',
    aiReading: '00127.5',
    confirmation: 'auto_accepted',
    readType: 'actual',
    skipCode: null,
    skipNote: null,
    consumption: 27.5,
    previousReading: '00100',
    previousReadAt: '2026-10-12',
    registerDecimals: 3,
    plausibility: 'ok',
    reasons: '',
    useOnBill: true,
    photo: 'R12/000451_20261111.jpg',
    photoSha256: 'ab'.repeat(32),
    taskId: 'task-1',
    unmatched: false,
    duplicateOf: null,
    ...overrides,
  };
}
