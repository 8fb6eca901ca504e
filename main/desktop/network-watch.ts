// Hints from the OS that the network may be back: a periodic look at net.isOnline() that reports
// offline -> online transitions, and resume from sleep. They only wake the engine's offline probe
// early (engine.networkHint()); the engine stays the judge of whether the service is reachable.

export interface NetworkWatchOptions {
  readonly isOnline: () => boolean;
  readonly hint: (why: string) => void;
  /** How often to look. Default 5 s. */
  readonly everyMs?: number;
}

export interface NetworkWatch {
  /** The machine woke up or the screen was unlocked. */
  resumed(): void;
  /** Looks once now (also what the timer does). */
  check(): void;
  stop(): void;
}

export function watchNetwork(options: NetworkWatchOptions): NetworkWatch {
  let online = options.isOnline();
  const check = (): void => {
    const now = options.isOnline();
    if (now && !online) options.hint('the network came back');
    online = now;
  };
  const timer = setInterval(check, options.everyMs ?? 5_000);
  timer.unref();
  return {
    resumed: () => {
      online = options.isOnline();
      options.hint('the computer woke up');
    },
    check,
    stop: () => {
      clearInterval(timer);
    },
  };
}
