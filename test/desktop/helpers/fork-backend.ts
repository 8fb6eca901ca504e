import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { SpawnedProcess } from '../../../main/desktop/backend-supervisor';
import { hostConfigArg, type HostConfig } from '../../../main/backend/launch-config';
import type { RpcMessage } from '../../../main/ipc/rpc';
import type { BuiltApp } from '../../helpers/built-app';

const CHILD = join(import.meta.dirname, '..', 'fixtures', 'backend-child.ts');

/**
 * The backend in a real child process, as the supervisor's spawn function: the bundle that ships
 * (the run's build, built-app.ts) under plain Node with the utility process's parentPort shimmed
 * in, or a fixture through tsx: backend-child.ts by default, or another one that stands in for it
 * (hung-backend.ts).
 */
export function forkBackend(
  config: HostConfig,
  from: string | BuiltApp = CHILD,
): SpawnedProcess & { pid: () => number | undefined } {
  const [script, execArgv] =
    typeof from === 'string'
      ? [from, ['--import', 'tsx']]
      : [from.backend, ['--require', from.parentPortShim]];
  const child = fork(script, [hostConfigArg(config)], {
    execArgv,
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
