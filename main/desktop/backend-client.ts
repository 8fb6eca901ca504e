// The main process's handle on the backend running in the utility process: the contract handlers
// (as calls over the port), the photo lookup and network hints; and the other direction, the OS
// services main provides and the events it forwards to the window.
import type { Handlers } from '../../common/ipc/bridge';
import type { AppEvent } from '../../common/ipc/app-event';
import { remoteHandlers } from '../ipc/remote-handlers';
import { createRpcPeer, type RpcPort } from '../ipc/rpc';
import type { HostMethods, MainMethods } from '../ipc/host-protocol';
import type { OsPort } from '../ipc/os-port';
import type { PhotoFile } from './photo-response';

export interface BackendClientHooks {
  event(event: AppEvent): void;
  log(line: string): void;
}

export interface BackendClient {
  readonly handlers: Handlers;
  /** Resolves when the backend is open; rejects with its reason when it could not open. */
  readonly ready: Promise<void>;
  networkHint(): void;
  photoFile(jobId: number): Promise<PhotoFile | null>;
  /** Stops the engine and closes the queue; resolves when the backend says it is done. */
  close(): Promise<void>;
  /** The process went away: every pending and future call fails with `unavailable`. */
  disconnected(reason: string): void;
}

export function connectBackend(
  port: RpcPort,
  os: OsPort,
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
  const local: MainMethods = {
    chooseSaveFile: (name) => os.chooseSaveFile(name),
    chooseFolders: () => os.chooseFolders(),
    showItemInFolder: (path) => os.showItemInFolder(path),
    notify: (notice) => os.notify(notice),
    setProgress: (progress) => os.setProgress(progress),
    safeStorageInfo: () => os.safeStorageInfo(),
    encryptString: (plain) => os.encryptString(plain),
    decryptString: (sealed) => os.decryptString(sealed),
    event: (event) => {
      hooks.event(event);
    },
    ready: () => {
      markReady();
    },
    failed: (message) => {
      markFailed(new Error(message));
    },
    log: (line) => {
      hooks.log(line);
    },
  };
  const host = createRpcPeer<HostMethods>(port, local, (method, error) => {
    hooks.log(
      `${method} from the backend failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  return {
    handlers: remoteHandlers((channel, payload) => host.call('invoke', channel, payload)),
    ready,
    networkHint: () => {
      host.notify('networkHint');
    },
    photoFile: (jobId) => host.call('photoFile', jobId),
    close: async () => {
      await host.call('close');
      host.close('The backend has closed.');
    },
    disconnected: (reason) => {
      markFailed(new Error(reason));
      host.close(reason);
    },
  };
}
