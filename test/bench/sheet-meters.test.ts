// The helpers billing-views.ts and limits.ts share: a sheet of one shape, and the median time of a
// few calls. Their figures in bench/README.md were taken with these sheets, so the shapes must not
// drift.
import { describe, expect, it } from 'vitest';
import { sheetMeters } from '../../bench/lib/sheet-meters';
import { medianMs } from '../../bench/lib/stats';

const shape = {
  idDigits: 6,
  registerDecimals: 1,
  previousReading: '00042.5',
  previousReadingValue: 42.5,
  previousReadAt: '2026-08-15',
  avgDailyUse: 2,
};

describe('sheetMeters', () => {
  it('puts every meter on route R1 in walking order without a route size', () => {
    const meters = sheetMeters(3, shape);
    expect(meters.map((m) => [m.meterId, m.route, m.sequence])).toEqual([
      ['M000000', 'R1', 0],
      ['M000001', 'R1', 1],
      ['M000002', 'R1', 2],
    ]);
    expect(meters[2]).toMatchObject({
      account: 'K-2',
      address: 'Lindenweg 2',
      registerDigits: 5,
      registerDecimals: 1,
      previousReading: '00042.5',
      avgDailyUse: 2,
    });
  });

  it('starts a new route every route size meters, numbering each from 0', () => {
    const meters = sheetMeters(1001, { ...shape, idDigits: 7, routeSize: 1000 });
    expect(meters[999]).toMatchObject({ meterId: 'M0000999', route: 'R0', sequence: 999 });
    expect(meters[1000]).toMatchObject({ meterId: 'M0001000', route: 'R1', sequence: 0 });
    expect(meters[600]?.address).toBe('Lindenweg 100');
  });
});

describe('medianMs', () => {
  it('calls the work once a round and answers the middle time', () => {
    let calls = 0;
    const ms = medianMs(3, () => {
      calls++;
    });
    expect(calls).toBe(3);
    expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('answers NaN for no rounds', () => {
    expect(medianMs(0, () => undefined)).toBeNaN();
  });
});
