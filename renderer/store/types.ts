// The one store's shape: typed slices, each owning its fields and the actions (IPC calls) that
// change them. Components select narrow fields; nothing outside an action talks to the bridge.
//
// How an action answers, in every slice (one convention, so a caller never guesses):
// - A bridge failure is never thrown, and never flattened into a boolean or a bare IpcError.
// - An action whose caller shows the outcome (a form, a dialog, the review box) returns the
//   bridge's own result union, `Result<T>` = {ok:true,value} | {ok:false,error}; T is what the
//   caller needs, `null` when there is nothing to hand back or the user canceled a file dialog.
// - An action nobody waits on for an answer (it returns Promise<void>) reports a failure itself:
//   a notice (notifyError) when the user asked for it, an `...Error` field (tableError,
//   detailError, startError) when a view shows the data it failed to read. A background read
//   (after a push, on a timer) that fails keeps the last good data; the next push reads again.
import type { StoreApi } from 'zustand/vanilla';
import type { MeterDeskBridge } from '../../common/ipc';
import type { BillingSlice } from './billing-slice';
import type { DecisionSlice } from './decision-slice';
import type { DetailSlice } from './detail-slice';
import type { HistorySlice } from './history-slice';
import type { LimitsSlice } from './limits-slice';
import type { NoticesSlice } from './notices-slice';
import type { OfficeSlice } from './office-slice';
import type { OfficeReportSlice } from './office-report-slice';
import type { OfficeReviewSlice } from './office-review-slice';
import type { OrderFileSlice } from './order-file-slice';
import type { RunSlice } from './run-slice';
import type { ServiceSlice } from './service-slice';
import type { SessionSlice } from './session-slice';
import type { StatusSlice } from './status-slice';
import type { TableSlice } from './table-slice';
import type { UpdateSlice } from './update-slice';
import type { WalkSlice } from './walk-slice';

export type AppState = SessionSlice &
  StatusSlice &
  TableSlice &
  DetailSlice &
  RunSlice &
  ServiceSlice &
  NoticesSlice &
  UpdateSlice &
  BillingSlice &
  WalkSlice &
  DecisionSlice &
  OfficeSlice &
  OfficeReportSlice &
  OfficeReviewSlice &
  HistorySlice &
  LimitsSlice &
  OrderFileSlice;

export interface StoreDeps {
  readonly bridge: MeterDeskBridge;
  /** How long pushes are gathered before the table and folder list are re-read. */
  readonly refreshMs: number;
  readonly now: () => number;
}

export type SetState = StoreApi<AppState>['setState'];
export type GetState = StoreApi<AppState>['getState'];

export type SliceCreator<T> = (set: SetState, get: GetState, deps: StoreDeps) => T;
