// The selected job in full (photo, summary, history) and the review of its reading. A review
// updates the row and the detail at once; "needs review" counts follow from the pushed status.
import type { IpcError, JobDetail } from '../../common/ipc';
import { throttle } from '../lib/throttle';
import type { SliceCreator } from './types';

export type ReviewRequest = { action: 'accept' } | { action: 'correct'; reading: string };

export interface DetailSlice {
  detail: JobDetail | null;
  detailError: IpcError | null;
  /** Set by "edit" (keyboard E): the correction field takes the focus. */
  editNonce: number;
  loadDetail(id: number | null): Promise<void>;
  jobChanged(id: number): void;
  /**
   * Reviews the job shown in the detail (named by id, so a selection that moved on meanwhile is
   * never reviewed by mistake); on success moves to the next row (keyboard review).
   */
  review(id: number, request: ReviewRequest, advance?: boolean): Promise<IpcError | null>;
  startEdit(): void;
}

export const createDetailSlice: SliceCreator<DetailSlice> = (set, get, { bridge, refreshMs }) => {
  const reloadLater = throttle(
    () => {
      const id = get().selectedId;
      if (id !== null) void get().loadDetail(id);
    },
    Math.min(refreshMs, 500),
  );

  return {
    detail: null,
    detailError: null,
    editNonce: 0,

    async loadDetail(id) {
      if (id === null) {
        set({ detail: null, detailError: null });
        return;
      }
      const reply = await bridge.jobDetail({ id });
      // The selection may have moved on while this was on its way.
      if (get().selectedId !== id) return;
      if (reply.ok) set({ detail: reply.value, detailError: null });
      else set({ detail: null, detailError: reply.error });
    },

    jobChanged(id) {
      if (id === get().selectedId) reloadLater();
    },

    async review(id, request, advance = true) {
      const reply = await bridge.review(
        request.action === 'accept'
          ? { id, action: 'accept' }
          : { id, action: 'correct', reading: request.reading.trim() },
      );
      if (!reply.ok) return reply.error;
      get().applyJobs([reply.value]);
      get().scheduleTableRefresh();
      if (get().selectedId !== id) return null;
      await get().loadDetail(id);
      if (advance) await get().moveSelection(1);
      return null;
    },

    startEdit() {
      set((s) => ({ editNonce: s.editNonce + 1 }));
    },
  };
};
