// Billing files in the window (issue 31; docs/billing-files.md): an order file chosen under "Load
// route sheet" loaded with the profile its content names or the clerk chose (a built-in, or an
// office's own profile file), and the return file written from the Export dialog. The steps share
// the route sheet's dialog (sheetStep), so one "Load route sheet" leads to either.
import type {
  OfficeReturnFile,
  OrderProfileChoice,
  OrderProfileFile,
  Result,
  ReturnFileView,
} from '../../common/ipc';
import { ok } from '../../common/ipc';
import type { SliceCreator } from './types';

export interface OrderFileSlice {
  /** A file the route sheet's steps could not map: read it with a profile the clerk chooses. */
  readAsOrderFile(path: string): void;
  /** Main's open dialog for an office's profile file; null when it was canceled. */
  chooseOrderProfile(): Promise<Result<OrderProfileFile | null>>;
  /** `profile` null: the one its content names. `folders`: as for a route sheet. */
  loadOrderFile(profile: OrderProfileChoice, folders?: readonly string[]): Promise<void>;
  /** Main's save dialog, then the return file and its exceptions CSV; null when canceled. */
  exportReturnFile(orderFile: string): Promise<Result<ReturnFileView | null>>;
  /** The same for the office's copy, filled from every desk's readings; null when canceled. */
  exportOfficeReturnFile(orderFile: string): Promise<Result<OfficeReturnFile | null>>;
}

const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

export const createOrderFileSlice: SliceCreator<OrderFileSlice> = (set, get, { bridge }) => ({
  readAsOrderFile(path) {
    set({
      sheetStep: {
        kind: 'order',
        preview: { path, name: fileName(path), recognised: null, builtins: [] },
        failed: null,
      },
    });
  },

  async chooseOrderProfile() {
    const reply = await bridge.chooseOrderProfile();
    if (!reply.ok) return reply;
    return ok(reply.value.canceled ? null : reply.value);
  },

  async loadOrderFile(profile, folders) {
    const step = get().sheetStep;
    if (step.kind !== 'order') return;
    const reply = await bridge.loadOrderFile({
      path: step.preview.path,
      profile,
      ...(folders && { folders: [...folders] }),
    });
    if (!reply.ok) {
      // The request failed, not the file: a notice, and the step stays open to try again.
      get().notifyError(reply.error);
      return;
    }
    const result = reply.value;
    if (!result.ok) {
      set({ sheetStep: { ...step, failed: result } });
      return;
    }
    set({ sheetStep: { kind: 'orderLoaded', result } });
    await get().refreshBilling();
    get().scheduleTableRefresh();
  },

  async exportReturnFile(orderFile) {
    set({ busy: true });
    try {
      const reply = await bridge.exportReturnFile({ orderFile });
      if (!reply.ok) return reply;
      return ok(reply.value.canceled ? null : reply.value);
    } finally {
      set({ busy: false });
    }
  },
  async exportOfficeReturnFile(orderFile) {
    set({ busy: true });
    try {
      const reply = await bridge.exportOfficeReturnFile({ orderFile });
      if (!reply.ok) return reply;
      return ok(reply.value.canceled ? null : reply.value);
    } finally {
      set({ busy: false });
    }
  },
});
