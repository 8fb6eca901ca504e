// The main process's handle on the backend running in the utility process, derived from the
// contract (common/ipc/backend-contract.ts): its calls, each answering a result union within its
// deadline; its notes; and the other direction, the OS services main answers and the events and
// log lines it forwards.
import type { CallersFor, HandlersFor } from '../../common/ipc/bridge';
import type { AppEvent } from '../../common/ipc/app-event';
import {
  BACKEND_CALLS,
  BACKEND_NOTES,
  MAIN_CALLS,
  MAIN_NOTES,
  type BackendCalls,
  type MainCalls,
} from '../../common/ipc/backend-contract';
import { answering, errorReporter } from '../ipc/answer';
import { createRpcPeer, type RpcPort } from '../ipc/rpc';

/** Main's calls to the backend. */
export type BackendCallers = CallersFor<BackendCalls>;
/** Main's side of the OS services the backend asks for. */
export type MainServiceHandlers = HandlersFor<MainCalls>;

/** The backend in words, for the `timeout` and `unavailable` answers the window shows. */
export const BACKEND_NAME = "MeterDesk's backend";

export interface BackendClientHooks {
  event(event: AppEvent): void;
  log(line: string): void;
}

export interface BackendClient {
  readonly calls: BackendCallers;
  /** Resolves when the backend is open; rejects with its reason when it could not open. */
  readonly ready: Promise<void>;
  networkHint(): void;
  /** Asks the backend to stop the engine and close the queue; resolves with its answer. */
  close(): Promise<void>;
  /** The process went away: every pending and future call answers `unavailable`. */
  disconnected(reason: string): void;
}

export function connectBackend(
  port: RpcPort,
  services: MainServiceHandlers,
  hooks: BackendClientHooks,
): BackendClient {
  let markReady: () => void = () => undefined;
  let markFailed: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // Nobody may be waiting yet; the rejection is still reported through `ready`.
  ready.catch(() => undefined);
  const backend = createRpcPeer({
    port,
    local: { calls: MAIN_CALLS, notes: MAIN_NOTES },
    handlers: services,
    noteHandlers: {
      event: (event) => {
        hooks.event(event);
      },
      ready: () => {
        markReady();
      },
      failed: ({ message }) => {
        markFailed(new Error(message));
      },
      log: ({ line }) => {
        hooks.log(line);
      },
    },
    remote: { calls: BACKEND_CALLS, notes: BACKEND_NOTES },
    remoteName: BACKEND_NAME,
    report: errorReporter(
      (text) => text,
      (line) => {
        hooks.log(line);
      },
    ),
    onNoteProblem: (name, problem) => {
      hooks.log(`a ${name} note from the backend was refused: ${problem}`);
    },
  });
  return {
    calls: backend.calls,
    ready,
    networkHint: () => {
      backend.notify('networkHint', {});
    },
    close: async () => {
      const answer = await backend.calls.close({});
      if (!answer.ok) hooks.log(`the backend did not close cleanly: ${answer.error.message}`);
      backend.close('The backend has closed.');
    },
    disconnected: (reason) => {
      markFailed(new Error(reason));
      backend.close(reason);
    },
  };
}

/**
 * The backend's handlers in this process, reached as main reaches the real one: checked, answered
 * as result unions, given up on at their deadlines (the in-process bridges of the tests).
 */
export function backendInProcess(
  handlers: HandlersFor<BackendCalls>,
  redact: (text: string) => string,
  log: (line: string) => void = () => undefined,
): BackendCallers {
  return answering(BACKEND_CALLS, handlers, {
    report: errorReporter(redact, log),
    who: BACKEND_NAME,
  });
}
