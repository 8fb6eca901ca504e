// What the window tells the person after an action: the outcome of adding photos (shown at once,
// with reasons) and short notices such as "exported 1,204 rows" with a way to see the file.
import type { AddSummary, IpcError } from '../../common/ipc';
import type { BannerId } from '../lib/banners';
import type { NoticeWords } from './notice-words';
import type { SliceCreator } from './types';

export interface Notice {
  readonly id: number;
  readonly tone: 'ok' | 'info' | 'bad';
  /** What happened, worded by the window in its language when shown (notice-words.ts). */
  readonly words: NoticeWords;
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
  /** A notice in words the window already put in its language. */
  notify(tone: Notice['tone'], text: string, revealPath?: string): void;
  notifyError(error: IpcError): void;
  notifyWords(tone: Notice['tone'], words: NoticeWords, revealPath?: string): void;
  dismissNotice(id: number): void;
  dismissAddReport(): void;
  /** Banners the person hid; kept until the window closes, so each start says it once more. */
  hiddenBanners: readonly BannerId[];
  hideBanner(id: BannerId): void;
}

const MAX_NOTICES = 4;
/**
 * How long a notice stays: long enough to read twice; a problem longer than news. Notices that
 * never went away piled up as the day's history, which the activity log already keeps.
 */
export const NOTICE_MS: Record<Notice['tone'], number> = { ok: 10_000, info: 10_000, bad: 30_000 };

export const createNoticesSlice: SliceCreator<NoticesSlice> = (set, get) => {
  let nextId = 1;
  const show = (notice: Notice): void => {
    set((s) => ({ notices: [...s.notices, notice].slice(-MAX_NOTICES) }));
    setTimeout(() => {
      get().dismissNotice(notice.id);
    }, NOTICE_MS[notice.tone]);
  };
  return {
    notices: [],
    lastAdd: null,
    notify(tone, text, revealPath) {
      show({
        id: nextId++,
        tone,
        words: { kind: 'said', text },
        ...(revealPath && { revealPath }),
      });
    },
    notifyError(error) {
      show({ id: nextId++, tone: 'bad', words: { kind: 'error', error } });
    },
    notifyWords(tone, words, revealPath) {
      show({ id: nextId++, tone, words, ...(revealPath && { revealPath }) });
    },
    dismissNotice(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
    dismissAddReport() {
      set({ lastAdd: null });
    },
    hiddenBanners: [],
    hideBanner(id) {
      set((s) => ({ hiddenBanners: [...s.hiddenBanners, id] }));
    },
  };
};
