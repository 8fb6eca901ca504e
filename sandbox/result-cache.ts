// Result cache (spec 1.6, 8.5): successful results keyed by image hash, AI version and namespace.
// The latest success per (namespace, hash) over all versions is kept as well: it is what an
// offline service hands back as `cached_stale`.

import type { MeterReading } from './reading';

export interface CachedResult extends MeterReading {
  /** Version label that produced it. */
  readonly version: string;
  readonly at: number;
}

export class ResultCache {
  private readonly exact = new Map<string, CachedResult>();
  private readonly latest = new Map<string, CachedResult>();

  exactHit(namespace: string, version: string, sha256: string): CachedResult | undefined {
    return this.exact.get(`${namespace}\u0000${version}\u0000${sha256}`);
  }

  /** The most recent success in the namespace, any version. */
  historical(namespace: string, sha256: string): CachedResult | undefined {
    return this.latest.get(`${namespace}\u0000${sha256}`);
  }

  store(namespace: string, sha256: string, result: CachedResult): void {
    this.exact.set(`${namespace}\u0000${result.version}\u0000${sha256}`, result);
    this.latest.set(`${namespace}\u0000${sha256}`, result);
  }

  get size(): number {
    return this.exact.size;
  }
}
