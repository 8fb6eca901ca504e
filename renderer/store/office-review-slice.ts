// Review between clerks in office mode (issue 23; docs/office.md): the office's view of the meter
// the window shows (who reviews it, its version, its history), the lease that goes with showing
// it, and walking review's next meter among those no other clerk has. A push from the backend
// (`officeChange`) re-reads the shown meter when it names it, and on resync. Without an office
// nothing here calls the backend.
import type { AppEvent, OfficeMeterView } from '../../common/ipc';
import type { OfficeHandoverAsk } from '../../common/ipc/office-review-views';
import type { MeterRow } from '../../common/ipc/billing-views';
import { latestOnly } from '../lib/latest-only';
import type { SliceCreator } from './types';

export interface OfficeReviewSlice {
  /** The office's view of `officeMeterId`; null before its first answer. */
  officeMeter: OfficeMeterView | null;
  officeMeterId: string | null;
  /** The window shows this meter now (null: none): its lease is taken or kept, its view read. */
  showOfficeMeter(meterId: string | null): Promise<void>;
  /**
   * Reads the shown meter's office view again; a lease another clerk gave up meanwhile is taken,
   * as on opening (this desk's own lease changes are no news to it, so this never loops).
   */
  refreshOfficeMeter(): Promise<void>;
  /**
   * Office mode: the version of this meter the clerk sees, which a decision, review or undo names
   * (the office refuses it over another clerk's change); empty when it is not shown in the office.
   */
  officeVersionOf(meterId: string | null): { officeVersion?: number };
  /** A push: other desks changed these meters in the office, or (resync) anything may have. */
  officeMetersHeard(change: NonNullable<AppEvent['officeChange']>): void;
  /**
   * Walking review in office mode: of these rows (in walking order), the first no other clerk
   * is reviewing or has decided, leased to this desk; null when every one is taken; undefined
   * without an office (the walk goes on as alone).
   */
  officeWalkNext(rows: readonly MeterRow[]): Promise<MeterRow | null | undefined>;
  /** Other clerks' asks to hand a meter this clerk reviews over, by meter (a push). */
  officeHandoverAsks: Readonly<Record<string, OfficeHandoverAsk>>;
  officeHandoverAsked(asks: readonly OfficeHandoverAsk[]): void;
  /** Asks the clerk who reviews the shown meter to hand it over; false: nobody holds it now. */
  askOfficeHandover(): Promise<boolean>;
  /** Hands the shown meter over to the clerk who asked for it; the view follows. */
  handOfficeMeterOver(): Promise<void>;
}

export const createOfficeReviewSlice: SliceCreator<OfficeReviewSlice> = (set, get, { bridge }) => {
  const replies = latestOnly();
  const read = async (meterId: string): Promise<void> => {
    const newest = replies.ticket();
    const reply = await bridge.officeShowMeter({ meterId });
    if (newest() && reply.ok && get().officeMeterId === meterId) set({ officeMeter: reply.value });
  };
  return {
    officeMeter: null,
    officeMeterId: null,
    officeHandoverAsks: {},

    officeHandoverAsked(asks) {
      const next = { ...get().officeHandoverAsks };
      for (const ask of asks) next[ask.meterNumber] = ask;
      set({ officeHandoverAsks: next });
    },

    async askOfficeHandover() {
      const meterId = get().officeMeterId;
      if (meterId === null || get().officeStatus === null) return false;
      const reply = await bridge.officeAskHandover({ meterId });
      if (!reply.ok) return false;
      // Nobody holds it now: read it again (it may be this clerk's to take).
      if (reply.value.holder === null) await get().refreshOfficeMeter();
      return reply.value.holder !== null;
    },

    async handOfficeMeterOver() {
      const meterId = get().officeMeterId;
      const ask = meterId === null ? undefined : get().officeHandoverAsks[meterId];
      if (meterId === null || !ask) return;
      const reply = await bridge.officeHandOver({ meterId, desk: ask.desk, clerk: ask.clerk });
      const asks = Object.entries(get().officeHandoverAsks);
      set({ officeHandoverAsks: Object.fromEntries(asks.filter(([m]) => m !== meterId)) });
      if (reply.ok && get().officeMeterId === meterId) set({ officeMeter: reply.value });
    },

    async showOfficeMeter(meterId) {
      const before = get().officeMeterId;
      if (meterId === before) return;
      set({ officeMeterId: meterId, officeMeter: null });
      if (get().officeStatus === null) return;
      if (meterId === null) {
        replies.ticket();
        await bridge.officeShowMeter({ meterId: null });
        return;
      }
      await read(meterId);
    },

    async refreshOfficeMeter() {
      const meterId = get().officeMeterId;
      if (meterId !== null && get().officeStatus !== null) await read(meterId);
    },

    officeVersionOf(meterId) {
      const office = meterId !== null && get().officeMeterId === meterId ? get().officeMeter : null;
      return office?.state === 'shown' ? { officeVersion: office.version } : {};
    },

    officeMetersHeard(change) {
      const meterId = get().officeMeterId;
      if (meterId !== null && (change.resync || change.meterNumbers.includes(meterId))) {
        void get().refreshOfficeMeter();
      }
    },

    async officeWalkNext(rows) {
      if (get().officeStatus === null) return undefined;
      const candidates = rows.filter((r) => r.jobId !== null && r.meterId !== null);
      const reply = await bridge.officeWalkNext({
        meterIds: candidates.map((r) => r.meterId ?? ''),
      });
      if (!reply.ok || !reply.value.inOffice) return undefined;
      const next = reply.value.meterId;
      return next === null ? null : (candidates.find((r) => r.meterId === next) ?? null);
    },
  };
};
