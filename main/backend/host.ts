// The backend process's side of the port: opens the backend, answers main's calls
// (BACKEND_CALLS), takes its notes, and sends the window's events and its log to main. The OS
// services the backend needs (notifications, the file manager, safeStorage) are calls to main
// (MAIN_CALLS), which alone may use them. Both directions come from common/ipc/backend-contract.ts.
import {
  BACKEND_CALLS,
  BACKEND_NOTES,
  MAIN_CALLS,
  MAIN_NOTES,
  MAX_LOG_CHARS,
} from '../../common/ipc/backend-contract';
import { logText } from '../../common/engine-messages';
import type { NetworkSettings } from '../api/network';
import { errorReporter } from '../ipc/answer';
import { createRpcPeer, type RpcPort } from '../ipc/rpc';
import { KeychainSecretStore } from '../secrets/keychain';
import { openBackend, type Backend, type BackendHandlers } from './backend';
import { encryptedSecretsFile } from './encrypted-file-store';
import type { HostConfig } from './launch-config';
import { safeStorageThrough } from './main-services';
import { chooseSecretStore } from './secret-choice';

function clip(text: string): string {
  return text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS - 1)}…` : text;
}

/** Calls that arrive while the backend is still opening wait for it. */
function handlersOnceOpen(opened: Promise<Backend>): BackendHandlers {
  const entries = Object.keys(BACKEND_CALLS).map((name) => [
    name,
    async (request: unknown) => {
      // The watchdog's question is whether this event loop runs, not whether the backend is open.
      if (name === 'ping') return null;
      const backend = await opened;
      return (backend.handlers[name as keyof BackendHandlers] as (r: unknown) => Promise<unknown>)(
        request,
      );
    },
  ]);
  // One function per call, each handing its request to the backend's own handler.
  return Object.fromEntries(entries) as BackendHandlers;
}

export async function runBackendHost(
  port: RpcPort,
  config: HostConfig,
  network?: NetworkSettings,
): Promise<void> {
  let resolveBackend: (backend: Backend) => void = () => undefined;
  const opened = new Promise<Backend>((resolve) => {
    resolveBackend = resolve;
  });
  let redact = (text: string): string => text;
  const main = createRpcPeer({
    port,
    local: { calls: BACKEND_CALLS, notes: BACKEND_NOTES },
    handlers: handlersOnceOpen(opened),
    noteHandlers: {
      networkHint: () => {
        void opened.then((backend) => {
          backend.networkHint();
        });
      },
    },
    remote: { calls: MAIN_CALLS, notes: MAIN_NOTES },
    remoteName: 'The MeterDesk main process',
    report: errorReporter((text) => redact(text), log),
    onNoteProblem: (name, problem) => {
      log(`a ${name} note from main was refused: ${problem}`);
    },
  });
  function log(line: string): void {
    main.notify('log', { line: clip(redact(line)) });
  }
  try {
    const secrets = await chooseSecretStore({
      keychain: new KeychainSecretStore(
        config.keychainService ? { service: config.keychainService } : {},
      ),
      safeStorage: safeStorageThrough(main.calls),
      encryptedFile: encryptedSecretsFile(config.userDataDir),
    });
    if (secrets.warning) log(logText(secrets.warning));
    const backend = await openBackend({
      userDataDir: config.userDataDir,
      appVersion: config.appVersion,
      secrets,
      main: main.calls,
      log,
      ...(network && { network }),
      // Test-only knobs, passed through as given by the test that started this process.
      ...(config.engineConfig && { engineConfig: config.engineConfig }),
      ...(config.sandbox && { sandbox: config.sandbox }),
      ...(config.samples && { samples: config.samples }),
    });
    redact = (text) => backend.redact(text);
    backend.subscribe((event) => {
      main.notify('event', event);
    });
    resolveBackend(backend);
    main.notify('ready', {});
  } catch (error) {
    main.notify('failed', {
      message: clip(error instanceof Error ? error.message : String(error)),
    });
    throw error;
  }
}
