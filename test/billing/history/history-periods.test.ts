// A meter's history turned into periods of use: estimates skipped (never a baseline), an exchange
// bridged at its removal and installation readings, a rollover past all nines taken when the wrap
// is a believable amount, and an unbelievable drop breaking the chain.
import { expect, it } from 'vitest';
import { periodsOf } from '../../../common/billing/history-periods';
import type { HistoryReading, ReadType } from '../../../common/billing/history-types';

const r = (readAt: string, reading: string, readType: ReadType = 'actual'): HistoryReading => ({
  readAt,
  reading,
  readType,
});

it('skips estimates, bridges an exchange and a rollover', () => {
  const { periods, lastExchange, last } = periodsOf([
    r('2025-04-15', '00002', 'install'),
    r('2025-01-15', '99990'),
    r('2025-02-15', '00010', 'estimated'),
    r('2025-03-15', '00005', 'customer'),
    r('2025-04-15', '00020', 'removal'),
    r('2025-05-15', '00012'),
  ]);
  expect(periods.map((p) => [p.from, p.to, p.days, p.used])).toEqual([
    ['2025-01-15', '2025-03-15', 59, 15],
    ['2025-03-15', '2025-04-15', 31, 15],
    ['2025-04-15', '2025-05-15', 30, 10],
  ]);
  expect(lastExchange).toBe('2025-04-15');
  expect(last).toEqual(r('2025-05-15', '00012'));
});

it('breaks the chain at a drop no rollover explains, and takes a digit caught turning as no use', () => {
  const { periods } = periodsOf([
    r('2025-01-15', '50000'),
    r('2025-02-15', '20000'),
    r('2025-03-15', '20010'),
    r('2025-04-15', '20009'),
  ]);
  expect(periods.map((p) => [p.from, p.used])).toEqual([
    ['2025-02-15', 10],
    ['2025-03-15', 0],
  ]);
});
