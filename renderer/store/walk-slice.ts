// Review in walking order: the route's flagged meters as the walk starts, in the order a meter
// reader walks them; after each review the next one's photo is shown, until the route is reviewed.
import type { SliceCreator } from './types';

/** A flagged meter of a walking-order review, fixed when the walk starts. */
export interface WalkStop {
  readonly meterId: string;
  readonly jobId: number;
  readonly sequence: number | null;
}

export interface WalkSlice {
  /** Review in walking order: after each review the next flagged meter's photo is shown. */
  walking: boolean;
  /** The walk's flagged meters as it started, in walking order: "meter 3 of 4" counts in these. */
  walkStops: readonly WalkStop[];
  /** The walk ended on this photo with every flagged meter reviewed ("route reviewed"). */
  walkEnd: { readonly jobId: number; readonly reviewed: number } | null;
  startWalkingReview(): Promise<void>;
  stopWalkingReview(): void;
  /** The next flagged meter after the one shown, in walking order; false at the end. */
  nextInWalkingOrder(): Promise<boolean>;
}

export const createWalkSlice: SliceCreator<WalkSlice> = (set, get) => ({
  walking: false,
  walkStops: [],
  walkEnd: null,

  async startWalkingReview() {
    set({ walking: true, walkEnd: null });
    await get().setMeterFilter('flagged', '');
    const stops = (get().meterPage?.rows ?? []).flatMap((r) =>
      r.jobId !== null && r.meterId !== null
        ? [{ meterId: r.meterId, jobId: r.jobId, sequence: r.sequence }]
        : [],
    );
    const rows = get().meterPage?.rows ?? [];
    // Office mode: the first meter no other clerk is reviewing or has decided.
    const inOffice = await get().officeWalkNext(rows);
    const first = inOffice === undefined ? rows.find((r) => r.jobId !== null) : inOffice;
    set({ walkStops: stops });
    if (first) get().openMeterRow(first);
    else set({ walking: false, walkStops: [] });
  },

  stopWalkingReview() {
    set({ walking: false, walkStops: [], walkEnd: null });
  },

  async nextInWalkingOrder() {
    const shown = get().meterOfDetail?.meter.meterId ?? null;
    const before = get().meterPage?.rows ?? [];
    const at = before.findIndex((r) => r.meterId === shown);
    // The counts with the list: the route panel's "flagged" must not lag the walk.
    await get().refreshBilling();
    const rows = get().meterPage?.rows ?? [];
    // The meter just reviewed left the flagged list: the next is the one after it in walking order.
    const later = before.slice(at + 1).map((r) => r.meterId);
    const ahead = rows.filter((r) => r.jobId !== null && later.includes(r.meterId));
    const behind = rows.filter(
      (r) => r.jobId !== null && r.meterId !== shown && !ahead.includes(r),
    );
    // Office mode: the walk passes over meters another clerk is reviewing or has decided.
    const inOffice = await get().officeWalkNext([...ahead, ...behind]);
    const next = inOffice === undefined ? (ahead[0] ?? behind[0]) : inOffice;
    if (!next) {
      const jobId = get().selectedId;
      set({
        walking: false,
        walkEnd: jobId === null ? null : { jobId, reviewed: get().walkStops.length },
        walkStops: [],
      });
      return false;
    }
    get().openMeterRow(next);
    return true;
  },
});
