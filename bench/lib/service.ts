// The sandbox set up as one benchmark profile: one key with the profile's limits, an unlimited
// account (quota is not what is measured) and the AI latency; added round-trip latency through the
// sandbox's own fault injection (every answer held back by addedLatencyMs).
import { createSandbox, type Sandbox } from '../../sandbox';
import type { ServiceProfile } from './bounds';

export const BENCH_API_KEY = 'md_bench_key_000000000000000000';

export function startService(profile: ServiceProfile, seed = 1): Promise<Sandbox> {
  return createSandbox({
    seed,
    windowMs: profile.windowMs,
    keys: [
      {
        key: BENCH_API_KEY,
        requestsPerWindow: profile.requestsPerWindow,
        submissionsPerWindow: profile.submissionsPerWindow,
        concurrency: profile.concurrency,
        user: { unlimited: true },
      },
    ],
    // Enough AI workers that the AI itself never queues: the key's concurrency is the limit.
    ai: {
      latencyMs: profile.aiLatencyMs,
      jitterMs: profile.aiJitterMs,
      parallel: Math.max(64, profile.concurrency * 2),
    },
    ...(profile.addedLatencyMs > 0
      ? { faults: { slowRate: 1, slowMs: profile.addedLatencyMs } }
      : {}),
  });
}

/** What the service saw, by the key's fixed windows: how full each one was. */
export interface WindowUse {
  /** Windows from the first to the last task creation. */
  readonly windows: number;
  /** Mean submissions per window, over windows strictly inside the run (not first or last). */
  readonly meanInnerSubmissions: number | null;
  /** Mean delay from a window's start to its first task creation, inner windows. */
  readonly meanFirstSubmissionDelayMs: number | null;
  /** From the start of the run to the first task creation. */
  readonly firstTaskAfterMs: number | null;
  /** From the last task creation to the end of the run. */
  readonly tailMs: number | null;
}

export function windowUse(
  sandbox: Sandbox,
  windowMs: number,
  startMs: number,
  endMs: number,
): WindowUse {
  const created = sandbox.ledger
    .tasks()
    .map((t) => Date.parse(t.createdAt))
    .sort((a, b) => a - b);
  const first = created[0];
  const last = created[created.length - 1];
  if (first === undefined || last === undefined) {
    return {
      windows: 0,
      meanInnerSubmissions: null,
      meanFirstSubmissionDelayMs: null,
      firstTaskAfterMs: null,
      tailMs: null,
    };
  }
  const firstWin = Math.floor(first / windowMs);
  const lastWin = Math.floor(last / windowMs);
  const perWindow = new Map<number, { n: number; firstAt: number }>();
  for (const t of created) {
    const w = Math.floor(t / windowMs);
    const cur = perWindow.get(w);
    if (cur) cur.n += 1;
    else perWindow.set(w, { n: 1, firstAt: t - w * windowMs });
  }
  let inner = 0;
  let sum = 0;
  let delay = 0;
  for (let w = firstWin + 1; w < lastWin; w++) {
    const use = perWindow.get(w);
    inner += 1;
    sum += use?.n ?? 0;
    delay += use?.firstAt ?? windowMs;
  }
  return {
    windows: lastWin - firstWin + 1,
    meanInnerSubmissions: inner ? sum / inner : null,
    meanFirstSubmissionDelayMs: inner ? delay / inner : null,
    firstTaskAfterMs: first - startMs,
    tailMs: endMs - last,
  };
}

/** How long after the service finished a task the client knew: poll timing made visible. */
export interface DiscoveryLag {
  readonly tasks: number;
  readonly meanMs: number;
  readonly p90Ms: number;
  readonly maxMs: number;
}

/** `seenAt`: task id -> when the client learnt the final result (epoch ms). */
/**
 * The best finish the key's concurrency allows for the tasks this run made, as the service timed
 * them: each of `slots` slots takes the next task (in the order they were created) the moment it
 * is free, and holds it for the AI's actual time plus one answer delay (the earliest a client can
 * know the slot is free again). Unlike N x (AI + delay) / C it cannot split a task across slots:
 * 120 tasks on 16 slots take 8 rounds, not 7.5.
 */
export function scheduleBoundMs(
  tasks: readonly { readonly createdAt: string; readonly finishedAt: string | null }[],
  slots: number,
  answerDelayMs: number,
): number {
  const busy = tasks
    .filter((t) => t.finishedAt !== null)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    .map((t) => Date.parse(t.finishedAt ?? t.createdAt) - Date.parse(t.createdAt) + answerDelayMs);
  const freeAt: number[] = new Array<number>(Math.max(1, slots)).fill(0);
  for (const ms of busy) {
    let first = 0;
    for (let i = 1; i < freeAt.length; i++) if ((freeAt[i] ?? 0) < (freeAt[first] ?? 0)) first = i;
    freeAt[first] = (freeAt[first] ?? 0) + ms;
  }
  return Math.max(...freeAt);
}

export function discoveryLag(
  sandbox: Sandbox,
  seenAt: ReadonlyMap<string, number>,
): DiscoveryLag | null {
  const lags: number[] = [];
  for (const task of sandbox.ledger.tasks()) {
    const seen = seenAt.get(task.taskId);
    if (seen === undefined || task.finishedAt === null) continue;
    lags.push(Math.max(0, seen - Date.parse(task.finishedAt)));
  }
  if (lags.length === 0) return null;
  lags.sort((a, b) => a - b);
  return {
    tasks: lags.length,
    meanMs: lags.reduce((a, b) => a + b, 0) / lags.length,
    p90Ms: lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.9))] ?? 0,
    maxMs: lags[lags.length - 1] ?? 0,
  };
}
