import { createStore, type StoreApi } from 'zustand/vanilla';
import type { MeterDeskBridge } from '../../common/ipc';
import { createBillingSlice } from './billing-slice';
import { createDecisionSlice } from './decision-slice';
import { createDetailSlice } from './detail-slice';
import { createHistorySlice } from './history-slice';
import { createLimitsSlice } from './limits-slice';
import { createNoticesSlice } from './notices-slice';
import { createOfficeSlice } from './office-slice';
import { createOfficeReportSlice } from './office-report-slice';
import { createOfficeReviewSlice } from './office-review-slice';
import { createOrderFileSlice } from './order-file-slice';
import { createRunSlice } from './run-slice';
import { createServiceSlice } from './service-slice';
import { createSessionSlice } from './session-slice';
import { createStatusSlice } from './status-slice';
import { createTableSlice } from './table-slice';
import { createUpdateSlice } from './update-slice';
import type { AppState, StoreDeps } from './types';
import { createWalkSlice } from './walk-slice';

export type AppStore = StoreApi<AppState>;

export interface StoreOptions {
  readonly refreshMs?: number;
  readonly now?: () => number;
}

/** One store per window; tests make their own with a bridge of their choosing. */
export function createAppStore(bridge: MeterDeskBridge, options: StoreOptions = {}): AppStore {
  const deps: StoreDeps = {
    bridge,
    refreshMs: options.refreshMs ?? 1000,
    now: options.now ?? Date.now,
  };
  return createStore<AppState>()((set, get) => ({
    ...createSessionSlice(set, get, deps),
    ...createStatusSlice(set, get, deps),
    ...createTableSlice(set, get, deps),
    ...createDetailSlice(set, get, deps),
    ...createRunSlice(set, get, deps),
    ...createServiceSlice(set, get, deps),
    ...createNoticesSlice(set, get, deps),
    ...createUpdateSlice(set, get, deps),
    ...createBillingSlice(set, get, deps),
    ...createWalkSlice(set, get, deps),
    ...createDecisionSlice(set, get, deps),
    ...createOfficeSlice(set, get, deps),
    ...createOfficeReportSlice(set, get, deps),
    ...createOfficeReviewSlice(set, get, deps),
    ...createHistorySlice(set, get, deps),
    ...createLimitsSlice(set, get, deps),
    ...createOrderFileSlice(set, get, deps),
  }));
}
