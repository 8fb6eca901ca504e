/**
 * Runs `fn` at most once per `ms`: the first call starts a timer, calls during it are folded into
 * that one run. Used to follow a stream of pushes without a request per push.
 */
export interface Throttled {
  (): void;
  /** Runs now if a run is pending. */
  flush(): void;
  cancel(): void;
}

export function throttle(fn: () => void, ms: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = (): void => {
    timer = null;
    fn();
  };
  const throttled = (): void => {
    timer ??= setTimeout(run, ms);
  };
  throttled.flush = (): void => {
    if (timer === null) return;
    clearTimeout(timer);
    run();
  };
  throttled.cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
