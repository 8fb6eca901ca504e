// The engine's status as last pushed, with the quota and AI status the engine read (it is their
// one reader: every 10 s while photos are read, once more when the queue drains, every 5 minutes
// when idle; main/engine/service-state.ts), and the finished-count samples behind throughput and
// ETA. The window asks the service nothing itself.
import {
  idleStatus,
  type AiInfo,
  type EngineStatus,
  type QuotaInfo,
} from '../../common/engine-status';
import { emptyCounts } from '../../common/job-record';
import { addSample, finishedOf, type Sample } from '../../common/throughput';
import type { AppState, SliceCreator } from './types';

export interface StatusSlice {
  status: EngineStatus;
  samples: readonly Sample[];
  applyStatus(status: EngineStatus): void;
}

export const EMPTY_STATUS: EngineStatus = idleStatus(emptyCounts());

/** The quota as the engine last read it; null before it has (or when the key may not). */
export function selectQuota(s: AppState): QuotaInfo | null {
  return s.status.quota;
}

export function selectAi(s: AppState): AiInfo | null {
  return s.status.ai;
}

export const createStatusSlice: SliceCreator<StatusSlice> = (set, _get, { now }) => ({
  status: EMPTY_STATUS,
  samples: [],

  applyStatus(status) {
    set((s) => ({
      status,
      samples: addSample(s.samples, { at: now(), finished: finishedOf(status.counts) }),
    }));
  },
});
