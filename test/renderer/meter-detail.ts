// A meter's detail for the window's tests: a flagged meter with a register, a previous reading
// and an average, its photo 7 chosen; `patch` changes what a test needs.
import type { MeterDetail } from '../../common/ipc';

export function meterDetail(meterId: string, patch: Partial<MeterDetail> = {}): MeterDetail {
  return {
    meter: {
      meterId,
      account: null,
      address: null,
      route: 'R',
      sequence: 1,
      registerDigits: 5,
      registerDecimals: 1,
      previousReading: '00100.0',
      previousReadingValue: 100,
      previousReadAt: '2026-10-23',
      avgDailyUse: 1.5,
      skipCode: null,
      skipNote: null,
      typedReading: null,
      typedAt: null,
    },
    state: 'flagged',
    reading: '00012.0',
    confirmation: null,
    note: '',
    chosenJobId: 7,
    check: null,
    matchHow: 'token',
    decision: null,
    readType: 'actual',
    consumption: null,
    decisionNotes: [],
    rereadPending: false,
    readDay: '2026-11-20',
    ...patch,
  };
}
