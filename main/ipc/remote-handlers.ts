// The main process's view of a backend running in another process: every contract handler becomes
// a call over the port. The answer arrives as a result union; a failure is rethrown as AppError so
// the dispatcher turns it back into the same union for the window.
import type { Handlers } from '../../common/ipc/bridge';
import { CHANNEL_NAMES, type ChannelName } from '../../common/ipc/channels';
import type { Result } from '../../common/ipc/result';
import { AppError } from './app-error';

export type Invoke = (channel: ChannelName, payload: unknown) => Promise<Result<unknown>>;

export function remoteHandlers(invoke: Invoke): Handlers {
  const entries = CHANNEL_NAMES.map((name) => [
    name,
    async (request: unknown) => {
      const result = await invoke(name, request);
      if (!result.ok) throw new AppError(result.error.code, result.error.message);
      return result.value;
    },
  ]);
  // Each channel's reply type is checked in the backend that produced it.
  return Object.fromEntries(entries) as Handlers;
}
