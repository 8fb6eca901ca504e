import { describe, expect, it, vi } from 'vitest';
import { timeoutMessage, timeoutSaid } from '../../common/ipc/deadlines';
import { PAGE_SIZE } from '../../renderer/lib/row-pages';
import { createAppStore } from '../../renderer/store/create-store';
import { wordNotice } from '../../renderer/store/notice-words';
import { NOTICE_MS } from '../../renderer/store/notices-slice';

import { selectAi, selectQuota } from '../../renderer/store/status-slice';
import { doneJob, job, quotaInfo, statusOf, stubBridge } from './stub-bridge';

/** The first notice as the window says it in English. */
function noticeOf(store: ReturnType<typeof createAppStore>): string | undefined {
  const notice = store.getState().notices[0];
  return notice && wordNotice(notice.words);
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('the store', () => {
  it('starts from the snapshot, opens onboarding only when nothing is set up, and loads the first page', async () => {
    const jobs = Array.from({ length: 500 }, (_, i) => job(i + 1));
    const bridge = stubBridge(jobs);
    const store = createAppStore(bridge, { refreshMs: 10 });
    await store.getState().start();
    const s = store.getState();
    expect(s.phase).toBe('ready');
    expect(s.screen).toBe('main');
    expect(s.total).toBe(500);
    expect(s.pages.get(0)).toHaveLength(PAGE_SIZE);
    expect(s.status.counts.total).toBe(500);
    store.getState().stop();

    const fresh = stubBridge([], {
      service: {
        kind: 'none',
        baseUrl: null,
        sampleFolder: null,
        problem: null,
      },
    });
    const first = createAppStore(fresh);
    await first.getState().start();
    expect(first.getState().screen).toBe('onboarding');
    first.getState().stop();
  });

  it('patches pushed rows in place at once and re-reads the view shortly after', async () => {
    const jobs = Array.from({ length: 50 }, (_, i) => job(i + 1));
    const bridge = stubBridge(jobs);
    const store = createAppStore(bridge, { refreshMs: 20 });
    await store.getState().start();
    const before = bridge.calls.filter((c) => c.channel === 'queryJobs').length;
    const changed = doneJob(7, '00042.125');
    bridge.jobs[6] = changed;
    bridge.emit({ jobs: [changed], status: statusOf(bridge.jobs) });
    expect(store.getState().pages.get(0)?.[6]).toBe(changed);
    expect(store.getState().status.counts.done).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(bridge.calls.filter((c) => c.channel === 'queryJobs').length).toBeGreaterThan(before);
    store.getState().stop();
  });

  it('takes no status from pushes the snapshot already covers, but keeps their rows', async () => {
    const bridge = stubBridge([job(1)], { eventSeq: 5000 });
    const store = createAppStore(bridge);
    await store.getState().start();
    const row = doneJob(1, '1');
    bridge.emit({ status: statusOf([row]), jobs: [row] });
    expect(store.getState().status.counts.done).toBe(0);
    expect(store.getState().pages.get(0)?.[0]).toBe(row);
    store.getState().stop();
  });

  it('moves the selection by keyboard into pages not loaded yet', async () => {
    const jobs = Array.from({ length: 1000 }, (_, i) => job(i + 1));
    const bridge = stubBridge(jobs);
    const store = createAppStore(bridge);
    await store.getState().start();
    await store.getState().moveSelection(1);
    expect(store.getState().selectedId).toBe(1);
    await store.getState().moveSelection(1000);
    expect(store.getState().selectedId).toBe(1000);
    expect(store.getState().selectedIndex).toBe(999);
    await store.getState().moveSelection(-1);
    expect(store.getState().selectedId).toBe(999);
    await settle();
    expect(store.getState().detail?.job.id).toBe(999);
    store.getState().stop();
  });

  it('lets go of a photo the new search hides, and keeps one it still shows', async () => {
    const bridge = stubBridge(Array.from({ length: 30 }, (_, i) => job(i + 1)));
    const store = createAppStore(bridge);
    await store.getState().start();
    store.getState().select(12, 11);
    await settle();
    expect(store.getState().detail?.job.id).toBe(12);
    store.getState().setQuery({ search: '000012' });
    await settle();
    expect(store.getState().selectedId).toBe(12);
    store.getState().setQuery({ search: '000013' });
    await settle();
    expect(store.getState().selectedId).toBeNull();
    expect(store.getState().detail).toBeNull();
    store.getState().stop();
  });

  it('lets notices expire, a problem later than news', () => {
    vi.useFakeTimers();
    try {
      const store = createAppStore(stubBridge([]));
      store.getState().notify('ok', 'Exported 3 readings');
      store.getState().notifyError({ code: 'file_error', message: 'Disk full.' });
      expect(store.getState().notices).toHaveLength(2);
      vi.advanceTimersByTime(NOTICE_MS.ok + 1);
      expect(store.getState().notices.map((n) => n.tone)).toEqual(['bad']);
      vi.advanceTimersByTime(NOTICE_MS.bad);
      expect(store.getState().notices).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reviews the job shown, then moves to the next one', async () => {
    const jobs = [1, 2, 3].map((id) =>
      doneJob(id, '100', { toReview: true, resultSource: 'cached_stale' }),
    );
    const bridge = stubBridge(jobs);
    const store = createAppStore(bridge);
    await store.getState().start();
    store.getState().setQuery({ filter: 'to_review' });
    await settle();
    await store.getState().moveSelection(1);
    await settle();
    expect(await store.getState().review(1, { action: 'correct', reading: ' 123.4 ' })).toEqual({
      ok: true,
      value: 'made',
    });
    expect(bridge.calls.find((c) => c.channel === 'review')?.request).toEqual({
      id: 1,
      action: 'correct',
      reading: '123.4',
    });
    expect(store.getState().selectedId).toBe(2);
    // A review for a job no longer selected does not move the selection.
    expect(await store.getState().review(3, { action: 'accept' }, true)).toEqual({
      ok: true,
      value: 'made',
    });
    expect(store.getState().selectedId).toBe(2);
    store.getState().stop();
  });

  it('reports what adding did with the quota left at that moment', async () => {
    const bridge = stubBridge([]);
    Object.assign(bridge, {
      addPaths: () =>
        Promise.resolve({
          ok: true,
          value: {
            queued: 10,
            reused: 1,
            known: 2,
            rejected: 1,
            rejectedByKind: { empty_file: 1 },
            rejectedReasons: [],
            missing: [],
            rootIds: [1],
          },
        }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    // The quota as the engine last read it, pushed with its status.
    bridge.emit({ status: statusOf([], { quota: quotaInfo({ remaining: 3, used: 497 }) }) });
    await store.getState().addPaths(['/photos/route']);
    expect(store.getState().lastAdd).toEqual({
      summary: expect.objectContaining({ queued: 10, known: 2 }) as unknown,
      quotaRemaining: 3,
    });
    store.getState().stop();
  });

  it('shows the quota and AI status the backend pushed, the newest push winning', async () => {
    const bridge = stubBridge([]);
    const store = createAppStore(bridge);
    await store.getState().start();
    expect(selectQuota(store.getState())).toBeNull();
    const ai = {
      isOnline: false,
      busy: false,
      queueCount: null,
      publicStatus: 'offline',
      currentAiVersion: 'water_v3:2.0',
      acceptsNewTasks: false,
      checkedAt: new Date().toISOString(),
    };
    bridge.emit({ status: statusOf([], { quota: quotaInfo({ remaining: 120 }), ai }) });
    expect(selectQuota(store.getState())?.remaining).toBe(120);
    expect(selectAi(store.getState())?.isOnline).toBe(false);
    bridge.emit({ status: statusOf([], { quota: quotaInfo({ remaining: 119 }), ai }) });
    expect(selectQuota(store.getState())?.remaining).toBe(119);
    // The window asked the bridge nothing about them.
    expect(bridge.calls.map((c) => c.channel).filter((c) => /quota|ai/i.test(c))).toEqual([]);
    store.getState().stop();
  });

  it('turns a failed call into a notice instead of throwing', async () => {
    const bridge = stubBridge([]);
    // Without a code (the plumbing's own), the headline alone: never the English message.
    Object.assign(bridge, {
      pause: () =>
        Promise.resolve({ ok: false, error: { code: 'unavailable', message: 'Restarting.' } }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    await store.getState().pause();
    expect(noticeOf(store)).toBe('MeterDesk is busy or restarting');
    store.getState().stop();
  });

  it('says in words that a call timed out', async () => {
    const bridge = stubBridge([]);
    const message =
      "MeterDesk's backend did not answer within 30 s (pause) and may be stuck. If this keeps happening, quit MeterDesk and open it again.";
    Object.assign(bridge, {
      pause: () =>
        Promise.resolve({
          ok: false,
          error: {
            code: 'timeout',
            message,
            said: timeoutSaid("MeterDesk's backend", 'pause', 30_000),
          },
        }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    await store.getState().pause();
    expect(noticeOf(store)).toBe(
      'MeterDesk did not answer in time: MeterDesk did not answer within 30 s (pause) and may be stuck. If this keeps happening, quit MeterDesk and open it again.',
    );
    expect(timeoutMessage("MeterDesk's backend", 'pause', 30_000)).toBe(message);
    store.getState().stop();
  });
});
