// Calls and notes over a message port, between the main process and the backend's utility process
// (Electron's utilityProcess; child_process.fork in tests), both sides typed by the contract's
// tables (common/ipc/backend-contract.ts). The answering side checks each request against its
// schema and answers a result union, never a thrown error; the asking side gives up at the call's
// deadline with `timeout`, and a port that closes answers every pending call with `unavailable`:
// no call waits forever.
import type { z } from 'zod';
import type {
  CallersFor,
  CallTable,
  HandlersFor,
  NoteHandlersFor,
  NoteTable,
} from '../../common/ipc/bridge';
import { timeoutMessage, timeoutSaid } from '../../common/ipc/deadlines';
import { fail, type Result } from '../../common/ipc/result';
import { answerCall, type ErrorReport } from './answer';

export type RpcMessage =
  | { readonly t: 'call'; readonly id: number; readonly name: string; readonly request: unknown }
  | { readonly t: 'answer'; readonly id: number; readonly result: Result<unknown> }
  | { readonly t: 'note'; readonly name: string; readonly payload: unknown };

/** A message pipe: utilityProcess/parentPort, a child process's IPC channel, a MessagePort. */
export interface RpcPort {
  post(message: RpcMessage): void;
  /** Returns the unsubscribe function. */
  onMessage(listener: (message: unknown) => void): () => void;
}

/** One side's part of a contract: the calls it answers and the notes it receives. */
export interface RpcSide<C extends CallTable, N extends NoteTable> {
  readonly calls: C;
  readonly notes: N;
}

export interface RpcPeerOptions<
  LC extends CallTable,
  LN extends NoteTable,
  RC extends CallTable,
  RN extends NoteTable,
> {
  readonly port: RpcPort;
  /** What this side answers and receives, and how. */
  readonly local: RpcSide<LC, LN>;
  readonly handlers: HandlersFor<LC>;
  readonly noteHandlers: NoteHandlersFor<LN>;
  /** What the other side answers and receives. */
  readonly remote: RpcSide<RC, RN>;
  /** The other side in words, for timeout messages ("MeterDesk's backend"). */
  readonly remoteName: string;
  /** Turns what a handler threw into the result that crosses (redacted, logged). */
  readonly report: ErrorReport;
  /** A note that could not be taken: a payload its schema refuses, or a handler that threw. */
  readonly onNoteProblem?: (name: string, problem: string) => void;
}

export interface RpcPeer<RC extends CallTable, RN extends NoteTable> {
  /** One function per remote call; each answers a result union within the call's deadline. */
  readonly calls: CallersFor<RC>;
  /** Fire and forget: the other side's note handler runs, nothing comes back. */
  notify<K extends keyof RN & string>(name: K, payload: z.input<RN[K]['payload']>): void;
  /** The other side went away: pending and later calls answer `unavailable` with this reason. */
  close(reason: string): void;
}

function isMessage(value: unknown): value is RpcMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.t === 'call') return typeof m.id === 'number' && typeof m.name === 'string';
  if (m.t === 'answer') {
    const result = m.result as { ok?: unknown } | null;
    return (
      typeof m.id === 'number' && typeof result === 'object' && typeof result?.ok === 'boolean'
    );
  }
  if (m.t === 'note') return typeof m.name === 'string';
  return false;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createRpcPeer<
  LC extends CallTable,
  LN extends NoteTable,
  RC extends CallTable,
  RN extends NoteTable,
>(options: RpcPeerOptions<LC, LN, RC, RN>): RpcPeer<RC, RN> {
  const { port, local, remote, remoteName } = options;
  const noteProblem = options.onNoteProblem ?? (() => undefined);
  let nextId = 1;
  let closed: string | null = null;
  const pending = new Map<number, (result: Result<unknown>) => void>();

  const post = (message: RpcMessage): string | null => {
    try {
      port.post(message);
      return null;
    } catch (error) {
      return describe(error);
    }
  };

  const answer = (id: number, name: string, request: unknown): void => {
    void answerCall(local.calls, options.handlers, name, request, options.report).then((result) => {
      if (closed) return;
      const problem = post({ t: 'answer', id, result });
      // An answer that cannot be sent (not structured-clonable) still gets one.
      if (problem !== null) {
        post({ t: 'answer', id, result: options.report(new Error(`${name}: ${problem}`)) });
      }
    });
  };

  const receiveNote = (name: string, payload: unknown): void => {
    const spec = Object.hasOwn(local.notes, name) ? local.notes[name] : undefined;
    if (!spec) {
      noteProblem(name, 'no such note');
      return;
    }
    const parsed = spec.payload.safeParse(payload);
    if (!parsed.success) {
      noteProblem(name, parsed.error.issues[0]?.message ?? 'invalid payload');
      return;
    }
    try {
      const handler = options.noteHandlers[name] as (this: unknown, payload: unknown) => void;
      handler.call(options.noteHandlers, parsed.data);
    } catch (error) {
      noteProblem(name, describe(error));
    }
  };

  const unsubscribe = port.onMessage((raw) => {
    if (!isMessage(raw)) return;
    if (raw.t === 'answer') {
      const settle = pending.get(raw.id);
      pending.delete(raw.id);
      settle?.(raw.result);
    } else if (raw.t === 'note') {
      receiveNote(raw.name, raw.payload);
    } else {
      answer(raw.id, raw.name, raw.request);
    }
  });

  const caller =
    (name: string, deadlineMs: number) =>
    (request: unknown): Promise<Result<unknown>> => {
      if (closed) return Promise.resolve(fail('unavailable', closed));
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(
            fail(
              'timeout',
              timeoutMessage(remoteName, name, deadlineMs),
              timeoutSaid(remoteName, name, deadlineMs),
            ),
          );
        }, deadlineMs);
        pending.set(id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        const problem = post({ t: 'call', id, name, request });
        if (problem !== null) {
          pending.get(id)?.(fail('unavailable', `${remoteName} cannot be reached (${problem}).`));
          pending.delete(id);
        }
      });
    };
  const calls = Object.fromEntries(
    Object.entries(remote.calls).map(([name, spec]) => [name, caller(name, spec.deadlineMs)]),
  ) as CallersFor<RC>;

  return {
    calls,
    notify(name, payload) {
      if (!closed) post({ t: 'note', name, payload });
    },
    close(reason) {
      if (closed) return;
      closed = reason;
      unsubscribe();
      const waiting = [...pending.values()];
      pending.clear();
      for (const settle of waiting) settle(fail('unavailable', reason));
    },
  };
}
