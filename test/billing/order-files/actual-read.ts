// A meter's result as a desk writes it back into an order file: an actual reading, read at 09:15:30
// (READ_AT's time), nobody confirmed it, nothing skipped (two tests each spelled it out).
import type { MeterResult } from '../../../common/billing/order-files/return-fill';

export function actualRead(reading: string, readDate = '2026-10-20'): MeterResult {
  return {
    reading,
    readDate,
    readTime: '09:15:30',
    readType: 'actual',
    personConfirmed: false,
    skipCode: null,
    skipNote: null,
    why: null,
  };
}
