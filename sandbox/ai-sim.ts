// The simulated downstream AI service. It only schedules: a worker takes a queued job, keeps it
// `queued` for the dispatcher hand-off (a quarter of its latency), then `running` for the rest,
// then reports success or failure. What a result means (cache, quota, reading) is the task
// engine's business, reached through hooks. Latency jitter and failures come from a seeded stream.

import { JobQueue } from './job-queue';
import type { Random } from './random';
import type { TimerSet } from './timers';

export interface AiSettings {
  online: boolean;
  latencyMs: number;
  jitterMs: number;
  failureRate: number;
  parallel: number;
  namespace: string;
  version: string;
  /** After this many AI runs end, the version moves to the next label, once; null: never. */
  versionSwitchAfter: number | null;
}

export interface AiJob {
  readonly id: string;
  readonly seq: number;
}

export interface AiHooks<J> {
  /** A worker takes the job; false means it needs no run after all (e.g. a cache hit appeared). */
  dispatched(job: J): boolean;
  running(job: J): void;
  completed(job: J, outcome: { failed: boolean; version: string }): void;
  /** The job waits for the AI service to come back online. */
  waiting(job: J, reason: string): void;
  /** The job is in the queue for a worker (again). */
  queued(job: J, reason: string): void;
}

/** spec 2.4 minus ok. */
export interface AiStatusFields {
  is_online: boolean;
  busy: boolean;
  active_jobs: number;
  public_status: string;
  public_status_label: string;
  public_status_reason: string;
  accepts_new_tasks: boolean;
  can_return_cached_result: boolean;
  queue_state: string;
  queue_count: number;
  current_ai_version: string;
}

export const OFFLINE_REASON =
  'The AI service is offline; the task waits and continues automatically when it is back.';
export const BUSY_REASON = 'All AI workers are busy; the task waits in the queue.';
export const RESUMED_REASON = 'The AI service is back online; the task is queued again.';

interface Slot<J> {
  readonly job: J;
  phase: 'handoff' | 'running';
  timer: NodeJS.Timeout | null;
}

/** 'v3.2' -> 'v3.3'; a label without a trailing number gets '.1'. */
export function nextVersionLabel(version: string): string {
  const match = /^(.*?)(\d+)$/.exec(version);
  if (!match) return `${version}.1`;
  const [, stem = '', digits = '0'] = match;
  return `${stem}${Number(digits) + 1}`;
}

/** A namespace is the part before the colon of current_ai_version, so it holds no colon. */
export function checkNamespace(namespace: string): string {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(namespace)) {
    throw new Error(
      `AI namespace must be 1-64 letters, digits, '_', '.' or '-' (no colon); got ${JSON.stringify(namespace)}`,
    );
  }
  return namespace;
}

export class AiSimulator<J extends AiJob> {
  private readonly queue = new JobQueue<J>();
  private readonly waitingJobs = new Map<string, J>();
  private readonly slots = new Map<string, Slot<J>>();
  private runsEnded = 0;

  constructor(
    private readonly settings: AiSettings,
    private readonly random: Random,
    private readonly timers: TimerSet,
    private readonly hooks: AiHooks<J>,
  ) {}

  get online(): boolean {
    return this.settings.online;
  }

  get version(): string {
    return this.settings.version;
  }

  get namespace(): string {
    return this.settings.namespace;
  }

  /** `namespace:version` (spec 2.4 current_ai_version). */
  get currentVersion(): string {
    return `${this.settings.namespace}:${this.settings.version}`;
  }

  snapshot(): Readonly<AiSettings> {
    return { ...this.settings };
  }

  submit(job: J): void {
    if (!this.settings.online) {
      this.waitingJobs.set(job.id, job);
      this.hooks.waiting(job, OFFLINE_REASON);
      return;
    }
    if (this.queue.length === 0 && this.slots.size < this.settings.parallel) {
      this.start(job);
      return;
    }
    this.queue.push(job);
    this.hooks.queued(job, BUSY_REASON);
  }

  /** A new namespace applies to tasks created from now on (CAD can be signalled mid-run). */
  update(patch: Partial<Omit<AiSettings, 'online'>>): void {
    if (patch.namespace !== undefined) this.settings.namespace = checkNamespace(patch.namespace);
    if (patch.latencyMs !== undefined) this.settings.latencyMs = Math.max(0, patch.latencyMs);
    if (patch.jitterMs !== undefined) this.settings.jitterMs = Math.max(0, patch.jitterMs);
    if (patch.failureRate !== undefined) this.settings.failureRate = patch.failureRate;
    if (patch.version !== undefined) this.settings.version = patch.version;
    if (patch.parallel !== undefined) {
      this.settings.parallel = Math.max(1, patch.parallel);
      this.pump();
    }
  }

  bumpVersion(version?: string): string {
    this.settings.version = version ?? nextVersionLabel(this.settings.version);
    return this.currentVersion;
  }

  setOnline(online: boolean): void {
    if (online === this.settings.online) return;
    this.settings.online = online;
    if (!online) {
      // Jobs not yet running go back to waiting; running ones are inside the AI and finish.
      for (const job of this.queue.drain()) this.park(job);
      for (const slot of [...this.slots.values()]) {
        if (slot.phase !== 'handoff') continue;
        this.timers.cancel(slot.timer);
        this.slots.delete(slot.job.id);
        this.park(slot.job);
      }
      return;
    }
    const resumed = [...this.waitingJobs.values()].sort((a, b) => a.seq - b.seq);
    this.waitingJobs.clear();
    for (const job of resumed) {
      this.queue.push(job);
      this.hooks.queued(job, RESUMED_REASON);
    }
    this.pump();
  }

  status(): AiStatusFields {
    const online = this.settings.online;
    const active = this.slots.size;
    const busy = online && (active >= this.settings.parallel || this.queue.length > 0);
    const publicStatus = !online ? 'offline' : busy ? 'busy' : 'online';
    let queueState = 'idle';
    if (!online) queueState = 'paused';
    else if (this.queue.length > 0) queueState = 'backlogged';
    else if (active > 0) queueState = 'processing';
    return {
      is_online: online,
      busy,
      active_jobs: active,
      public_status: publicStatus,
      public_status_label: publicStatus,
      public_status_reason: !online ? 'maintenance' : busy ? 'high_load' : 'ready',
      accepts_new_tasks: true,
      can_return_cached_result: true,
      queue_state: queueState,
      queue_count: this.queue.length + this.waitingJobs.size,
      current_ai_version: this.currentVersion,
    };
  }

  private park(job: J): void {
    this.waitingJobs.set(job.id, job);
    this.hooks.waiting(job, OFFLINE_REASON);
  }

  private latency(): number {
    const { latencyMs, jitterMs } = this.settings;
    if (jitterMs <= 0) return latencyMs;
    return Math.max(0, Math.round(latencyMs + (this.random.next() * 2 - 1) * jitterMs));
  }

  private start(job: J): void {
    if (!this.hooks.dispatched(job)) return;
    const latency = this.latency();
    const handoff = Math.floor(latency / 4);
    const slot: Slot<J> = { job, phase: 'handoff', timer: null };
    this.slots.set(job.id, slot);
    slot.timer = this.timers.after(handoff, () => {
      slot.phase = 'running';
      this.hooks.running(job);
      slot.timer = this.timers.after(latency - handoff, () => {
        this.finish(slot);
      });
    });
  }

  private finish(slot: Slot<J>): void {
    this.slots.delete(slot.job.id);
    const failed = this.random.chance(this.settings.failureRate);
    this.hooks.completed(slot.job, { failed, version: this.settings.version });
    this.runsEnded += 1;
    if (this.runsEnded === this.settings.versionSwitchAfter) this.bumpVersion();
    this.pump();
  }

  private pump(): void {
    while (this.settings.online && this.slots.size < this.settings.parallel) {
      const job = this.queue.shift();
      if (job === undefined) return;
      this.start(job);
    }
  }
}
