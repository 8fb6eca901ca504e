// A call nobody answers must not be waited for forever: the caller gives up at the call's deadline
// and answers `timeout` itself, in words the window can show. Plain setTimeout, so tests move it
// with fake timers.
import { timeoutMessage, timeoutSaid } from '../../common/ipc/deadlines';
import { fail, type Result } from '../../common/ipc/result';

/** The answer, or `timeout` once `ms` have passed; a late answer is dropped. */
export function withDeadline<T>(
  answer: Promise<Result<T>>,
  ms: number,
  who: string,
  what: string,
): Promise<Result<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Result<T>>((resolve) => {
    timer = setTimeout(() => {
      resolve(fail('timeout', timeoutMessage(who, what, ms), timeoutSaid(who, what, ms)));
    }, ms);
  });
  return Promise.race([answer, expired]).finally(() => {
    clearTimeout(timer);
  });
}
