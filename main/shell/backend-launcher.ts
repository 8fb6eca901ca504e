import { utilityProcess } from 'electron';
import { setPriority } from 'node:os';
import { BACKEND_NICENESS, type SpawnedProcess } from '../desktop/backend-supervisor';
import { hostConfigArg, type HostConfig } from '../backend/launch-config';
import { nativesDirArg } from './native-bindings';

/**
 * Starts the backend in an Electron utility process (a Node.js child with its own event loop),
 * telling it where the native modules built for Electron are; `env` says which network stack
 * reaches the service and, on Node's, the system's proxy (main/desktop/system-proxy.ts).
 */
export function spawnUtilityBackend(
  entry: string,
  config: HostConfig,
  nativesDir: string,
  env: NodeJS.ProcessEnv,
): SpawnedProcess {
  const child = utilityProcess.fork(entry, [hostConfigArg(config), nativesDirArg(nativesDir)], {
    serviceName: 'MeterDesk backend',
    stdio: 'inherit',
    env,
    // A proxy's sign-in question reaches main's app 'login' event, where it is logged.
    respondToAuthRequestsFromMainProcess: true,
  });
  child.once('spawn', () => {
    try {
      if (child.pid !== undefined) setPriority(child.pid, BACKEND_NICENESS);
    } catch {
      // Not allowed on this system: the backend keeps the window's priority, which only costs
      // smoothness while a big folder is scanned.
    }
  });
  return {
    port: {
      post: (message) => {
        child.postMessage(message);
      },
      onMessage: (listener) => {
        child.on('message', listener);
        return () => {
          child.off('message', listener);
        };
      },
    },
    onExit: (listener) => {
      child.once('exit', listener);
    },
    kill: () => {
      child.kill();
    },
    forceKill: () => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    },
  };
}
