import type { EngineMessage } from '../../common/engine-messages';
import type { JobRecord } from '../../common/job-record';
import type { Store } from '../store/store';
import type { MeterApi } from '../api/client';
import type { PollTiming } from './backoff';
import type { ClaimPhotos } from '../../common/claim-port';
import type { ListHealth } from './list-health';
import type { PollBudget } from './poll-budget';
import type { EngineConfig } from './config';
import type { Deployment } from './deployment';
import type { Operation, UploadSituation } from './error-policy';
import type { Holds } from './holds';
import type { ServiceState } from './service-state';
import type { StatusFeed } from './status-feed';

/** What the upload and poll workers share with the engine that runs them. */
export interface EngineContext {
  readonly store: Store;
  readonly api: MeterApi;
  readonly config: EngineConfig;
  readonly now: () => number;
  readonly random: () => number;
  /** Aborted when the engine stops: in-flight requests end and their jobs are requeued. */
  readonly signal: AbortSignal;
  readonly pollTiming: PollTiming;
  /** How often polls may go: the key's request budget, saved up for when tasks finish. */
  readonly pollBudget: PollBudget;
  /** Whether the task list is usable now, or left aside while it fails or is too slow. */
  readonly listHealth: ListHealth;
  /** What this deployment accepts (list limit, batch size, permissions), as learned so far. */
  readonly deployment: Deployment;
  /** Office mode: asked before photos are uploaded (upload-claim.ts); null without an office. */
  readonly claim: ClaimPhotos | null;
  /**
   * Results marked latest arrived (when each photo was sent, when its answer came): which AI
   * version read them is decided by the AI status reads around them (ai-versions.ts).
   */
  resultsRead(results: readonly { taskId: string; since: number; until: number }[]): void;
  changed(ids: readonly number[]): void;
  /** Tasks ended: the quota budget takes back the units of those not read fresh. */
  ended(results: readonly { taskId: string; fresh: boolean }[]): void;
  log(line: string, message?: EngineMessage): void;
  /**
   * A task waits at the service for a reason the service gave (the AI offline, a queue): what the
   * window shows about the AI status should not wait for the next periodic read.
   */
  serviceWaits(): void;
  /** A request succeeded: the network and the key are fine. */
  succeeded(): void;
  /** The single place where a failed request turns into engine behaviour. */
  failed(
    err: unknown,
    op: Operation,
    jobs: readonly JobRecord[],
    situation?: UploadSituation,
  ): void;
}

/** The engine's parts a run's context is made of. */
export interface ContextParts extends Pick<
  EngineContext,
  | 'store'
  | 'api'
  | 'config'
  | 'now'
  | 'random'
  | 'pollTiming'
  | 'pollBudget'
  | 'listHealth'
  | 'log'
  | 'failed'
  | 'claim'
> {
  readonly service: ServiceState;
  readonly feed: StatusFeed;
  readonly holds: Holds;
}

/** A fresh context per start(): its signal ends that run's requests. */
export function engineContext(p: ContextParts, signal: AbortSignal): EngineContext {
  const { service, feed, holds } = p;
  return {
    store: p.store,
    api: p.api,
    config: p.config,
    now: p.now,
    random: p.random,
    signal,
    pollTiming: p.pollTiming,
    pollBudget: p.pollBudget,
    listHealth: p.listHealth,
    deployment: service.deployment,
    claim: p.claim,
    resultsRead: (results) => {
      service.resultsRead(results);
    },
    changed: (ids) => {
      feed.changed(ids);
    },
    ended: (results) => {
      service.budget.ended(results);
    },
    log: p.log,
    serviceWaits: () => {
      service.readSoon();
    },
    succeeded: () => {
      holds.transportOk();
    },
    failed: p.failed,
  };
}
