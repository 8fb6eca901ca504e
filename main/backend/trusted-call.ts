import type { ChannelName } from '../../common/ipc/channels';
import type { Result } from '../../common/ipc/result';
import { errorReporter, invokeValidated } from '../ipc/dispatch';
import type { Backend } from './backend';

/**
 * A call the main process has already checked (sender and schema). Validated again here all the
 * same: it is cheap, and the backend must not depend on every caller being right.
 */
export function dispatchTrusted(
  backend: Backend,
  channel: ChannelName,
  payload: unknown,
  log: (line: string) => void,
): Promise<Result<unknown>> {
  const report = errorReporter((text) => backend.redact(text), log);
  return invokeValidated(backend.handlers, channel, payload, report);
}
