// One throughput run of the real engine (openSession: SQLite queue, pacer, scheduler) against a
// fresh sandbox, with what it takes to explain the result: calls by endpoint, pacer holds, 429s
// and how full each rate window was.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { BatchMode } from '../../common/job';
import type { Endpoint } from '../../main/api/errors';
import type { MeterApi } from '../../main/api/client';
import type { HoldReason, PaceKind } from '../../main/api/pacer';
import { PollTiming } from '../../main/engine/backoff';
import { openSession, type Session } from '../../main/actions/session';
import type { ServiceProfile } from './bounds';
import type { PhotoFolder } from './photos';
import {
  BENCH_API_KEY,
  discoveryLag,
  scheduleBoundMs,
  startService,
  windowUse,
  type DiscoveryLag,
  type WindowUse,
} from './service';
import { waitForStart, type StartAt } from './window-start';

export interface HoldStats {
  /** Hold events by `kind/reason`. */
  readonly events: Readonly<Record<string, number>>;
  /**
   * For window holds: how long after the server's actual window end the pacer let requests go
   * again, on average (the server's windows are aligned to the epoch, so the end is known).
   */
  readonly meanReleaseAfterResetMs: number | null;
}

export interface RunMeasure {
  readonly photos: number;
  readonly wallMs: number;
  /** Scanning the folder into the queue (before the timed part). */
  readonly scanMs: number;
  /** How far into the key's first window the timed part began. */
  readonly phaseMs: number;
  readonly outcome: string;
  readonly done: number;
  readonly failed: number;
  /** API requests the service counted (polls, uploads, pre-flight, refused ones). */
  readonly requests: number;
  readonly rejected429: Readonly<Record<string, number>>;
  readonly tasksCreated: number;
  readonly batchesCreated: number;
  /** Photos the service charged quota for more than once (must be 0). */
  readonly chargedTwice: number;
  /** Readings that differ from the photo's marker (must be 0). */
  readonly wrongReadings: number;
  readonly windows: WindowUse;
  /** Service finished a task -> the client had its result. */
  readonly discovery: DiscoveryLag | null;
  /** The best finish the concurrency limit allows for these tasks (scheduleBoundMs). */
  readonly scheduleBoundMs: number;
}

export interface EngineRunResult extends RunMeasure {
  readonly kind: 'engine';
  readonly calls: Readonly<Partial<Record<Endpoint, number>>>;
  readonly pacer: { readonly requestsSent: number; readonly rateLimited: number };
  readonly holds: HoldStats;
}

/** Counts the engine's calls by endpoint, wrapping the session's API client in place. */
function countCalls(api: MeterApi): Partial<Record<Endpoint, number>> {
  const calls: Partial<Record<Endpoint, number>> = {};
  const bump = (e: Endpoint): void => {
    calls[e] = (calls[e] ?? 0) + 1;
  };
  const o = { ...api };
  api.getQuota = (opts) => (bump('quota'), o.getQuota(opts));
  api.getAiStatus = (opts) => (bump('ai_status'), o.getAiStatus(opts));
  api.createTask = (file, opts) => (bump('create_task'), o.createTask(file, opts));
  api.getTask = (id, opts) => (bump('get_task'), o.getTask(id, opts));
  api.listTasks = (limit, opts) => (bump('list_tasks'), o.listTasks(limit, opts));
  api.createBatch = (files, business, opts) => (
    bump('create_batch'),
    o.createBatch(files, business, opts)
  );
  api.getBatch = (id, opts) => (bump('get_batch'), o.getBatch(id, opts));
  return calls;
}

/**
 * Proposed engine changes, emulated from outside main/ to measure their effect before anyone
 * edits the engine (bench/what-if.ts). Each is process-wide while a run uses it.
 */
export interface WhatIf {
  /** GET /api/open/tasks always asks for this many items (polls.ts asks for max(20, due + 10)). */
  readonly listLimit?: number;
  /** The pacer's wait past a window reset (pacer.ts default 500 ms). */
  readonly pacerSlackMs?: number;
  /** Poll timing learns once per poll request, by majority, instead of once per job. */
  readonly pollFeedbackPerRequest?: boolean;
}

export async function runEngine(
  profile: ServiceProfile,
  photos: PhotoFolder,
  batchMode: BatchMode,
  seed = 1,
  whatIf: WhatIf = {},
  startAt: StartAt = 'now',
): Promise<EngineRunResult> {
  const sandbox = await startService(profile, seed);
  const work = await mkdtemp(join(tmpdir(), 'meterdesk-bench-'));
  const restore = whatIf.pollFeedbackPerRequest ? feedbackPerRequest() : () => undefined;
  let opened: Session | undefined;
  try {
    const session = openSession({
      dbFile: join(work, 'queue.sqlite'),
      baseUrl: sandbox.url,
      apiKey: BENCH_API_KEY,
      config: { batchMode, maxConcurrency: profile.concurrency },
      ...(whatIf.pacerSlackMs !== undefined && { pacer: { slackMs: whatIf.pacerSlackMs } }),
    });
    opened = session;
    const calls = countCalls(session.api);
    const listLimit = whatIf.listLimit;
    if (listLimit !== undefined) {
      const list = session.api.listTasks.bind(session.api);
      session.api.listTasks = (_limit, opts) => list(listLimit, opts);
    }
    const holdEvents: Record<string, number> = {};
    const releaseLag: number[] = [];
    const off = session.api.pacer.on(
      'hold',
      (h: { kind: PaceKind; reason: HoldReason; untilMs: number }) => {
        const key = `${h.kind}/${h.reason}`;
        holdEvents[key] = (holdEvents[key] ?? 0) + 1;
        if (
          Number.isFinite(h.untilMs) &&
          (h.reason === 'request_window' || h.reason === 'submission_window')
        ) {
          const serverReset = (Math.floor(Date.now() / profile.windowMs) + 1) * profile.windowMs;
          releaseLag.push(h.untilMs - serverReset);
        }
      },
    );

    const scanStart = Date.now();
    await session.actions.addPhotos([photos.dir]);
    await waitForStart(startAt, profile.windowMs);
    const start = Date.now();
    await session.engine.start();
    const outcome = await session.engine.waitSettled({ maxOfflineMs: 30_000 });
    const end = Date.now();
    off();

    const counts = sandbox.ledger.counts();
    const jobs = session.store.jobs.counts();
    const charges = Object.values(sandbox.ledger.quotaCharges());
    let wrongReadings = 0;
    const seenAt = new Map<string, number>();
    for (const job of session.store.queries.iterate({ filter: 'all' })) {
      const expected = photos.readings.get(basename(job.path));
      if (job.state === 'done' && job.aiReading !== expected) wrongReadings += 1;
      if (job.taskId && job.finishedAt) seenAt.set(job.taskId, Date.parse(job.finishedAt));
    }
    const pacer = session.api.pacer.counters();
    return {
      kind: 'engine',
      photos: photos.count,
      wallMs: end - start,
      scanMs: start - scanStart,
      phaseMs: start % profile.windowMs,
      outcome,
      done: jobs.done,
      failed: jobs.failed + jobs.rejected,
      requests: counts.requests,
      rejected429: counts.rejected429,
      tasksCreated: counts.tasksCreated,
      batchesCreated: counts.batchesCreated,
      chargedTwice: charges.filter((n) => n > 1).length,
      wrongReadings,
      windows: windowUse(sandbox, profile.windowMs, start, end),
      discovery: discoveryLag(sandbox, seenAt),
      scheduleBoundMs: scheduleBoundMs(
        sandbox.ledger.tasks(),
        profile.concurrency,
        profile.addedLatencyMs,
      ),
      calls,
      pacer: {
        requestsSent: pacer.requestsSent,
        rateLimited: Object.values(pacer.rateLimited).reduce((a, b) => a + b, 0),
      },
      holds: {
        events: holdEvents,
        meanReleaseAfterResetMs: releaseLag.length
          ? releaseLag.reduce((a, b) => a + b, 0) / releaseLag.length
          : null,
      },
    };
  } finally {
    restore();
    await opened?.close();
    await sandbox.close();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * polls.ts calls PollTiming.observeFirstPoll once per job; a batch poll of 8 jobs moves the first
 * delay by 1.25^8 or 0.9^8. This gathers the calls made while handling one answer (they are
 * synchronous) and applies one observation, by majority, in a microtask. Returns the undo.
 */
function feedbackPerRequest(): () => void {
  const proto = PollTiming.prototype;
  const original = Object.getOwnPropertyDescriptor(proto, 'observeFirstPoll');
  // Called back with the instance as `this`, exactly like the original method.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const observe = proto.observeFirstPoll;
  const pending = new Map<PollTiming, { seen: number; final: number }>();
  proto.observeFirstPoll = function (this: PollTiming, foundFinal: boolean): void {
    let tally = pending.get(this);
    if (!tally) {
      const t = { seen: 0, final: 0 };
      tally = t;
      pending.set(this, t);
      queueMicrotask(() => {
        pending.delete(this);
        observe.call(this, t.final * 2 >= t.seen);
      });
    }
    tally.seen += 1;
    if (foundFinal) tally.final += 1;
  };
  return () => {
    if (original) Object.defineProperty(proto, 'observeFirstPoll', original);
  };
}
