// What a chaos run throws at MeterDesk, in two sizes. The quick profile runs in CI's slow project
// (`npm run test:slow`); the long one is `npm run chaos` and its figures go into docs/reliability.md.
import type { EngineConfig } from '../../main/engine/config';

/** The engine in the child process: real logic, timings scaled down so outages resolve fast. */
export const CHILD_ENGINE_CONFIG: Partial<EngineConfig> = {
  batchMode: 'auto',
  probeBaseMs: 100,
  probeCapMs: 800,
  quotaRecheckMs: 250,
  retryBaseMs: 50,
  retryCapMs: 800,
  // Longer than the simulated AI takes, so a task created by an upload cut off by a kill is
  // finished (and cached) before the photo is sent again.
  resumeGraceMs: 600,
};

export interface Span {
  /** Chance per tick that a span starts (when none is running). */
  readonly chance: number;
  /** Length in ticks, inclusive bounds. */
  readonly ticks: readonly [number, number];
}

export interface ChaosProfile {
  readonly name: 'quick' | 'long';
  /** Distinct photos rendered; duplicates and the usual bad files come on top. */
  readonly photos: number;
  readonly duplicates: number;
  /** One scheduling decision per tick. */
  readonly tickMs: number;
  /**
   * After this many ticks nothing new is injected and every fault is healed; kills and quota
   * episodes still due (a slow machine progresses less per tick) extend it up to four times.
   */
  readonly maxChaosTicks: number;
  /** Kills placed at seeded points of progress (fractions of files final). */
  readonly progressKills: number;
  /** Extra kills at random moments: chance per tick while the engine runs. */
  readonly randomKillChance: number;
  readonly networkDown: Span;
  readonly aiOffline: Span;
  readonly versionBumpChance: number;
  /** Quota runs out at seeded points of progress and comes back after a span. */
  readonly quotaEpisodes: number;
  readonly quotaHoldTicks: readonly [number, number];
  readonly faults: {
    readonly errorRate: number;
    readonly dropRate: number;
    readonly htmlErrorRate: number;
    readonly slowRate: number;
    readonly slowMs: readonly [number, number];
  };
  readonly ai: {
    readonly latencyMs: number;
    readonly jitterMs: number;
    readonly failureRate: number;
  };
  readonly limits: {
    readonly windowMs: number;
    readonly requestsPerWindow: number;
    readonly submissionsPerWindow: number;
    readonly concurrency: number;
  };
  /** Safety net only (never an assertion): how long the engine may take to finish once calm. */
  readonly settleBudgetMs: number;
  /**
   * Times a second process (`meter-desk run` on the same queue) is started while the engine
   * works: each must be refused and change nothing (one writer per queue).
   */
  readonly intruders: number;
}

const FAULTS = {
  errorRate: 0.1,
  dropRate: 0.05,
  htmlErrorRate: 0.03,
  slowRate: 0.05,
  slowMs: [200, 1_500],
} as const;

export const QUICK: ChaosProfile = {
  name: 'quick',
  photos: 150,
  duplicates: 6,
  tickMs: 100,
  maxChaosTicks: 350,
  progressKills: 4,
  randomKillChance: 0,
  networkDown: { chance: 0.01, ticks: [5, 15] },
  aiOffline: { chance: 0.006, ticks: [3, 8] },
  versionBumpChance: 0.01,
  quotaEpisodes: 1,
  quotaHoldTicks: [15, 30],
  faults: FAULTS,
  ai: { latencyMs: 120, jitterMs: 60, failureRate: 0.02 },
  limits: { windowMs: 2_000, requestsPerWindow: 120, submissionsPerWindow: 60, concurrency: 16 },
  settleBudgetMs: 60_000,
  intruders: 1,
};

export const LONG: ChaosProfile = {
  name: 'long',
  photos: 2_000,
  duplicates: 40,
  tickMs: 100,
  maxChaosTicks: 6_000,
  progressKills: 12,
  randomKillChance: 0.004,
  networkDown: { chance: 0.008, ticks: [5, 40] },
  aiOffline: { chance: 0.006, ticks: [5, 60] },
  versionBumpChance: 0.004,
  quotaEpisodes: 3,
  quotaHoldTicks: [10, 50],
  faults: FAULTS,
  ai: { latencyMs: 150, jitterMs: 80, failureRate: 0.01 },
  limits: { windowMs: 5_000, requestsPerWindow: 250, submissionsPerWindow: 120, concurrency: 16 },
  settleBudgetMs: 300_000,
  intruders: 4,
};
