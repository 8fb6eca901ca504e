// The entry of the backend's utility process (Electron utilityProcess.fork): the engine, the
// queue, the sandbox and the key store run here, so a 20,000-file scan or a large query never
// stalls the main process that draws the window (docs/architecture.md, "Engine placement").
// It talks to main over process.parentPort; of Electron it uses only net (Chromium's network).
import type { NetworkSettings } from '../api/network';
import { runBackendHost } from '../backend/host';
import { readHostConfig } from '../backend/launch-config';
import { NETWORK_STACK_VARIABLE } from '../desktop/system-proxy';
import type { RpcPort } from '../ipc/rpc';
import { readNativesDir, useNativeBindings } from './native-bindings';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  off(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as { parentPort?: ParentPort }).parentPort;
if (!parentPort) {
  console.error('backend-process must be started by the MeterDesk main process.');
  process.exit(2);
}

const port: RpcPort = {
  post: (message) => {
    parentPort.postMessage(message);
  },
  onMessage: (listener) => {
    const handler = (event: { data: unknown }): void => {
      listener(event.data);
    };
    parentPort.on('message', handler);
    return () => {
      parentPort.off('message', handler);
    };
  },
};

// Before anything opens the queue or the keychain: this is Electron's Node, which cannot load the
// modules npm built for the Node that ran the install (docs/architecture.md, "Two native builds").
for (const line of useNativeBindings(readNativesDir(process.argv)))
  console.warn(`[MeterDesk] ${line}`);

/**
 * Chromium's stack for the service when main chose it (main/desktop/system-proxy.ts). Imported
 * only then: the tests run this file under plain Node, where 'electron' is not Electron.
 */
async function serviceNetwork(): Promise<NetworkSettings | undefined> {
  if (process.env[NETWORK_STACK_VARIABLE] !== 'chromium') return undefined;
  const { net } = await import('electron');
  return { fetch: (input, init) => net.fetch(input, init) };
}

serviceNetwork()
  .then((network) => runBackendHost(port, readHostConfig(process.argv), network))
  .then(
    () => undefined,
    (error: unknown) => {
      console.error('The MeterDesk backend could not start:', error);
      process.exit(1);
    },
  );
