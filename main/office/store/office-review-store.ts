// The office's side of review between clerks in the window (issue 23): a meter's review view,
// "take this meter" and giving it up, and which meters of a walk other desks have. Part of the
// desk's OfficeStore (office-store.ts), each call one short statement or two.
import {
  meterByNumber,
  meterReview,
  takenElsewhere,
  type OfficeMeterReview,
  type OfficeMeterState,
} from './meter-review';
import { askHandover, handOverLease } from './lease-handover';
import type { OfficePool } from './office-db';
import {
  releaseLease,
  takeLease,
  type LeaseHolder,
  type LeaseRequest,
  type LeaseTaken,
} from './review-leases';

export interface OfficeReviewStore {
  meterByNumber(meterNumber: string): Promise<OfficeMeterState | null>;
  meterReview(meterNumber: string): Promise<OfficeMeterReview | null>;
  takeLease(meterId: number, req: LeaseRequest): Promise<LeaseTaken>;
  releaseLease(meterId: number, desk: string): Promise<boolean>;
  takenElsewhere(meterNumbers: readonly string[], desk: string): Promise<string[]>;
  /** Asks the lease's holder to hand the meter over (a live note); the holder, or null: none. */
  askHandover(meterId: number, asker: { desk: string; clerk: string }): Promise<LeaseHolder | null>;
  /** The holder hands its lease to `to`; refused with who holds it now. */
  handOverLease(
    meterId: number,
    holderDesk: string,
    to: LeaseRequest,
  ): Promise<LeaseTaken | { ok: false; holder: null }>;
}

/** `routeOf`: the route this desk has a meter on, for a number on two of the office's routes. */
export function officeReviewStore(
  pool: OfficePool,
  guard: <T>(work: () => Promise<T>) => Promise<T>,
  routeOf: (meterNumber: string) => string | null = () => null,
): OfficeReviewStore {
  return {
    meterByNumber: (meterNumber) =>
      guard(() => meterByNumber(pool, meterNumber, routeOf(meterNumber))),
    meterReview: (meterNumber) => guard(() => meterReview(pool, meterNumber, routeOf(meterNumber))),
    takeLease: (meterId, req) => guard(() => takeLease(pool, meterId, req)),
    releaseLease: (meterId, desk) => guard(() => releaseLease(pool, meterId, desk)),
    takenElsewhere: (numbers, desk) => guard(() => takenElsewhere(pool, numbers, desk)),
    askHandover: (meterId, asker) => guard(() => askHandover(pool, meterId, asker)),
    handOverLease: (meterId, holderDesk, to) =>
      guard(() => handOverLease(pool, meterId, holderDesk, to)),
  };
}
