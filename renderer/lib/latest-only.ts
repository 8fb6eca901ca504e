/**
 * Replies to requests sent one after another may come back in any order (the bridge does not
 * promise otherwise, and a busy main process answers a quick read before a slow one). When only
 * the newest answer counts, each request takes a ticket and its reply is applied only while that
 * ticket is still the newest: an older reply never overwrites what a newer one showed.
 */
export interface LatestOnly {
  /** Takes a ticket for a request; the returned check says whether it is still the newest. */
  ticket(): () => boolean;
}

export function latestOnly(): LatestOnly {
  let issued = 0;
  return {
    ticket() {
      const mine = ++issued;
      return () => mine === issued;
    },
  };
}

/** One LatestOnly per key (a page number, say), made on first use. */
export function latestOnlyBy(): { ticket(key: string): () => boolean } {
  const byKey = new Map<string, LatestOnly>();
  return {
    ticket(key) {
      let latest = byKey.get(key);
      if (!latest) {
        latest = latestOnly();
        byKey.set(key, latest);
      }
      return latest.ticket();
    },
  };
}
