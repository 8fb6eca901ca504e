// Counting for the office benchmarks (office-kill, office-outage): how often each item occurs,
// and whether every reading a desk finished reached the office exactly once.

/** How many times each value occurs. */
export function repeats(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** One reading: the desk that made it and the photo's SHA-256. */
export interface DeskReading {
  readonly desk: string;
  readonly sha256: string;
}

export interface PublishedOnce {
  /** Readings the desks' queues finished (their own, not taken from another desk). */
  readonly finished: number;
  /** Rows in the office's readings table. */
  readonly published: number;
  /** Rows beyond the first for one desk's reading of one photo. */
  readonly duplicates: number;
  /** Finished readings with no row in the office. */
  readonly lost: number;
  /** Rows in the office no desk's queue finished. */
  readonly stray: number;
}

/** Compares what the desks finished with what the office holds. */
export function publishedOnce(
  finished: readonly DeskReading[],
  office: readonly DeskReading[],
): PublishedOnce {
  const key = (r: DeskReading): string => `${r.desk}\u0000${r.sha256}`;
  const rows = repeats(office.map(key));
  const done = new Set(finished.map(key));
  return {
    finished: finished.length,
    published: office.length,
    duplicates: [...rows.values()].reduce((n, c) => n + c - 1, 0),
    lost: [...done].filter((k) => !rows.has(k)).length,
    stray: [...rows.keys()].filter((k) => !done.has(k)).length,
  };
}
