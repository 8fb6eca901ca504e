// Builds the service's parts from the options and holds them together. Handlers and the control
// surface receive this one object.

import { AiSimulator, checkNamespace } from './ai-sim';
import { createClock } from './clock';
import type { AdjustableClock } from './clock';
import { deploymentSettings } from './deployment';
import type { DeploymentSettings } from './deployment';
import { FaultInjector, faultSettings } from './faults';
import { KeyRegistry } from './keys';
import { LedgerBook } from './ledger';
import { DEFAULTS, MIB } from './options';
import type { Megabyte, SandboxOptions } from './options';
import { createRandom, deriveSeed } from './random';
import { RateLimiter } from './rate-limits';
import { ResultCache } from './result-cache';
import { BatchStore, TaskStore } from './stores';
import { TaskEngine } from './task-engine';
import type { TaskRecord } from './task-record';
import { TimerSet } from './timers';

export interface SandboxConfig {
  batchMaxFiles: number;
  maxFileBytes: number;
  maxBatchBytes: number;
  /** What "MB" means in the 413 message (options.ts). */
  readonly megabyte: Megabyte;
  emptyListSummaries: boolean;
  trustForwardedFor: boolean;
  controlHttp: boolean;
  /** The profile the sandbox was created with, or null. */
  readonly profile: string | null;
}

export interface SandboxContext {
  readonly clock: AdjustableClock;
  readonly config: SandboxConfig;
  /** The open choices of this deployment (deployment.ts); control.setDeployment changes them. */
  readonly deployment: DeploymentSettings;
  readonly keys: KeyRegistry;
  readonly limiter: RateLimiter;
  readonly cache: ResultCache;
  readonly tasks: TaskStore;
  readonly batches: BatchStore;
  readonly engine: TaskEngine;
  readonly ai: AiSimulator<TaskRecord>;
  readonly ledger: LedgerBook;
  readonly faults: FaultInjector;
  readonly timers: TimerSet;
  newBatchId(): string;
}

export function buildContext(options: SandboxOptions, profile: string | null): SandboxContext {
  const deployment = deploymentSettings(options);
  const seed = options.seed ?? DEFAULTS.seed;
  const clock = createClock(options.now);
  const timers = new TimerSet();
  const ledger = new LedgerBook(clock);
  const keys = new KeyRegistry(clock, options.keys);
  const limiter = new RateLimiter(clock, options.windowMs ?? DEFAULTS.windowMs);
  const cache = new ResultCache();
  const tasks = new TaskStore();
  const batches = new BatchStore();
  const ids = createRandom(deriveSeed(seed, 'ids'));
  const newTaskId = (): string => {
    let id: string;
    do id = `task_${ids.hex(20)}`;
    while (tasks.has(id));
    return id;
  };
  const engine = new TaskEngine(clock, tasks, cache, limiter, ledger, newTaskId);
  const ai = new AiSimulator<TaskRecord>(
    {
      online: options.ai?.online ?? DEFAULTS.ai.online,
      latencyMs: options.ai?.latencyMs ?? DEFAULTS.ai.latencyMs,
      jitterMs: options.ai?.jitterMs ?? DEFAULTS.ai.jitterMs,
      failureRate: options.ai?.failureRate ?? DEFAULTS.ai.failureRate,
      parallel: options.ai?.parallel ?? DEFAULTS.ai.parallel,
      namespace: checkNamespace(options.ai?.namespace ?? DEFAULTS.ai.namespace),
      version: options.ai?.version ?? DEFAULTS.ai.version,
      versionSwitchAfter: options.ai?.versionSwitchAfter ?? null,
    },
    createRandom(deriveSeed(seed, 'ai')),
    timers,
    engine,
  );
  engine.attach(ai);
  const megabyte = options.megabyte ?? 'binary';
  const twentyMegabytes = 20 * (megabyte === 'decimal' ? 1_000_000 : MIB);
  const faults = new FaultInjector(
    faultSettings(options.faults),
    createRandom(deriveSeed(seed, 'faults')),
  );
  return {
    clock,
    config: {
      batchMaxFiles: options.batchMaxFiles ?? DEFAULTS.batchMaxFiles,
      maxFileBytes: options.maxFileBytes ?? twentyMegabytes,
      maxBatchBytes: options.maxBatchBytes ?? twentyMegabytes,
      megabyte,
      emptyListSummaries: options.emptyListSummaries ?? false,
      trustForwardedFor: options.trustForwardedFor ?? false,
      controlHttp: options.controlHttp ?? true,
      profile,
    },
    deployment,
    keys,
    limiter,
    cache,
    tasks,
    batches,
    engine,
    ai,
    ledger,
    faults,
    timers,
    newBatchId(): string {
      let id: string;
      do id = `batch_${ids.hex(20)}`;
      while (batches.has(id));
      return id;
    },
  };
}
