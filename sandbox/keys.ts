// API keys and the users behind them. A key belongs to one user (by e-mail); tasks, batches and
// quota belong to the user, limits and concurrency to the key.

import type { Clock } from './clock';
import { compileAllowlist } from './ip-allowlist';
import type { IpAllowlist } from './ip-allowlist';
import { DEFAULTS, DEFAULT_API_KEY, DEFAULT_EMAIL } from './options';
import type { KeySpec, UserSpec } from './options';
import { QuotaAccount } from './quota';
import { ALL_SCOPES } from './scopes';
import type { Scope } from './scopes';

export interface UserRecord {
  readonly email: string;
  active: boolean;
  readonly quota: QuotaAccount;
}

export interface KeyLimits {
  requestsPerWindow: number;
  submissionsPerWindow: number;
  concurrency: number;
}

export interface KeyRecord {
  readonly key: string;
  readonly user: UserRecord;
  scopes: ReadonlySet<Scope>;
  allowlist: IpAllowlist;
  limits: KeyLimits;
  disabled: boolean;
  /** Epoch ms, or null for never. */
  expiresAt: number | null;
}

/** What can be changed on a live key (control surface). */
export interface KeyPatch {
  scopes?: readonly Scope[];
  allowlist?: readonly string[];
  requestsPerWindow?: number;
  submissionsPerWindow?: number;
  concurrency?: number;
  disabled?: boolean;
  expiresAt?: Date | string | number | null;
}

function toEpochMs(value: Date | string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) throw new Error(`invalid expiresAt: ${String(value)}`);
  return ms;
}

export class KeyRegistry {
  private readonly byKey = new Map<string, KeyRecord>();
  private readonly byEmail = new Map<string, UserRecord>();

  constructor(
    private readonly clock: Clock,
    specs: readonly KeySpec[] | undefined,
  ) {
    const list = specs && specs.length > 0 ? specs : [{ key: DEFAULT_API_KEY }];
    for (const spec of list) this.add(spec);
  }

  /** The first key: what Sandbox.apiKey reports. */
  get firstKey(): KeyRecord {
    const first = this.byKey.values().next();
    if (first.done === true) throw new Error('sandbox has no keys');
    return first.value;
  }

  get(key: string): KeyRecord | undefined {
    return this.byKey.get(key);
  }

  user(email: string): UserRecord | undefined {
    return this.byEmail.get(email);
  }

  keys(): KeyRecord[] {
    return [...this.byKey.values()];
  }

  users(): UserRecord[] {
    return [...this.byEmail.values()];
  }

  /** Adds a key (replacing one with the same string); creates or updates its user. */
  add(spec: KeySpec): KeyRecord {
    if (spec.key.length === 0) throw new Error('a key must not be empty');
    const user = this.ensureUser(spec.email ?? DEFAULT_EMAIL, spec.user ?? {});
    const record: KeyRecord = {
      key: spec.key,
      user,
      scopes: new Set(spec.scopes ?? ALL_SCOPES),
      allowlist: compileAllowlist(spec.allowlist ?? []),
      limits: {
        requestsPerWindow: spec.requestsPerWindow ?? DEFAULTS.requestsPerWindow,
        submissionsPerWindow: spec.submissionsPerWindow ?? DEFAULTS.submissionsPerWindow,
        concurrency: spec.concurrency ?? DEFAULTS.concurrency,
      },
      disabled: spec.disabled ?? false,
      expiresAt: toEpochMs(spec.expiresAt),
    };
    this.byKey.set(spec.key, record);
    return record;
  }

  patch(key: string, patch: KeyPatch): KeyRecord {
    const record = this.byKey.get(key);
    if (!record) throw new Error(`unknown key`);
    if (patch.scopes !== undefined) record.scopes = new Set(patch.scopes);
    if (patch.allowlist !== undefined) record.allowlist = compileAllowlist(patch.allowlist);
    if (patch.requestsPerWindow !== undefined) {
      record.limits.requestsPerWindow = patch.requestsPerWindow;
    }
    if (patch.submissionsPerWindow !== undefined) {
      record.limits.submissionsPerWindow = patch.submissionsPerWindow;
    }
    if (patch.concurrency !== undefined) record.limits.concurrency = patch.concurrency;
    if (patch.disabled !== undefined) record.disabled = patch.disabled;
    if (patch.expiresAt !== undefined) record.expiresAt = toEpochMs(patch.expiresAt);
    return record;
  }

  /** Later specs for the same e-mail update the user's settings rather than forking it. */
  ensureUser(email: string, spec: UserSpec): UserRecord {
    const existing = this.byEmail.get(email);
    if (existing) {
      if (spec.active !== undefined) existing.active = spec.active;
      existing.quota.apply({
        accountType: spec.accountType,
        dailyLimit: spec.dailyQuota,
        unlimited: spec.unlimited,
        monthlyRemaining: spec.monthlyRemaining,
        monthlyBonusRemaining: spec.monthlyBonusRemaining,
        fixedRemaining: spec.fixedRemaining,
        nearestExpireAt: spec.nearestExpireAt,
      });
      return existing;
    }
    const user: UserRecord = {
      email,
      active: spec.active ?? true,
      quota: new QuotaAccount(this.clock, spec),
    };
    this.byEmail.set(email, user);
    return user;
  }
}
