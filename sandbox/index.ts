// Public entry: createSandbox() starts a faithful local implementation of the Meter-Reading OCR
// API (../shared/spec/meter-ocr-api.md) over real HTTP. It stands for the remote service and
// imports nothing of the client. See README.md for the rules and the decisions it takes.

import { buildContext } from './context';
import { createControl } from './control';
import type { SandboxControl } from './control';
import type { SandboxLedger } from './ledger';
import { DEFAULTS } from './options';
import type { SandboxOptions } from './options';
import { profileOptions } from './profiles';
import { startServer } from './server';

export interface Sandbox {
  /** http://127.0.0.1:PORT (or http://[::1]:PORT) */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  /** The first configured key (by default a full-scope key, DEFAULT_API_KEY). */
  readonly apiKey: string;
  /** Every configured key, in order. */
  readonly keys: readonly string[];
  readonly control: SandboxControl;
  readonly ledger: SandboxLedger;
  /** Ends every socket and timer; resolves when the port is free. */
  close(): Promise<void>;
}

/**
 * Starts a sandbox. With `profile`, the named deployment profile (profiles.ts) is the base and
 * the other options win over it (profileOptions). Throws for an unknown profile or a bad option.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { profile, ...rest } = options;
  const effective = profile === undefined ? rest : profileOptions(profile, rest);
  const ctx = buildContext(effective, profile ?? null);
  const control = createControl(ctx);
  const running = await startServer(
    ctx,
    control,
    effective.host ?? DEFAULTS.host,
    effective.port ?? DEFAULTS.port,
  );
  const book = ctx.ledger;
  // Read-only view: the writer methods of the ledger stay inside the service.
  const ledger: SandboxLedger = {
    tasks: () => book.tasks(),
    task: (id) => book.task(id),
    batches: () => book.batches(),
    quotaCharges: () => book.quotaCharges(),
    counts: () => book.counts(),
    faults: () => book.faults(),
    snapshot: () => book.snapshot(),
    keyId: (key) => book.keyId(key),
  };
  return {
    url: running.url,
    port: running.port,
    host: running.host,
    apiKey: ctx.keys.firstKey.key,
    keys: ctx.keys.keys().map((k) => k.key),
    control,
    ledger,
    close: () => running.close(),
  };
}

export type { SandboxControl, SandboxState, AiPatch, QuotaControlPatch } from './control';
export type { DeploymentPatch, DeploymentSettings, UploadLimitsPatch } from './control';
export {
  DEPLOYMENT_PROFILES,
  PAID_NEAREST_EXPIRE_AT,
  PROFILE_NAMES,
  isDeploymentProfile,
  profileOptions,
} from './profiles';
export type { DeploymentProfile, DeploymentProfileSpec, ProfileOptions } from './profiles';
export type {
  SandboxLedger,
  LedgerTaskEntry,
  LedgerBatchEntry,
  LedgerFaultEntry,
  LedgerCounts,
  LedgerSnapshot,
  FaultKind,
  RejectionKind,
} from './ledger';
export type {
  SandboxOptions,
  KeySpec,
  UserSpec,
  AiOptions,
  FaultOptions,
  AccountType,
  DeploymentService,
  ErrorStyle,
  QuotaRemainingMode,
  CreationIsLatest,
  ListLimitOptions,
  ListLimitOver,
  BatchOverflowOptions,
} from './options';
export { DEFAULT_API_KEY, DEFAULT_EMAIL, DEFAULTS, MIB, UNLIMITED_REMAINING } from './options';
export type { KeyPatch } from './keys';
export type { QuotaView, QuotaPatch } from './quota';
export { ALL_SCOPES } from './scopes';
export type { Scope } from './scopes';
export { findReadingMarker, readImageReading, readingFromHash, READING_MARKER } from './reading';
export type { MeterReading, ImageReading } from './reading';
