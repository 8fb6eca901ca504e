// From opening the queue to the first upload reaching the service, on a queue that already holds
// many queued jobs: what a user waits for after starting MeterDesk on a large backlog.
//
// The product's start-up, as `meter-desk run` does it (main/cli/commands/run.ts): openSession
// (opens the SQLite file, checks migrations, builds the API client and the engine), then
// engine.start() (crash recovery, pre-flight of AI status and quota, then the scheduler's first
// tick). Each run is a fresh process (lib/startup-worker.ts), as the product starts in a fresh
// process: code not yet compiled by the JIT and the first connection to the service are part of
// what a user waits for. Modules are loaded before the clock starts; the workers are forked
// together beforehand, so their loading is not paid once per run.
//
// The clock stops when the sandbox (in this process, standing for the remote service) has the
// headers of the first POST /api/open/tasks or /api/open/batches (node:diagnostics_channel
// `http.server.request.start`): the upload has been scheduled, picked, marked and sent. The worker
// also records when the first job was marked `uploading`. Times cross the process boundary as
// performance.timeOrigin + performance.now() (same machine clock).
import { fork, type ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { StateCounts } from '../../common/job-record';
import type { Sandbox } from '../../sandbox';
import type { Spent } from './method-timer';

export interface StartupRequest {
  readonly dbFile: string;
  readonly baseUrl: string;
  /** engine.status() calls to time once the first upload is out. */
  readonly statusCalls: number;
}

/** What the worker reports; times are absolute (ms since the epoch, sub-ms precision). */
export interface StartupReport {
  readonly t0: number;
  readonly opened: number;
  readonly startResolved: number;
  readonly firstMarked: number | null;
  readonly statusMs: readonly number[];
  readonly counts: StateCounts;
  /** Time in the queue's methods and the API calls until the first upload arrived. */
  readonly spent: Readonly<Record<string, Spent>>;
}

export type ToWorker = { kind: 'go'; request: StartupRequest } | { kind: 'upload-arrived' };
export type FromWorker = { kind: 'ready' } | { kind: 'report'; report: StartupReport };

export interface StartupTiming {
  /** openSession() returned (store open, engine built). */
  readonly openMs: number;
  /** engine.start() resolved (recovery and pre-flight done). */
  readonly startResolvedMs: number;
  /** The first job was marked uploading. */
  readonly firstMarkedMs: number | null;
  /** The first upload request reached the service. */
  readonly firstUploadMs: number;
  /** Which request it was. */
  readonly firstUpload: string;
  /** engine.status() call times with the engine running on the full queue. */
  readonly statusMs: readonly number[];
  /** The counts the last status() gave. */
  readonly counts: StateCounts;
  /** Time in the queue's methods and the API calls until the first upload arrived. */
  readonly spent: Readonly<Record<string, Spent>>;
}

const WORKER = fileURLToPath(new URL('./startup-worker.ts', import.meta.url));
const UPLOAD_PATH = /^\/api\/open\/(tasks|batches)\/?$/;
const TIMEOUT_MS = 60_000;

export const nowAbs = (): number => performance.timeOrigin + performance.now();

/** A forked worker that has loaded its modules and waits for its run. */
export interface StartupWorker {
  readonly child: ChildProcess;
}

/** Forks `n` workers at once and resolves when every one has loaded its modules. */
export async function forkStartupWorkers(n: number): Promise<StartupWorker[]> {
  const children = Array.from({ length: n }, () =>
    fork(WORKER, [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Explicit loader flags: under vitest this process's execArgv are not tsx's.
      execArgv: ['--import', 'tsx'],
    }),
  );
  try {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            child.once('message', (m: FromWorker) => {
              if (m.kind === 'ready') resolve();
              else reject(new Error(`store bench: worker sent ${m.kind} before its run`));
            });
            child.once('exit', (code) => {
              reject(new Error(`store bench: start-up worker exited with ${String(code)}`));
            });
          }),
      ),
    );
  } catch (error) {
    for (const child of children) child.kill();
    throw error;
  }
  return children.map((child) => ({ child }));
}

/**
 * One start-up on `dbFile` (a queue of queued jobs; the run changes it, so pass a copy) against
 * `sandbox`, with the product's default engine settings, in `worker` (used up by the run).
 */
export function measureStartup(
  worker: StartupWorker,
  dbFile: string,
  sandbox: Sandbox,
  statusCalls: number,
): Promise<StartupTiming> {
  const { child } = worker;
  const send = (m: ToWorker): void => {
    child.send(m);
  };
  return new Promise((resolve, reject) => {
    let arrived: { at: number; line: string } | null = null;
    let report: StartupReport | null = null;
    let settled = false;
    const onStart = (message: unknown): void => {
      const at = nowAbs();
      const request = (message as { request?: IncomingMessage }).request;
      if (arrived || !request || request.socket.localPort !== sandbox.port) return;
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (request.method !== 'POST' || !UPLOAD_PATH.test(path)) return;
      arrived = { at, line: `POST ${path}` };
      send({ kind: 'upload-arrived' });
    };
    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe('http.server.request.start', onStart);
      if (error) {
        child.kill();
        reject(error);
      } else if (!report || !arrived) {
        reject(new Error('store bench: the start-up worker ended without a report'));
      } else {
        resolve({
          openMs: report.opened - report.t0,
          startResolvedMs: report.startResolved - report.t0,
          firstMarkedMs: report.firstMarked === null ? null : report.firstMarked - report.t0,
          firstUploadMs: arrived.at - report.t0,
          firstUpload: arrived.line,
          statusMs: report.statusMs,
          counts: report.counts,
          spent: report.spent,
        });
      }
    };
    const timer = setTimeout(() => {
      finish(new Error(`store bench: no upload reached the sandbox in ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    child.on('message', (m: FromWorker) => {
      if (m.kind === 'report') report = m.report;
    });
    child.on('error', (error) => {
      finish(error);
    });
    child.on('exit', (code) => {
      finish(report ? null : new Error(`store bench: start-up worker exited with ${String(code)}`));
    });
    subscribe('http.server.request.start', onStart);
    send({ kind: 'go', request: { dbFile, baseUrl: sandbox.url, statusCalls } });
  });
}
