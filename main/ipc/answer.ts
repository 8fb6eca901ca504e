// The answering side of every call, whichever process it runs in: the request is checked against
// its schema, the handler runs, and whatever happens comes back as a result union. An AppError
// keeps its code and wording; anything else becomes `internal` with a short, redacted message and
// no stack, and is logged in full (still redacted).
import type { CallersFor, CallTable, HandlersFor } from '../../common/ipc/bridge';
import { replyMessage } from '../../common/reply-messages';
import { saidText, type Said } from '../../common/reply-english';
import { fail, ok, type Result } from '../../common/ipc/result';
import { isAppError } from './app-error';
import { withDeadline } from './deadline';
import { validateRequest } from './validate';

const MAX_INTERNAL_MESSAGE = 200;

function describeUnexpected(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : 'unknown error';
}

/** A coded sentence with each of its text parameters redacted (a path may hold anything). */
export function redactSaid(
  said: Said | undefined,
  redact: (text: string) => string,
): Said | undefined {
  if (said === undefined) return undefined;
  const params = Object.fromEntries(
    Object.entries(said.params).map(([k, v]) => [k, typeof v === 'string' ? redact(v) : v]),
  );
  // The same code with the same parameter names and kinds.
  return { code: said.code, params } as Said;
}

/** Turns a thrown error into the result union that crosses to the caller. */
export type ErrorReport = (error: unknown) => Result<never>;

export function errorReporter(
  redact: (text: string) => string,
  log: (line: string) => void,
): ErrorReport {
  return (error) => {
    if (isAppError(error)) {
      return fail(error.code, redact(error.message), redactSaid(error.said, redact));
    }
    const text = redact(describeUnexpected(error)).replace(/\s+/g, ' ').trim();
    log(`internal error: ${text}`);
    const short =
      text.length > MAX_INTERNAL_MESSAGE ? `${text.slice(0, MAX_INTERNAL_MESSAGE)}…` : text;
    const said = replyMessage('unexpectedProblem', { detail: short });
    return fail('internal', saidText(said), said);
  };
}

/** Checks and runs one call; never throws. */
export async function answerCall<T extends CallTable>(
  table: T,
  handlers: HandlersFor<T>,
  name: string,
  payload: unknown,
  report: ErrorReport,
): Promise<Result<unknown>> {
  const checked = validateRequest(table, name, payload);
  if (!checked.ok) return fail('invalid_request', checked.message);
  // The schema of `name` produced `checked.request`, so it is this handler's request type.
  const handler = handlers[name] as (this: unknown, request: unknown) => Promise<unknown>;
  try {
    // Called on its object: handlers may be methods of a class (the tests' TestOs).
    return ok(await handler.call(handlers, checked.request));
  } catch (error) {
    return report(error);
  }
}

/**
 * Handlers in this process seen as callers, the way another process would reach them: checked,
 * answered as result unions, and given up on at their deadline. The in-process bridges (tests, the
 * end-to-end window) and the CLI-free backend in tests use this instead of a port.
 */
export function answering<T extends CallTable>(
  table: T,
  handlers: HandlersFor<T>,
  options: { readonly report: ErrorReport; readonly who: string },
): CallersFor<T> {
  const entries = Object.entries(table).map(([name, spec]) => [
    name,
    (request: unknown) =>
      withDeadline(
        answerCall(table, handlers, name, structuredClone(request), options.report),
        spec.deadlineMs,
        options.who,
        name,
      ),
  ]);
  // One function per key of the table, each answering its own call.
  return Object.fromEntries(entries) as CallersFor<T>;
}
