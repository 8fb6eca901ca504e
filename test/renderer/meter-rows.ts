// A line of the meter list for the billing tests: a meter of route Nord with where it stands.
import type { MeterRow } from '../../common/ipc';

export function meterRow(
  meterId: string,
  sequence: number,
  state: MeterRow['state'],
  jobId: number | null,
): MeterRow {
  return {
    meterId,
    account: null,
    address: null,
    route: 'Nord',
    sequence,
    state,
    reading: null,
    aiReading: null,
    confirmation: null,
    plausibility: null,
    skipCode: null,
    jobId,
    photo: null,
    photos: jobId === null ? 0 : 1,
    note: '',
  };
}
