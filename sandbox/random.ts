// Seeded randomness. Every random choice the sandbox makes (latency jitter, AI failures, injected
// faults, identifiers) comes from a named stream derived from one seed, so a chaos run can be
// replayed and two streams never perturb each other.

export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** True with probability p (p <= 0 never draws, so a disabled fault does not shift the stream). */
  chance(p: number): boolean;
  /** n lowercase hex characters. */
  hex(n: number): string;
}

/** FNV-1a over the stream name, mixed with the seed: independent, stable sub-seeds. */
export function deriveSeed(seed: number, stream: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < stream.length; i++) {
    h ^= stream.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for simulation (not for secrets). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance(p: number): boolean {
      if (p <= 0) return false;
      if (p >= 1) return true;
      return next() < p;
    },
    hex(n: number): string {
      let out = '';
      while (out.length < n)
        out += Math.floor(next() * 0x10000)
          .toString(16)
          .padStart(4, '0');
      return out.slice(0, n);
    },
  };
}
