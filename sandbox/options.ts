// Everything createSandbox() accepts. Every field is optional: createSandbox() alone gives a
// fast, generous service for the demo. Tests narrow the windows and the latency.

import type { DeploymentProfile } from './profiles';
import type { Scope } from './scopes';

export type AccountType = 'free' | 'paid';
export type DeploymentService = 'standard' | 'CAD';
/** 'sandbox': {ok:false,error,message}; 'detail': FastAPI-style {detail:"<sentence>"}. */
export type ErrorStyle = 'sandbox' | 'detail';
/**
 * What quota.remaining counts: net of in-flight reservations, pools minus charges only, or the
 * daily pool alone (0 for a paid account without one, whatever its packages hold).
 */
export type QuotaRemainingMode = 'available' | 'gross' | 'daily';
/** 'always-false': creation answers say is_latest_ai_version false whatever the result. */
export type CreationIsLatest = 'spec' | 'always-false';
/** What GET /api/open/tasks does with a limit above the maximum. */
export type ListLimitOver = 'cap' | 400 | 422;

/** Bounds of GET /api/open/tasks?limit (spec 4.5: "not shown"). */
export interface ListLimitOptions {
  /** Items when limit is absent. Default 20. */
  default?: number;
  /** Largest limit served. Default 100. */
  max?: number;
  /** Above max: 'cap' serves max (default), 400 sandbox-style body, 422 FastAPI validation body. */
  over?: ListLimitOver;
}

export interface BatchOverflowOptions {
  /** Whether the too-many-files 400 names the maximum. Default true. */
  tellsLimit: boolean;
}

/** The account behind one or more keys. Keys naming the same email share tasks and quota. */
export interface UserSpec {
  /** false: every request of its keys gets 403 (spec 5.5). Default true. */
  active?: boolean;
  /** Default 'free'. A free account spends its daily quota first (spec 8.4.2). */
  accountType?: AccountType;
  /** Daily quota of a free account. Default 500. */
  dailyQuota?: number;
  /** Never runs out; quota.remaining then reports UNLIMITED_REMAINING. Default false. */
  unlimited?: boolean;
  /** Periodic-package quota, spent after the daily quota (paid: first). Default 0. */
  monthlyRemaining?: number;
  monthlyBonusRemaining?: number;
  /** Temporary or fixed quota, spent last. Default 0. */
  fixedRemaining?: number;
  /** Reported as quota.nearest_expire_at. Default null. */
  nearestExpireAt?: string | null;
}

export interface KeySpec {
  /** The bearer token. */
  key: string;
  /** The owning user's e-mail. Default DEFAULT_EMAIL. */
  email?: string;
  /** User settings; merged over earlier keys of the same email. */
  user?: UserSpec;
  /** Default: every scope (ALL_SCOPES). */
  scopes?: readonly Scope[];
  /** IPv4, IPv6 or CIDR entries; empty or absent: any address. */
  allowlist?: readonly string[];
  /** Requests per window (every valid-key request). Default 600. */
  requestsPerWindow?: number;
  /** Task submissions per window (a batch: one per file). Default 300. */
  submissionsPerWindow?: number;
  /** Non-final tasks the key may have at once. Default 16. */
  concurrency?: number;
  /** 401 when true. */
  disabled?: boolean;
  /** 401 at or after this instant (sandbox clock). Date, ISO string or epoch ms. */
  expiresAt?: Date | string | number | null;
}

export interface AiOptions {
  /** Default true. */
  online?: boolean;
  /** Mean time from submission to a final result, ms. Default 400. */
  latencyMs?: number;
  /** Uniform +/- spread around latencyMs (seeded). Default 100. */
  jitterMs?: number;
  /** Probability that an AI run fails. Default 0. */
  failureRate?: number;
  /** Downstream service namespace, also the default business. Default 'water_v3_meter'. */
  namespace?: string;
  /** AI version label. Default 'v3.2'. */
  version?: string;
  /** After this many AI runs end, the version moves to the next label (v3.2 → v3.3), once. */
  versionSwitchAfter?: number;
  /** Tasks the simulated AI works on at once; the rest wait in its queue. Default 64. */
  parallel?: number;
}

export interface FaultOptions {
  /** Probability that a request is answered with a JSON 5xx before it reaches the service. */
  errorRate?: number;
  /** Status used for errorRate faults. Default 503. */
  errorStatus?: number;
  /** Probability of a proxy-style 502 text/html page before the service. */
  htmlErrorRate?: number;
  /** Probability that the socket is destroyed before the request is processed. */
  dropRate?: number;
  /** Probability that the request IS processed but the socket is destroyed instead of answering. */
  dropAfterRate?: number;
  /** Probability that a response is held back by slowMs. */
  slowRate?: number;
  /** Delay added to slow responses, ms. */
  slowMs?: number;
  /** Destroy every non-control request's socket at once. */
  networkDown?: boolean;
  /**
   * GET /api/open/tasks (the list) is answered with this status by the service itself (after
   * authentication and scope: a broken list query), JSON `{ok:false,error:'internal_error'}`; 0: off.
   */
  listErrorStatus?: number;
  /** Every list answer is held back this long, ms (a slow list query); 0: off. */
  listDelayMs?: number;
  /** GET /api/open/ai-status answers this status (its own check of the AI failed); 0: off. */
  aiStatusErrorStatus?: number;
  /**
   * A maintenance window of this many ms (real time) from creation or from setFaults: every API
   * request is answered 503 `{ok:false,error:'maintenance',message}` with `Retry-After: 1`.
   */
  maintenanceMs?: number;
  /** Concurrency slots of every key held by another program sharing it (they count as active). */
  heldSlots?: number;
  /** false: a concurrency 429 carries the X-ConcurrencyLimit-* headers but no Retry-After (7.3). */
  concurrencyRetryAfter?: boolean;
}

export interface SandboxOptions {
  /** Default '127.0.0.1'; '::1' and '0.0.0.0' work too. */
  host?: string;
  /** Default 0: a random free port. */
  port?: number;
  /** Default: one full-scope key, DEFAULT_API_KEY. The first key is Sandbox.apiKey. */
  keys?: readonly KeySpec[];
  /** Length of the fixed per-key windows, ms. Default 60000 (the spec's "per minute"). */
  windowMs?: number;
  /** Files per batch. Default 8. */
  batchMaxFiles?: number;
  /** Per file, bytes. Default 20 MiB = 20 * 1024 * 1024 (the spec's "20MB"). */
  maxFileBytes?: number;
  /** Total file content per batch, bytes. Default 20 MiB. */
  maxBatchBytes?: number;
  /**
   * What "MB" means in the limits and in the 413 message: 'binary' (default) 1,048,576 bytes, the
   * message also stating the byte count; 'decimal' 1,000,000 bytes (the limits default to
   * 20,000,000), the message stating only the figure in MB, as such a deployment would.
   */
  megabyte?: Megabyte;
  /** 'CAD' refuses POST /batches with 400 {detail}. Default 'standard'. */
  service?: DeploymentService;
  /** Whether business water_v3_foreign is served (else 409). Default false. */
  foreignEnabled?: boolean;
  ai?: AiOptions;
  faults?: FaultOptions;
  /** Seed of every random stream. Default 1. */
  seed?: number;
  /** Wall clock, ms since epoch. Default Date.now. */
  now?: () => number;
  /** List items carry {} as result_summary (the spec allows it). Default false: full object. */
  emptyListSummaries?: boolean;
  /** Use the first X-Forwarded-For entry as the client address for allowlists. Default false. */
  trustForwardedFor?: boolean;
  /** Serve /__sandbox/... to loopback peers. Default true. */
  controlHttp?: boolean;
  /** Start from a named deployment profile (profiles.ts); the other options here win over it. */
  profile?: DeploymentProfile;
  /** Bounds of the list endpoint's limit. Default {default: 20, max: 100, over: 'cap'}. */
  listLimit?: ListLimitOptions;
  /** Shape of every 400/409/422 body of the public API. Default 'sandbox'. */
  errorStyle?: ErrorStyle;
  /** The too-many-files 400. Default {tellsLimit: true}. */
  batchOverflow?: BatchOverflowOptions;
  /** What quota.remaining (GET quota, 429 body) counts. Default 'available'. */
  quotaRemaining?: QuotaRemainingMode;
  /** is_latest_ai_version in creation answers. Default 'spec' (the task's real value). */
  creationIsLatest?: CreationIsLatest;
  /** Every public-API answer is held back this long: a fixed network round trip. Default 0. */
  requestLatencyMs?: number;
}

export type Megabyte = 'binary' | 'decimal';

export const DEFAULT_API_KEY = 'md_sandbox_key_0000000000000000';
export const DEFAULT_EMAIL = 'demo@meterdesk.test';
export const MIB = 1024 * 1024;

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 0,
  windowMs: 60_000,
  batchMaxFiles: 8,
  maxFileBytes: 20 * MIB,
  maxBatchBytes: 20 * MIB,
  service: 'standard' as DeploymentService,
  foreignEnabled: false,
  listLimit: { default: 20, max: 100, over: 'cap' as ListLimitOver },
  errorStyle: 'sandbox' as ErrorStyle,
  batchOverflow: { tellsLimit: true },
  quotaRemaining: 'available' as QuotaRemainingMode,
  creationIsLatest: 'spec' as CreationIsLatest,
  requestLatencyMs: 0,
  seed: 1,
  requestsPerWindow: 600,
  submissionsPerWindow: 300,
  concurrency: 16,
  dailyQuota: 500,
  ai: {
    online: true,
    latencyMs: 400,
    jitterMs: 100,
    failureRate: 0,
    namespace: 'water_v3_meter',
    version: 'v3.2',
    parallel: 64,
  },
} as const;

/** quota.remaining reported for an unlimited account (JSON has no infinity). */
export const UNLIMITED_REMAINING = 2_147_483_647;
