// Review in walking order: the route's flagged meters as the walk starts, in the order a meter
// reader walks them; after each review the next one's photo is shown, until the route is reviewed.
import type { UndoableReview } from './detail-slice';
import type { AppState, SliceCreator } from './types';

/** A flagged meter of a walking-order review, fixed when the walk starts. */
export interface WalkStop {
  readonly meterId: string;
  readonly jobId: number;
  readonly sequence: number | null;
  /** Its route: a walk over several routes names the one the clerk is on. */
  readonly route: string | null;
}

export interface WalkSlice {
  /** Review in walking order: after each review the next flagged meter's photo is shown. */
  walking: boolean;
  /** The walk's flagged meters as it started, in walking order: "meter 3 of 4" counts in these. */
  walkStops: readonly WalkStop[];
  /**
   * The walk ended on this photo with every flagged meter reviewed ("route reviewed"); its stops
   * are kept so that an undo, which flags a meter again, takes the walk up again.
   */
  walkEnd: {
    readonly jobId: number;
    readonly reviewed: number;
    readonly stops: readonly WalkStop[];
  } | null;
  startWalkingReview(): Promise<void>;
  stopWalkingReview(): void;
  /** The next flagged meter after the one shown, in walking order; false at the end. */
  nextInWalkingOrder(): Promise<boolean>;
  /** A photo of the walk was moved to another meter: its stop is that meter's now. */
  walkPhotoMoved(jobId: number, meter: Omit<WalkStop, 'jobId'>): void;
  /** An undo flagged a meter again after the walk ended: the walk goes on. */
  walkUndone(): void;
}

/**
 * The review Undo takes back here. Walking, it is the photo shown's only: the note and Ctrl+Z
 * of the meter before stayed on the next one and took back a meter the clerk did not see.
 */
export function undoHere(s: AppState): UndoableReview | null {
  const last = s.lastReview;
  if (!last) return null;
  if (!s.walking && s.walkEnd === null) return last;
  return last.id === s.selectedId ? last : null;
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
        ? [{ meterId: r.meterId, jobId: r.jobId, sequence: r.sequence, route: r.route }]
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
    const photo = get().selectedId;
    const stops = get().walkStops;
    // The place is the photo's stop (its meter may have changed: "Move to meter"), else the meter's.
    const stop = stops.findIndex((s) => s.jobId === photo);
    const before = get().meterPage?.rows ?? [];
    const at = before.findIndex((r) => r.meterId === shown);
    // The counts with the list: the route panel's "flagged" must not lag the walk.
    await get().refreshBilling();
    const rows = get().meterPage?.rows ?? [];
    // The meter just reviewed left the flagged list: the next is the one after it in walking order.
    const later =
      stop >= 0
        ? stops.slice(stop + 1).map((s) => s.meterId)
        : before.slice(at + 1).map((r) => r.meterId);
    const open = rows.filter((r) => r.jobId !== null && r.jobId !== photo && r.meterId !== shown);
    const ahead = open.filter((r) => later.includes(r.meterId));
    const behind = open.filter((r) => !ahead.includes(r));
    // Office mode: the walk passes over meters another clerk is reviewing or has decided.
    const inOffice = await get().officeWalkNext([...ahead, ...behind]);
    const next = inOffice === undefined ? (ahead[0] ?? behind[0]) : inOffice;
    if (!next) {
      set({
        walking: false,
        walkEnd: photo === null ? null : { jobId: photo, reviewed: stops.length, stops },
        walkStops: [],
      });
      return false;
    }
    get().openMeterRow(next);
    return true;
  },

  walkPhotoMoved(jobId, meter) {
    const stops = get().walkStops;
    if (!stops.some((s) => s.jobId === jobId)) return;
    set({ walkStops: stops.map((s) => (s.jobId === jobId ? { ...meter, jobId } : s)) });
  },

  walkUndone() {
    const end = get().walkEnd;
    if (end === null) return;
    set({ walking: true, walkStops: end.stops, walkEnd: null });
  },
});
