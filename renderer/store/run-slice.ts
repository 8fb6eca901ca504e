// Actions on the run and its jobs: add, pause/resume, retry, remove, show in folder, export.
// Each is one bridge call; the outcome lands in the store or as a notice.
import type { PhotoChecksView } from '../../common/ipc/photo-check-schemas';
import type { PhotoCheckThresholds } from '../../common/photo-checks';
import { ok, type AddSummary, type DroppedFile, type Result } from '../../common/ipc';
import type { JobSelection } from '../lib/selection';
import { selectQuota } from './status-slice';
import type { SliceCreator } from './types';

export interface ExportRequest {
  readonly selection: JobSelection;
  readonly bom: boolean;
  readonly delimiter: ',' | ';';
}

export interface RunSlice {
  busy: boolean;
  addDropped(files: readonly DroppedFile[]): Promise<void>;
  addFolders(): Promise<void>;
  addPaths(paths: readonly string[]): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  retryNow(): Promise<void>;
  retryFailed(ids?: readonly number[]): Promise<void>;
  /** Held photos sent anyway (the quality check overruled). */
  sendHeldAnyway(ids: readonly number[]): Promise<void>;
  /** The quality check's thresholds and the office's recent photos' measures (Settings). */
  photoChecks: PhotoChecksView | null;
  loadPhotoChecks(): Promise<void>;
  /** True when applied; a refusal is a notice and the caller keeps the clerk's numbers. */
  savePhotoCheckThresholds(thresholds: PhotoCheckThresholds): Promise<boolean>;
  remove(ids: readonly number[]): Promise<void>;
  openLocation(target: { jobId: number } | { path: string }): Promise<void>;
  /** The log files' folder in the file manager (Settings), for IT to collect them. */
  openLogFolder(): Promise<void>;
  exportCsv(request: ExportRequest): Promise<Result<null>>;
}

export const createRunSlice: SliceCreator<RunSlice> = (set, get, { bridge }) => {
  /**
   * The quota left before photos are added (the engine starts sending at once and reserves
   * quota), as the engine last read it, so the report can warn before a run larger than that.
   */
  const quotaBeforeAdd = (): number | null => {
    const quota = selectQuota(get());
    return quota && !quota.isUnlimited ? quota.remaining : null;
  };

  const added = async (reply: Result<AddSummary>, quotaRemaining: number | null): Promise<void> => {
    if (!reply.ok) {
      get().notifyError(reply.error);
      return;
    }
    // The engine reads the quota right after adding; the one shown before may be minutes old.
    const fresh = reply.value.quotaRemaining;
    set({
      lastAdd: {
        summary: reply.value,
        quotaRemaining: fresh === undefined ? quotaRemaining : fresh,
      },
    });
    await Promise.all([get().refreshTable(), get().refreshRoots()]);
  };

  return {
    busy: false,

    async addDropped(files) {
      if (files.length === 0) return;
      const quota = quotaBeforeAdd();
      await added(await bridge.addDroppedFiles(files), quota);
    },

    async addFolders() {
      const quota = quotaBeforeAdd();
      const reply = await bridge.addFolders();
      if (!reply.ok) {
        get().notifyError(reply.error);
        return;
      }
      if (!reply.value.canceled) await added({ ok: true, value: reply.value.summary }, quota);
    },

    async addPaths(paths) {
      if (paths.length === 0) return;
      const quota = quotaBeforeAdd();
      await added(await bridge.addPaths({ paths: [...paths] }), quota);
    },

    async pause() {
      const reply = await bridge.pause();
      if (reply.ok) get().applyStatus(reply.value);
      else get().notifyError(reply.error);
    },

    async resume() {
      const reply = await bridge.resume();
      if (reply.ok) get().applyStatus(reply.value);
      else get().notifyError(reply.error);
    },

    async retryNow() {
      const reply = await bridge.retryNow();
      if (reply.ok) get().applyStatus(reply.value);
      else get().notifyError(reply.error);
    },

    async retryFailed(ids) {
      const reply = await bridge.retryFailed(ids ? { ids: [...ids] } : {});
      if (!reply.ok) {
        get().notifyError(reply.error);
        return;
      }
      get().notifyWords('info', { kind: 'retried', count: reply.value.retried });
      await get().refreshTable();
    },

    photoChecks: null,

    async loadPhotoChecks() {
      const reply = await bridge.photoChecks();
      if (reply.ok) set({ photoChecks: reply.value });
      else get().notifyError(reply.error);
    },

    async savePhotoCheckThresholds(thresholds) {
      const reply = await bridge.setPhotoCheckThresholds(thresholds);
      if (reply.ok) set({ photoChecks: reply.value });
      else get().notifyError(reply.error);
      return reply.ok;
    },

    async sendHeldAnyway(ids) {
      const reply = await bridge.sendHeldAnyway({ ids: [...ids] });
      if (!reply.ok) {
        get().notifyError(reply.error);
        return;
      }
      await get().refreshTable();
    },

    async remove(ids) {
      if (ids.length === 0) return;
      const reply = await bridge.remove({ ids: [...ids] });
      if (!reply.ok) {
        get().notifyError(reply.error);
        return;
      }
      const { removed, kept } = reply.value;
      get().notifyWords('info', { kind: 'removed', removed, kept });
      if (removed > 0 && ids.includes(get().selectedId ?? -1)) get().select(null);
      await Promise.all([get().refreshTable(), get().refreshRoots()]);
    },

    async openLocation(target) {
      const reply = await bridge.openFileLocation(target);
      if (!reply.ok) get().notifyError(reply.error);
    },

    async openLogFolder() {
      const reply = await bridge.openLogFolder();
      if (!reply.ok) get().notifyError(reply.error);
    },

    async exportCsv({ selection, bom, delimiter }) {
      set({ busy: true });
      try {
        const reply = await bridge.exportCsv({ selection, bom, delimiter });
        if (!reply.ok) return reply;
        if (!reply.value.canceled) {
          get().notifyWords(
            'ok',
            { kind: 'exported', count: reply.value.rows, path: reply.value.path },
            reply.value.path,
          );
        }
        return ok(null);
      } finally {
        set({ busy: false });
      }
    },
  };
};
