import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { SpawnedProcess } from '../../../main/desktop/backend-supervisor';
import { hostConfigArg, type HostConfig } from '../../../main/backend/launch-config';
import type { RpcMessage } from '../../../main/ipc/rpc';

const CHILD = join(import.meta.dirname, '..', 'fixtures', 'backend-child.ts');

/**
 * The backend in a real child process, as the supervisor's spawn function; `script` names another
 * fixture to run in its place (hung-backend.ts).
 */
export function forkBackend(
  config: HostConfig,
  script: string = CHILD,
): SpawnedProcess & { pid: () => number | undefined } {
  const child = fork(script, [hostConfigArg(config)], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    port: {
      post: (message: RpcMessage) => {
        if (child.connected) child.send(message);
      },
      onMessage: (listener) => {
        child.on('message', listener);
        return () => {
          child.off('message', listener);
        };
      },
    },
    onExit: (listener) => {
      child.once('exit', (code) => {
        listener(code);
      });
    },
    kill: () => {
      child.kill();
    },
    forceKill: () => {
      child.kill('SIGKILL');
    },
    pid: () => child.pid,
  };
}
