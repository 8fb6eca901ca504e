// The seeded plan of a chaos run. Everything random about a run comes from here (plus the
// sandbox's own seeded fault stream), so a seed replays the same plan: the same kills at the same
// points of progress, the same spans and bumps at the same ticks. Each tick draws a fixed number of
// values whatever happens, so tick n sees the same draws in every replay of the seed. (Real
// processes and sockets still interleave differently from one replay to the next; the checks
// are invariants that must hold for every interleaving.)
import { createRng, deriveSeed, type Rng } from '../../sandbox/samples/random';
import type { ChaosProfile } from './chaos-config';

export type KillMode =
  /** At the tick the point of progress is reached, whatever the engine is doing. */
  | 'anytime'
  /** Once the point is reached, at the first moment an upload is in flight. */
  | 'in_upload';

export interface KillPoint {
  /** Share of files final when the kill is due. */
  readonly at: number;
  readonly mode: KillMode;
}

export interface QuotaEpisode {
  /** Share of files final when the quota runs out. */
  readonly at: number;
  /** Fresh readings still allowed when it does (a few, so a batch may not fit). */
  readonly leftOver: number;
  readonly holdTicks: number;
}

/** What one tick may do; drawn whether or not it is used. */
export interface TickDraw {
  readonly kill: number;
  readonly netStart: number;
  readonly netTicks: number;
  readonly aiStart: number;
  readonly aiTicks: number;
  readonly bump: number;
  readonly vary: number;
  readonly slowMs: number;
  readonly errorStatus: number;
}

export interface ChaosPlan {
  readonly seed: number;
  readonly kills: readonly KillPoint[];
  readonly quota: readonly QuotaEpisode[];
  /** However the dice fall, every run has at least one network loss, AI outage and bump. */
  readonly firstNetworkDownTick: number;
  readonly firstAiOfflineTick: number;
  readonly firstBumpTick: number;
  /** Deterministic per tick. */
  tick(): TickDraw;
  /** Ticks to wait before the n-th restart. */
  restartDelay(): number;
}

const ERROR_STATUSES = [500, 502, 503, 504] as const;

function spanLength(rng: Rng, [min, max]: readonly [number, number]): number {
  return rng.int(min, max);
}

export function makePlan(seed: number, profile: ChaosProfile): ChaosPlan {
  const up = createRng(deriveSeed(seed, 'chaos-plan'));
  const kills: KillPoint[] = Array.from({ length: profile.progressKills }, () => ({
    at: up.range(0.02, 0.92),
    mode: up.chance(0.6) ? ('in_upload' as const) : ('anytime' as const),
  })).sort((a, b) => a.at - b.at);
  // The first kill of a long run lands while the folder is still being scanned.
  if (profile.name === 'long') kills.unshift({ at: 0, mode: 'anytime' });
  const quota: QuotaEpisode[] = Array.from({ length: profile.quotaEpisodes }, () => ({
    at: up.range(0.1, 0.8),
    leftOver: up.int(0, 6),
    holdTicks: spanLength(up, profile.quotaHoldTicks),
  })).sort((a, b) => a.at - b.at);

  const firstNetworkDownTick = up.int(10, 60);
  const firstAiOfflineTick = up.int(10, 60);
  const firstBumpTick = up.int(10, 80);
  const ticks = createRng(deriveSeed(seed, 'chaos-ticks'));
  const restarts = createRng(deriveSeed(seed, 'chaos-restarts'));
  return {
    seed,
    kills,
    quota,
    firstNetworkDownTick,
    firstAiOfflineTick,
    firstBumpTick,
    tick: () => ({
      kill: ticks.next(),
      netStart: ticks.next(),
      netTicks: spanLength(ticks, profile.networkDown.ticks),
      aiStart: ticks.next(),
      aiTicks: spanLength(ticks, profile.aiOffline.ticks),
      bump: ticks.next(),
      vary: ticks.next(),
      slowMs: ticks.int(profile.faults.slowMs[0], profile.faults.slowMs[1]),
      errorStatus: ERROR_STATUSES[ticks.int(0, ERROR_STATUSES.length - 1)] ?? 503,
    }),
    restartDelay: () => restarts.int(0, 5),
  };
}
