// The engine's status as last pushed, the finished-count samples behind throughput and ETA, and
// fresh quota and AI readings. The engine reads quota and AI status when it starts and while it is
// held, not during a run, so the window asks the service itself (getQuota / getAiStatus) every few
// seconds while photos are being read and once a minute otherwise; the newer reading wins.
import {
  idleStatus,
  type AiInfo,
  type EngineStatus,
  type QuotaInfo,
} from '../../common/engine-status';
import { emptyCounts } from '../../common/job-record';
import { addSample, finishedOf, pendingOf, type Sample } from '../lib/throughput';
import type { AppState, SliceCreator } from './types';

export interface StatusSlice {
  status: EngineStatus;
  samples: readonly Sample[];
  liveQuota: QuotaInfo | null;
  liveAi: AiInfo | null;
  applyStatus(status: EngineStatus): void;
  refreshServiceInfo(): Promise<void>;
  startServiceInfo(): void;
  stopServiceInfo(): void;
}

export const EMPTY_STATUS: EngineStatus = idleStatus(emptyCounts());

function newer<T extends { checkedAt: string }>(a: T | null, b: T | null): T | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.checkedAt) > Date.parse(a.checkedAt) ? b : a;
}

/** The freshest quota the window knows: the engine's or the window's own reading. */
export function selectQuota(s: AppState): QuotaInfo | null {
  return newer(s.status.quota, s.liveQuota);
}

export function selectAi(s: AppState): AiInfo | null {
  return newer(s.status.ai, s.liveAi);
}

/** How often quota and AI status are re-read while photos are being read, and when idle. */
const IDLE_FACTOR = 12;

export const createStatusSlice: SliceCreator<StatusSlice> = (set, get, deps) => {
  const { bridge, now, serviceInfoMs } = deps;
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastRead = 0;
  let lastFinished = -1;

  const tick = (): void => {
    const { status, service } = get();
    if (service.kind === 'none' || status.holds.offline || status.holds.auth) return;
    const busy = pendingOf(status.counts) > 0;
    const finished = finishedOf(status.counts);
    const due = busy
      ? finished !== lastFinished || now() - lastRead >= serviceInfoMs * IDLE_FACTOR
      : now() - lastRead >= serviceInfoMs * IDLE_FACTOR || finished !== lastFinished;
    if (!due) return;
    lastFinished = finished;
    void get().refreshServiceInfo();
  };

  return {
    status: EMPTY_STATUS,
    samples: [],
    liveQuota: null,
    liveAi: null,

    applyStatus(status) {
      set((s) => ({
        status,
        samples: addSample(s.samples, { at: now(), finished: finishedOf(status.counts) }),
      }));
    },

    async refreshServiceInfo() {
      lastRead = now();
      const [quota, ai] = await Promise.all([bridge.getQuota(), bridge.getAiStatus()]);
      set({
        ...(quota.ok && { liveQuota: quota.value }),
        ...(ai.ok && { liveAi: ai.value }),
      });
    },

    startServiceInfo() {
      timer ??= setInterval(tick, serviceInfoMs);
    },

    stopServiceInfo() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
};
