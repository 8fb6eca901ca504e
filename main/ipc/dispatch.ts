// The single entry for calls from the window: who is calling, is the payload what the contract
// says, then the handler. It never throws: every outcome is a result union, and an unexpected error
// reaches the window as `internal` with a short, redacted message (no stack, no key).
import type { Handlers } from '../../common/ipc/bridge';
import { isChannelName, type ChannelName } from '../../common/ipc/channels';
import { fail, ok, type Result } from '../../common/ipc/result';
import { isAppError } from './app-error';
import { isTrustedSender, type SenderInfo, type TrustedWindow } from './sender';
import { validateRequest } from './validate';

export interface DispatchOptions {
  readonly handlers: Handlers;
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

const MAX_INTERNAL_MESSAGE = 200;

function describeUnexpected(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'unknown error';
}

/** Validates and runs one call; shared by the IPC dispatcher and the backend host. */
export async function invokeValidated(
  handlers: Handlers,
  channel: ChannelName,
  payload: unknown,
  report: (error: unknown) => Result<never>,
): Promise<Result<unknown>> {
  const checked = validateRequest(channel, payload);
  if (!checked.ok) return fail('invalid_request', checked.message);
  // The schema of `channel` produced `checked.request`, so it is this handler's request type.
  const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
  try {
    return ok(await handler(checked.request));
  } catch (error) {
    return report(error);
  }
}

export function errorReporter(
  redact: (text: string) => string,
  log: (line: string) => void,
): (error: unknown) => Result<never> {
  return (error) => {
    if (isAppError(error)) return fail(error.code, redact(error.message));
    const text = redact(describeUnexpected(error)).replace(/\s+/g, ' ').trim();
    log(`internal error: ${text}`);
    const short =
      text.length > MAX_INTERNAL_MESSAGE ? `${text.slice(0, MAX_INTERNAL_MESSAGE)}…` : text;
    return fail('internal', `MeterDesk hit an unexpected problem (${short}).`);
  };
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
      return invokeValidated(options.handlers, channel, payload, report);
    },
  };
}
