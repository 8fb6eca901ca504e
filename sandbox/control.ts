// The programmatic control surface (Sandbox.control): what a test, demo or chaos run changes
// while the service runs. control-http.ts exposes the same operations under /__sandbox/.

import type { AiSettings } from './ai-sim';
import { isoUtc } from './clock';
import type { SandboxContext } from './context';
import { applyDeployment, deploymentView } from './deployment';
import type { DeploymentPatch, DeploymentSettings } from './deployment';
import type { FaultSettings } from './faults';
import type { KeyPatch } from './keys';
import type { FaultOptions, KeySpec } from './options';
import type { QuotaPatch, QuotaView } from './quota';
import type { Scope } from './scopes';

export interface AiPatch {
  online?: boolean;
  latencyMs?: number;
  jitterMs?: number;
  failureRate?: number;
  parallel?: number;
  /** Namespace of tasks created from now on (current_ai_version = namespace:version). */
  namespace?: string;
}

export interface QuotaControlPatch extends QuotaPatch {
  /** Whose quota; default: the first key's user. */
  email?: string;
}

export type { DeploymentPatch, DeploymentSettings };

export interface UploadLimitsPatch {
  batchMaxFiles?: number;
  maxFileBytes?: number;
  maxBatchBytes?: number;
}

export interface SandboxState {
  readonly now: string;
  readonly clockOffsetMs: number;
  readonly ai: Readonly<AiSettings> & { readonly currentAiVersion: string };
  readonly faults: Readonly<FaultSettings>;
  /** The profile the sandbox was created with (null: none); later changes do not rename it. */
  readonly profile: string | null;
  readonly deployment: Readonly<DeploymentSettings>;
  readonly windowMs: number;
  readonly upload: Required<UploadLimitsPatch>;
  readonly emptyListSummaries: boolean;
  readonly keys: readonly {
    readonly keyId: string;
    readonly email: string;
    readonly scopes: readonly Scope[];
    readonly allowlist: readonly string[];
    readonly requestsPerWindow: number;
    readonly submissionsPerWindow: number;
    readonly concurrency: number;
    readonly active: number;
    readonly disabled: boolean;
    readonly expiresAt: string | null;
  }[];
  readonly users: readonly {
    readonly email: string;
    readonly active: boolean;
    readonly quota: QuotaView;
  }[];
  readonly tasks: number;
}

export interface SandboxControl {
  setAiOnline(online: boolean): void;
  setAi(patch: AiPatch): void;
  /** New version label (default: last number + 1, v3.2 -> v3.3); returns `namespace:version`. */
  bumpAiVersion(version?: string): string;
  setFaults(patch: FaultOptions): void;
  clearFaults(): void;
  setNetworkDown(down: boolean): void;
  setQuota(patch: QuotaControlPatch): QuotaView;
  /** Today's used count back to 0. */
  resetQuota(email?: string): QuotaView;
  /** Validates the whole patch (throws on a bad value, changing nothing), then applies it. */
  setDeployment(patch: DeploymentPatch): void;
  /** Adds (or replaces) a key. */
  addKey(spec: KeySpec): void;
  updateKey(key: string, patch: KeyPatch): void;
  setUserActive(email: string, active: boolean): void;
  setWindowMs(ms: number): void;
  setUploadLimits(patch: UploadLimitsPatch): void;
  setEmptyListSummaries(empty: boolean): void;
  /** Moves the sandbox clock (created_at, windows, quota day) forward by ms. */
  advanceClock(ms: number): void;
  state(): SandboxState;
}

export function createControl(ctx: SandboxContext): SandboxControl {
  const userOf = (email: string | undefined) => {
    const target = email ?? ctx.keys.firstKey.user.email;
    const user = ctx.keys.user(target);
    if (!user) throw new Error(`unknown user: ${target}`);
    return user;
  };

  return {
    setAiOnline(online) {
      ctx.ai.setOnline(online);
    },
    setAi(patch) {
      ctx.ai.update(patch);
      if (patch.online !== undefined) ctx.ai.setOnline(patch.online);
    },
    bumpAiVersion(version) {
      return ctx.ai.bumpVersion(version);
    },
    setFaults(patch) {
      ctx.faults.update(patch);
    },
    clearFaults() {
      ctx.faults.clear();
    },
    setNetworkDown(down) {
      ctx.faults.update({ networkDown: down });
    },
    setQuota(patch) {
      const { email, ...rest } = patch;
      const user = userOf(email);
      user.quota.apply(rest);
      return user.quota.view(ctx.deployment.quotaRemaining);
    },
    resetQuota(email) {
      const user = userOf(email);
      user.quota.resetDay();
      return user.quota.view(ctx.deployment.quotaRemaining);
    },
    setDeployment(patch) {
      applyDeployment(ctx.deployment, patch);
    },
    addKey(spec) {
      ctx.keys.add(spec);
    },
    updateKey(key, patch) {
      ctx.keys.patch(key, patch);
    },
    setUserActive(email, active) {
      userOf(email).active = active;
    },
    setWindowMs(ms) {
      if (!(ms > 0)) throw new Error('windowMs must be positive');
      ctx.limiter.windowMs = ms;
    },
    setUploadLimits(patch) {
      if (patch.batchMaxFiles !== undefined) ctx.config.batchMaxFiles = patch.batchMaxFiles;
      if (patch.maxFileBytes !== undefined) ctx.config.maxFileBytes = patch.maxFileBytes;
      if (patch.maxBatchBytes !== undefined) ctx.config.maxBatchBytes = patch.maxBatchBytes;
    },
    setEmptyListSummaries(empty) {
      ctx.config.emptyListSummaries = empty;
    },
    advanceClock(ms) {
      ctx.clock.advance(ms);
    },
    state() {
      const { config } = ctx;
      return {
        now: isoUtc(ctx.clock.now()),
        clockOffsetMs: ctx.clock.offsetMs,
        ai: { ...ctx.ai.snapshot(), currentAiVersion: ctx.ai.currentVersion },
        faults: { ...ctx.faults.settings },
        profile: config.profile,
        deployment: deploymentView(ctx.deployment),
        windowMs: ctx.limiter.windowMs,
        upload: {
          batchMaxFiles: config.batchMaxFiles,
          maxFileBytes: config.maxFileBytes,
          maxBatchBytes: config.maxBatchBytes,
        },
        emptyListSummaries: config.emptyListSummaries,
        keys: ctx.keys.keys().map((k) => ({
          keyId: ctx.ledger.keyId(k.key),
          email: k.user.email,
          scopes: [...k.scopes],
          allowlist: [...k.allowlist.entries],
          requestsPerWindow: k.limits.requestsPerWindow,
          submissionsPerWindow: k.limits.submissionsPerWindow,
          concurrency: k.limits.concurrency,
          active: ctx.limiter.active(k.key),
          disabled: k.disabled,
          expiresAt: k.expiresAt === null ? null : isoUtc(k.expiresAt),
        })),
        users: ctx.keys.users().map((u) => ({
          email: u.email,
          active: u.active,
          quota: u.quota.view(ctx.deployment.quotaRemaining),
        })),
        tasks: ctx.tasks.size,
      };
    },
  };
}
