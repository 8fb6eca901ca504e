// A whole engine run against the sandbox through the mangling proxy, and the checks every such run
// must pass: it ends as expected, every reading stored is the photo's own (and the service's), no
// image is paid twice, and the engine never hit an internal error.
import { afterEach, expect } from 'vitest';
import type { JobRecord } from '../../../common/job-record';
import type { EngineConfig } from '../../../main/engine/config';
import type { SettleOutcome } from '../../../main/engine/engine';
import { openSession, type Session } from '../../../main/actions/session';
import {
  expectedReadings,
  FAST_ENGINE,
  harness,
  waitFor,
  type Harness,
} from '../../helpers/engine-harness';
import type { SandboxOptions } from '../../../sandbox';
import { startProxy, type ManglingProxy, type ProxyRules } from './mangling-proxy';
import { jobText } from '../../../common/job-messages';

export interface ProxiedRun {
  readonly h: Harness;
  readonly proxy: ManglingProxy;
  readonly session: Session;
  readonly logs: string[];
  readonly outcome: SettleOutcome;
  readonly jobs: JobRecord[];
  close(): Promise<void>;
}

export interface ProxiedRunOptions {
  rules: ProxyRules;
  photos?: number;
  config?: Partial<EngineConfig>;
  sandbox?: SandboxOptions;
  seed?: number;
  /** Keep the engine running through quota holds until it completes. */
  waitOutQuota?: boolean;
}

/**
 * Starts proxied runs for a test file and closes the test's run after each test, so a failing test
 * leaves no engine, proxy or sandbox behind (each file kept and closed its own by hand).
 */
export function useProxiedRuns(): (opts: ProxiedRunOptions) => Promise<ProxiedRun> {
  let open: ProxiedRun | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  return async (opts) => {
    open = await proxiedRun(opts);
    return open;
  };
}

export async function proxiedRun(opts: ProxiedRunOptions): Promise<ProxiedRun> {
  const h = await harness({
    photos: opts.photos ?? 10,
    duplicates: 0,
    seed: opts.seed ?? 5,
    ...(opts.sandbox ? { sandbox: opts.sandbox } : {}),
  });
  const proxy = await startProxy(h.sandbox.url, opts.rules);
  const session = openSession({
    dbFile: h.dbFile,
    baseUrl: proxy.url,
    apiKey: h.sandbox.apiKey,
    // The grace before resending an upload whose answer was lost: longer than the sandbox's
    // simulated AI takes (FAST_AI), so a task created meanwhile is cached by then.
    config: { ...FAST_ENGINE, resumeGraceMs: 300, ...opts.config },
  });
  const logs: string[] = [];
  session.engine.on('log', (line) => logs.push(line));
  const close = async (): Promise<void> => {
    await session.close();
    await proxy.close();
    await h.close();
  };
  try {
    await session.actions.addPhotos([h.photos]);
    await session.engine.start();
    let outcome = await session.engine.waitSettled();
    // A quota hold settles the run at once (a CLI run stops there); the engine itself goes on
    // checking, and resumes when the quota is back. Wait that out when the case asks for it.
    while (outcome === 'quota_exhausted' && opts.waitOutQuota) {
      await waitFor(() => session.engine.status().holds.quota === null);
      outcome = await session.engine.waitSettled();
    }
    const jobs = [...session.store.queries.iterate({})];
    return { h, proxy, session, logs, outcome, jobs, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Every photo read, each with its own reading, which is also what the service's ledger says. */
export function expectAllReadCorrectly(run: ProxiedRun): void {
  const want = expectedReadings(run.h.manifest);
  const done = run.jobs.filter((j) => j.state === 'done');
  expect(
    run.jobs
      .filter((j) => j.state !== 'done')
      .map((j) => `${j.relPath}: ${j.state} ${j.errorMessage ? jobText(j.errorMessage) : ''}`),
  ).toEqual([]);
  expect(done.length).toBe(want.size);
  for (const j of done) {
    expect(j.aiReading, j.relPath).toBe(want.get(j.relPath));
    const task = j.taskId ? run.h.sandbox.ledger.task(j.taskId) : undefined;
    expect(task?.sha256, j.relPath).toBe(j.sha256);
    expect(task?.finalReading, j.relPath).toBe(j.aiReading);
  }
}

/** No stored reading contradicts the photo, whatever state the run ended in. */
export function expectNoWrongReading(run: ProxiedRun): void {
  const want = expectedReadings(run.h.manifest);
  for (const j of run.jobs) {
    if (j.aiReading !== null) expect(j.aiReading, j.relPath).toBe(want.get(j.relPath));
  }
}

export function expectPaidOnce(run: ProxiedRun): void {
  for (const [sha, n] of Object.entries(run.h.sandbox.ledger.quotaCharges()))
    expect(n, sha).toBe(1);
}

export function expectNoInternalErrors(run: ProxiedRun): void {
  expect(run.logs.filter((l) => /internal error|unexpected error/i.test(l))).toEqual([]);
  expect(run.h.sandbox.ledger.counts().internalErrors).toBe(0);
}
