// What the window tells the person after an action: the outcome of adding photos (shown at once,
// with reasons) and short notices such as "exported 1,204 rows" with a way to see the file.
import type { AddSummary, IpcError } from '../../common/ipc';
import { describeError } from '../lib/errors';
import type { SliceCreator } from './types';

export interface Notice {
  readonly id: number;
  readonly tone: 'ok' | 'info' | 'bad';
  readonly text: string;
  /** A file the notice can show in the file manager (an export). */
  readonly revealPath?: string;
}

export interface AddReport {
  readonly summary: AddSummary;
  /** Quota left when the photos were added, to warn before a run larger than that. */
  readonly quotaRemaining: number | null;
}

export interface NoticesSlice {
  notices: readonly Notice[];
  lastAdd: AddReport | null;
  notify(tone: Notice['tone'], text: string, revealPath?: string): void;
  notifyError(error: IpcError): void;
  dismissNotice(id: number): void;
  dismissAddReport(): void;
}

const MAX_NOTICES = 4;

export const createNoticesSlice: SliceCreator<NoticesSlice> = (set) => {
  let nextId = 1;
  return {
    notices: [],
    lastAdd: null,
    notify(tone, text, revealPath) {
      const notice: Notice = { id: nextId++, tone, text, ...(revealPath && { revealPath }) };
      set((s) => ({ notices: [...s.notices, notice].slice(-MAX_NOTICES) }));
    },
    notifyError(error) {
      const notice: Notice = { id: nextId++, tone: 'bad', text: describeError(error) };
      set((s) => ({ notices: [...s.notices, notice].slice(-MAX_NOTICES) }));
    },
    dismissNotice(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
    dismissAddReport() {
      set({ lastAdd: null });
    },
  };
};
