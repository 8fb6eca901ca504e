// Route-sheet meters for the benchmarks that load a large sheet into a real SQLite queue: the
// same street and account pattern everywhere, so figures of different benchmarks stay comparable;
// what the benchmark measures decides the register and the previous reading.
import type { MeterRecord } from '../../common/billing/meter-record';

export interface SheetShape {
  /** Digits of the meter number after the `M`. */
  idDigits: number;
  /** Meters per route (`R0`, `R1`, …); every meter on route `R1` when left out. */
  routeSize?: number;
  registerDecimals: number;
  previousReading: string;
  previousReadingValue: number;
  previousReadAt: string;
  avgDailyUse: number;
}

/** `n` meters of one shape, numbered from 0 in walking order. */
export function sheetMeters(n: number, shape: SheetShape): MeterRecord[] {
  const { idDigits, routeSize } = shape;
  return Array.from({ length: n }, (_, i) => ({
    meterId: `M${String(i).padStart(idDigits, '0')}`,
    account: `K-${String(i)}`,
    address: `Lindenweg ${String(i % 500)}`,
    route: routeSize === undefined ? 'R1' : `R${String(Math.floor(i / routeSize))}`,
    sequence: routeSize === undefined ? i : i % routeSize,
    registerDigits: 5,
    registerDecimals: shape.registerDecimals,
    previousReading: shape.previousReading,
    previousReadingValue: shape.previousReadingValue,
    previousReadAt: shape.previousReadAt,
    avgDailyUse: shape.avgDailyUse,
  }));
}
