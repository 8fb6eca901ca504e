import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { SpawnedProcess } from '../../../main/desktop/backend-supervisor';
import { hostConfigArg, type HostConfig } from '../../../main/ipc/host-protocol';
import type { RpcMessage } from '../../../main/ipc/rpc';

const CHILD = join(import.meta.dirname, '..', 'fixtures', 'backend-child.ts');

/** The backend in a real child process, as the supervisor's spawn function. */
export function forkBackend(
  config: HostConfig,
): SpawnedProcess & { pid: () => number | undefined } {
  const child = fork(CHILD, [hostConfigArg(config)], {
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
    pid: () => child.pid,
  };
}
