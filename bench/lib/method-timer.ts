// Time spent in chosen methods of a live object, wrapped in place: where a measured stretch went,
// without a profiler. For a method returning a promise the time runs until it settles (wall time,
// waiting included).

export interface Spent {
  calls: number;
  ms: number;
}

/** Wraps `names` on `target`; each call adds to `into[label.name]`. Returns the undo. */
export function timeMethods<T extends object>(
  target: T,
  names: readonly (keyof T & string)[],
  label: string,
  into: Record<string, Spent>,
): () => void {
  const slots = target as unknown as Record<string, unknown>;
  const originals = new Map<string, unknown>();
  for (const name of names) {
    const original = slots[name];
    if (typeof original !== 'function') continue;
    originals.set(name, original);
    const fn = original as (...args: unknown[]) => unknown;
    const key = `${label}.${name}`;
    const add = (ms: number): void => {
      const spent = (into[key] ??= { calls: 0, ms: 0 });
      spent.calls += 1;
      spent.ms += ms;
    };
    slots[name] = (...args: unknown[]): unknown => {
      const t = performance.now();
      const out = fn.apply(target, args);
      if (out instanceof Promise) {
        return out.finally(() => {
          add(performance.now() - t);
        });
      }
      add(performance.now() - t);
      return out;
    };
  }
  return () => {
    for (const [name, original] of originals) slots[name] = original;
  };
}
