// Every call across a process boundary has a deadline and answers a result union: a side that
// never answers yields `timeout` (in words) when the deadline passes, a port that closes yields
// `unavailable`, and nothing is thrown across. Time is moved with fake timers; the ports are in
// memory (a forked child that hangs is in test/desktop/hung-backend.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallersFor, HandlersFor } from '../../common/ipc/bridge';
import {
  BACKEND_CALLS,
  BACKEND_NOTES,
  MAIN_CALLS,
  MAIN_NOTES,
  type BackendCalls,
  type MainCalls,
} from '../../common/ipc/backend-contract';
import { CONTRACT } from '../../common/ipc/contract';
import { DEADLINES } from '../../common/ipc/deadlines';
import type { Result } from '../../common/ipc/result';
import { answering, errorReporter } from '../../main/ipc/answer';
import { replyMessage } from '../../common/reply-messages';
import { AppError } from '../../main/ipc/app-error';
import { createRpcPeer, type RpcMessage, type RpcPort } from '../../main/ipc/rpc';
import { TestOs } from '../helpers/test-os';

/** Two ports joined in memory; messages are structured-cloned and delivered later, as by IPC. */
function joinedPorts(): [RpcPort, RpcPort] {
  const listeners: [((m: unknown) => void)[], ((m: unknown) => void)[]] = [[], []];
  const port = (me: 0 | 1): RpcPort => ({
    post: (message) => {
      const copy = structuredClone(message);
      queueMicrotask(() => {
        for (const l of listeners[me === 0 ? 1 : 0]) l(copy);
      });
    },
    onMessage: (listener) => {
      listeners[me].push(listener);
      return () => {
        listeners[me] = listeners[me].filter((l) => l !== listener);
      };
    },
  });
  return [port(0), port(1)];
}

/** A port whose other end never answers: it only records what was sent. */
function silentPort(sent: RpcMessage[] = []): RpcPort {
  return {
    post: (message) => {
      sent.push(message);
    },
    onMessage: () => () => undefined,
  };
}

const report = errorReporter(
  (text) => text,
  () => undefined,
);

/** Main's side over `port`, answering the OS services with a TestOs. */
function mainSide(port: RpcPort, notes: string[] = []) {
  return createRpcPeer({
    port,
    local: { calls: MAIN_CALLS, notes: MAIN_NOTES },
    handlers: new TestOs(),
    noteHandlers: {
      event: (event) => notes.push(`event ${String(event.seq)}`),
      ready: () => notes.push('ready'),
      failed: ({ message }) => notes.push(`failed ${message}`),
      log: ({ line }) => notes.push(`log ${line}`),
    },
    remote: { calls: BACKEND_CALLS, notes: BACKEND_NOTES },
    remoteName: "MeterDesk's backend",
    report,
    onNoteProblem: (name, problem) => notes.push(`refused ${name}: ${problem}`),
  });
}

/** A backend side whose handlers are `handlers` (anything missing never answers). */
function backendSide(port: RpcPort, handlers: Partial<HandlersFor<BackendCalls>>) {
  const never = (): Promise<never> => new Promise(() => undefined);
  const all = Object.fromEntries(
    Object.keys(BACKEND_CALLS).map((name) => [name, handlers[name as keyof BackendCalls] ?? never]),
  ) as unknown as HandlersFor<BackendCalls>;
  return createRpcPeer({
    port,
    local: { calls: BACKEND_CALLS, notes: BACKEND_NOTES },
    handlers: all,
    noteHandlers: { networkHint: () => undefined },
    remote: { calls: MAIN_CALLS, notes: MAIN_NOTES },
    remoteName: 'The MeterDesk main process',
    report,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every call in the contracts', () => {
  it('has a finite, positive deadline', () => {
    const tables: Record<string, Readonly<Record<string, { deadlineMs: number }>>> = {
      CONTRACT,
      BACKEND_CALLS,
      MAIN_CALLS,
    };
    for (const [table, calls] of Object.entries(tables)) {
      for (const [name, spec] of Object.entries(calls)) {
        expect(Number.isFinite(spec.deadlineMs) && spec.deadlineMs > 0, `${table}.${name}`).toBe(
          true,
        );
      }
    }
  });

  it('gives the long ones (adding folders, exporting) more time than the rest', () => {
    expect(BACKEND_CALLS.addPaths.deadlineMs).toBe(DEADLINES.bulk);
    expect(BACKEND_CALLS.writeCsv.deadlineMs).toBe(DEADLINES.bulk);
    expect(BACKEND_CALLS.queryJobs.deadlineMs).toBe(DEADLINES.call);
    expect(DEADLINES.bulk).toBeGreaterThan(DEADLINES.service);
    expect(DEADLINES.service).toBeGreaterThan(DEADLINES.call);
  });
});

describe('a call over the port', () => {
  it('answers `timeout` in words once its deadline passes when nobody answers', async () => {
    const sent: RpcMessage[] = [];
    const main = mainSide(silentPort(sent));
    let answer: Result<unknown> | null = null;
    void main.calls.queryJobs({ limit: 10 }).then((r) => (answer = r));
    await vi.advanceTimersByTimeAsync(DEADLINES.call - 1);
    expect(answer).toBeNull();
    expect(sent).toEqual([{ t: 'call', id: 1, name: 'queryJobs', request: { limit: 10 } }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'timeout',
        message:
          "MeterDesk's backend did not answer within 30 s (queryJobs) and may be stuck. If this keeps happening, quit MeterDesk and open it again.",
        said: {
          code: 'noAnswer',
          params: { who: "MeterDesk's backend", call: 'queryJobs', seconds: 30 },
        },
      },
    });
  });

  it('waits the long deadline for adding folders, and says so in minutes', async () => {
    const main = mainSide(silentPort());
    let answer: Result<unknown> | null = null;
    void main.calls.addPaths({ paths: ['/photos'] }).then((r) => (answer = r));
    await vi.advanceTimersByTimeAsync(DEADLINES.call * 10);
    expect(answer).toBeNull();
    await vi.advanceTimersByTimeAsync(DEADLINES.bulk);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'timeout',
        message: expect.stringContaining('within 30 minutes (addPaths)') as unknown,
      },
    });
  });

  it('drops an answer that comes after the deadline', async () => {
    const [a, b] = joinedPorts();
    let release: () => void = () => undefined;
    backendSide(b, {
      listRoots: () =>
        new Promise((resolve) => {
          release = () => {
            resolve([]);
          };
        }),
    });
    const main = mainSide(a);
    const answers: Result<unknown>[] = [];
    void main.calls.listRoots({}).then((r) => answers.push(r));
    await vi.advanceTimersByTimeAsync(DEADLINES.call);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(answers).toEqual([expect.objectContaining({ ok: false })]);
    expect(answers[0]).toMatchObject({ error: { code: 'timeout' } });
  });

  it('carries answers and failures as result unions, never as thrown errors', async () => {
    const [a, b] = joinedPorts();
    backendSide(b, {
      listRoots: () => Promise.resolve([]),
      jobDetail: () => Promise.reject(new AppError('not_found', replyMessage('photoGone', {}))),
      pause: () => Promise.reject(new Error('database is locked')),
    });
    const main = mainSide(a);
    expect(await main.calls.listRoots({})).toEqual({ ok: true, value: [] });
    expect(await main.calls.jobDetail({ id: 4 })).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'This photo is no longer in the list.',
        said: { code: 'photoGone', params: {} },
      },
    });
    expect(await main.calls.pause({})).toMatchObject({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringContaining('database is locked') as unknown,
      },
    });
  });

  it("is checked against the contract's schema by the side that answers it", async () => {
    const [a, b] = joinedPorts();
    const seen: unknown[] = [];
    backendSide(b, {
      jobDetail: (request) => {
        seen.push(request);
        return Promise.reject(new AppError('not_found', replyMessage('photoGone', {})));
      },
    });
    const main = mainSide(a);
    const bad = (main.calls.jobDetail as (r: unknown) => Promise<Result<unknown>>)({
      id: -1,
      extra: true,
    });
    expect(await bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(seen).toEqual([]);
  });

  it('answers `unavailable` for pending and later calls once the port closes', async () => {
    const main = mainSide(silentPort());
    const pending = main.calls.snapshot({});
    main.close('The MeterDesk backend has stopped.');
    expect(await pending).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'The MeterDesk backend has stopped.' },
    });
    expect(await main.calls.snapshot({})).toMatchObject({ error: { code: 'unavailable' } });
  });

  it("answers the backend's calls to main the same way (the OS services)", async () => {
    const backend = backendSide(silentPort(), {});
    const answer = backend.calls.safeStorageInfo({});
    await vi.advanceTimersByTimeAsync(DEADLINES.person);
    expect(await answer).toMatchObject({
      ok: false,
      error: {
        code: 'timeout',
        message: expect.stringContaining('The MeterDesk main process') as unknown,
      },
    });
  });
});

describe('notes', () => {
  it('are delivered when their payload fits the contract, refused otherwise', async () => {
    const [a, b] = joinedPorts();
    const notes: string[] = [];
    mainSide(a, notes);
    const backend = backendSide(b, {});
    backend.notify('ready', {});
    backend.notify('log', { line: 'hello' });
    (backend.notify as (name: string, payload: unknown) => void)('log', { line: 42 });
    (backend.notify as (name: string, payload: unknown) => void)('event', 'not an event');
    (backend.notify as (name: string, payload: unknown) => void)('shutdown', {});
    await vi.advanceTimersByTimeAsync(1);
    expect(notes[0]).toBe('ready');
    expect(notes[1]).toBe('log hello');
    expect(notes.slice(2).map((n) => n.split(':')[0])).toEqual([
      'refused log',
      'refused event',
      'refused shutdown',
    ]);
  });
});

describe('handlers in this process, reached as over the port', () => {
  it('answer `timeout` at the same deadlines', async () => {
    const os = new TestOs();
    os.safeStorageInfo = () => new Promise(() => undefined);
    const main: CallersFor<MainCalls> = answering(MAIN_CALLS, os, { report, who: 'Main' });
    let answer: Result<unknown> | null = null;
    void main.safeStorageInfo({}).then((r) => (answer = r));
    await vi.advanceTimersByTimeAsync(DEADLINES.person);
    expect(answer).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });
});
