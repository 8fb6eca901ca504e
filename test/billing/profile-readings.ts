// Three readings that tell the plausibility profiles apart, as the profile's own test and the
// office's limits test both need them (each built them, a copy each): expected 30 units each (30
// days at 1 a day from 00100), read at x1.5, x1.83 and x0.4. MeterDesk's own band passes all three;
// SAP's bands flag the second high and the third low.
import { expect } from 'vitest';
import type { DecisionQueue } from './decision-queue';

export const READINGS = { M1: '00145', M2: '00155', M3: '00112' } as const;

/** Loads the three meters' route sheet into `q` and reads their photos; their job ids by meter. */
export async function readThreeReadings(q: DecisionQueue): Promise<Record<string, number>> {
  const rows = Object.keys(READINGS).map(
    (id, i) => `${id};R;${String(i + 1)};5;0;00100;2026-10-23;1`,
  );
  expect(await q.loadSheet(rows)).toBe(true);
  return q.readMeters(READINGS, '2026-11-22T09:00:00');
}
