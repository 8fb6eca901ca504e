// Request/response over a message port, for the main process and the backend's utility process
// (Electron's utilityProcess; child_process.fork in tests). Each side serves some methods and calls
// the other's. Failures cross as {code, message} and are rethrown as AppError; a port that closes
// fails every pending call with `unavailable` instead of leaving it hanging.
import type { IpcError } from '../../common/ipc/result';
import { AppError, isAppError } from './app-error';

export type RpcMessage =
  | { readonly t: 'req'; readonly id: number; readonly method: string; readonly args: unknown[] }
  | { readonly t: 'res'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly t: 'res'; readonly id: number; readonly ok: false; readonly error: IpcError }
  | { readonly t: 'note'; readonly method: string; readonly args: unknown[] };

/** A message pipe: utilityProcess/parentPort, a child process's IPC channel, a MessagePort. */
export interface RpcPort {
  post(message: RpcMessage): void;
  /** Returns the unsubscribe function. */
  onMessage(listener: (message: unknown) => void): () => void;
}

type AnyMethod = (...args: never[]) => unknown;
export type Methods = Readonly<Record<string, AnyMethod>>;

export interface RpcPeer<Remote extends Methods> {
  call<K extends keyof Remote & string>(
    method: K,
    ...args: Parameters<Remote[K]>
  ): Promise<Awaited<ReturnType<Remote[K]>>>;
  /** Fire and forget; the other side's method runs, its outcome is dropped. */
  notify<K extends keyof Remote & string>(method: K, ...args: Parameters<Remote[K]>): void;
  /** Fails pending calls (the other side went away) and stops listening. */
  close(reason: string): void;
}

function isMessage(value: unknown): value is RpcMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.t === 'req')
    return typeof m.id === 'number' && typeof m.method === 'string' && Array.isArray(m.args);
  if (m.t === 'res') return typeof m.id === 'number' && typeof m.ok === 'boolean';
  if (m.t === 'note') return typeof m.method === 'string' && Array.isArray(m.args);
  return false;
}

function toIpcError(error: unknown): IpcError {
  if (isAppError(error)) return { code: error.code, message: error.message };
  return {
    code: 'internal',
    message: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error',
  };
}

export function createRpcPeer<Remote extends Methods>(
  port: RpcPort,
  local: Methods,
  onNoteError: (method: string, error: unknown) => void = () => undefined,
): RpcPeer<Remote> {
  let nextId = 1;
  let closed: string | null = null;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  const serve = (method: string, args: unknown[]): Promise<unknown> => {
    const fn = Object.hasOwn(local, method) ? local[method] : undefined;
    if (!fn) return Promise.reject(new AppError('internal', `No such method: ${method}`));
    try {
      return Promise.resolve((fn as (...a: unknown[]) => unknown)(...args));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const unsubscribe = port.onMessage((raw) => {
    if (!isMessage(raw)) return;
    if (raw.t === 'res') {
      const waiter = pending.get(raw.id);
      if (!waiter) return;
      pending.delete(raw.id);
      if (raw.ok) waiter.resolve(raw.value);
      else waiter.reject(new AppError(raw.error.code, raw.error.message));
      return;
    }
    if (raw.t === 'note') {
      serve(raw.method, raw.args).catch((error: unknown) => {
        onNoteError(raw.method, error);
      });
      return;
    }
    const { id } = raw;
    serve(raw.method, raw.args).then(
      (value) => {
        if (!closed) port.post({ t: 'res', id, ok: true, value });
      },
      (error: unknown) => {
        if (!closed) port.post({ t: 'res', id, ok: false, error: toIpcError(error) });
      },
    );
  });

  return {
    call(method, ...args) {
      if (closed) return Promise.reject(new AppError('unavailable', closed));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        port.post({ t: 'req', id, method, args });
      });
    },
    notify(method, ...args) {
      if (!closed) port.post({ t: 'note', method, args });
    },
    close(reason) {
      if (closed) return;
      closed = reason;
      unsubscribe();
      for (const waiter of pending.values()) waiter.reject(new AppError('unavailable', reason));
      pending.clear();
    },
  };
}
