// The single entry for calls from the window: who is calling, is the payload what the contract
// says, then main's side of the channel (which answers a result union, from the backend within the
// channel's deadline or from main itself). It never throws: an unexpected error reaches the window
// as `internal` with a short, redacted message (no stack, no key).
import type { WindowCalls } from '../../common/ipc/bridge';
import { isChannelName } from '../../common/ipc/channels';
import { CONTRACT } from '../../common/ipc/contract';
import { fail, type Result } from '../../common/ipc/result';
import { errorReporter, redactSaid } from './answer';
import { isTrustedSender, type SenderInfo, type TrustedWindow } from './sender';
import { validateRequest } from './validate';

export interface DispatchOptions {
  readonly calls: WindowCalls;
  /** Read on every call: the window can be recreated. */
  readonly trusted: () => TrustedWindow;
  /** Removes secrets (the API key) from text before it leaves main. */
  readonly redact?: (text: string) => string;
  /** Where unexpected errors are written in full (still redacted). */
  readonly log?: (line: string) => void;
}

export interface Dispatcher {
  dispatch(channel: unknown, sender: SenderInfo, payload: unknown): Promise<Result<unknown>>;
}

export function createDispatcher(options: DispatchOptions): Dispatcher {
  const redact = options.redact ?? ((text: string) => text);
  const log = options.log ?? (() => undefined);
  const report = errorReporter(redact, log);
  return {
    async dispatch(channel, sender, payload) {
      if (!isChannelName(channel)) return fail('invalid_request', 'Unknown channel.');
      if (!isTrustedSender(sender, options.trusted())) {
        log(`refused ${channel} from webContents ${String(sender.webContentsId)}`);
        return fail('forbidden', 'This call did not come from the MeterDesk window.');
      }
      const checked = validateRequest(CONTRACT, channel, payload);
      if (!checked.ok) return fail('invalid_request', checked.message);
      // The schema of `channel` produced `checked.request`, so it is this call's request type.
      const call = options.calls[channel] as (request: unknown) => Promise<Result<unknown>>;
      try {
        const result = await call(checked.request);
        if (result.ok) return result;
        const { code, message, said } = result.error;
        return fail(code, redact(message), redactSaid(said, redact));
      } catch (error) {
        return report(error);
      }
    },
  };
}
