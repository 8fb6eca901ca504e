import { utilityProcess } from 'electron';
import { setPriority } from 'node:os';
import { BACKEND_NICENESS, type SpawnedProcess } from '../app/backend-supervisor';
import { hostConfigArg, type HostConfig } from '../app/host-protocol';

/** Starts the backend in an Electron utility process (a Node.js child with its own event loop). */
export function spawnUtilityBackend(entry: string, config: HostConfig): SpawnedProcess {
  const child = utilityProcess.fork(entry, [hostConfigArg(config)], {
    serviceName: 'MeterDesk backend',
    stdio: 'inherit',
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
  };
}
