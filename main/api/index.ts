// Public surface of the API client; the rest of the engine imports from here.
export {
  createMeterApi,
  type FileToUpload,
  type MeterApi,
  type MeterApiOptions,
  type TaskList,
} from './client';
export {
  ApiError,
  countsAsAttempt,
  isApiError,
  type ApiErrorInfo,
  type Endpoint,
  type ErrorClass,
  type LocalFileReason,
  type RateLimitScope,
  type RetryReason,
} from './errors';
export { BaseUrlError, createAgent, DEFAULT_TIMEOUTS, isLoopbackHost, type Timeouts } from './http';
export { parseLimitHeaders, type LimitSnapshot } from './limits';
export type { CallOptions } from './paced-call';
export {
  createPacer,
  type PaceKind,
  type Pacer,
  type PacerCounters,
  type PacerEvents,
  type PacerLimits,
  type PacerOptions,
  type PacerTicket,
} from './pacer';
export { sharePacer, type SharedPacer } from './shared-pacer';
export {
  NO_READING,
  type AiStatus,
  type Batch,
  type BatchItem,
  type BatchStatus,
  type Quota,
  type ResultSourceValue,
  type ResultSummary,
  type Task,
  type TaskStatus,
} from './schemas';
