// What this deployment of the service accepts, where the spec leaves it open ("not shown"): list
// `limit` bounds, files per batch, whether batches are taken at all (the CAD service takes none),
// which endpoints the key's scopes allow, and the service's own namespace (its default business).
// Learned from answers, never assumed. A limit learned from a refusal is remembered for a day
// per service and then tried again; a missing batch endpoint or permission is re-checked within a
// run. Nothing is a permanent downgrade.
import { MAX_BATCH_BYTES, MAX_BATCH_FILES } from '../../common/job';
import type { DeploymentView, Permission } from '../../common/engine-status';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { statedByteLimit } from './byte-limit';

/** GET /tasks `limit` tried first, and the smallest one worth a list request. */
export const LIST_LIMIT_START = 100;
const LIST_LIMIT_MIN = 5;
/** The spec's "20MB" read in decimal megabytes, the smaller of its two readings. */
const SPEC_MB_FLOOR = 20_000_000;
/** Learned limits are tried afresh after this long: a deployment may be reconfigured. */
const RELEARN_AFTER_MS = 24 * 60 * 60_000;

export interface DeploymentTimings {
  /** After batches were refused as unsupported (not CAD by name), try one again after this. */
  readonly batchRecheckMs: number;
  /** After a 403 for one endpoint, ask it again after this. */
  readonly permissionRecheckMs: number;
}

interface Learned {
  readonly value: number;
  readonly at: number;
}

interface Remembered {
  batchMaxFiles?: Learned;
  /** File content per upload, learned from a 413; `stated` when the service said the figure. */
  batchMaxBytes?: Learned & { readonly stated: boolean };
  /** The most file content one upload carried and the service took. */
  provenBytes?: Learned;
  listLimit?: Learned;
  /** When a run last heard that the key may read tasks one by one (a run's first question). */
  taskReads?: Learned;
  /** When the service last refused batches as unsupported, and in what words. */
  batchesRefusedAt?: number;
  batchesRefusedWhy?: string;
}

export class Deployment {
  private readonly key: string;
  private remembered: Remembered;
  private namespaceValue: string | null = null;
  private cadByName = false;
  private readonly denied = new Map<Permission, { message: string; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    serviceId: string,
    private readonly timings: DeploymentTimings,
  ) {
    this.key = `deployment:${serviceId}`;
    this.remembered = store.settings.get<Remembered>(this.key, {});
  }

  // ---- the service's own namespace ---------------------------------------------------------------

  /** From AI status: `current_ai_version` is namespace:version (spec 2.4). */
  sawAiVersion(currentAiVersion: string | undefined): void {
    const namespace = currentAiVersion?.split(':')[0]?.trim() ?? '';
    if (namespace === '') return;
    this.namespaceValue = namespace;
    // The CAD service has no batch endpoint (spec 1.8); its namespace names it.
    this.cadByName = namespace.toUpperCase() === 'CAD';
  }

  get namespace(): string | null {
    return this.namespaceValue;
  }

  /**
   * Whether photos of `business` can go as single tasks. The single-task endpoint has no business
   * field: only the service's own namespace (its default) may use it. Without AI status (a key
   * without that permission) the default is not known, so a named business goes in batches.
   */
  singleTasksCarry(business: string | null): boolean {
    return business === null || business === this.namespaceValue;
  }

  // ---- batches ---------------------------------------------------------------------------------------

  /** Why batches cannot be used now, or null when they can. */
  batchesUnavailable(): string | null {
    if (this.cadByName) return 'the deployed service is CAD, which takes single tasks only';
    const denied = this.deniedMessage('create_batch');
    if (denied) return denied;
    const at = this.remembered.batchesRefusedAt;
    if (at !== undefined && at + this.timings.batchRecheckMs > this.clock.now()) {
      return this.remembered.batchesRefusedWhy ?? 'the service refused batches';
    }
    return null;
  }

  /** The service refused batches as unsupported: single tasks for a while, then one batch again. */
  refuseBatches(why: string): void {
    this.remember({ batchesRefusedAt: this.clock.now(), batchesRefusedWhy: why });
  }

  get batchMaxFiles(): number {
    return this.fresh(this.remembered.batchMaxFiles) ?? MAX_BATCH_FILES;
  }

  /** A batch of `sent` files was refused as too many; `max` when the service said the number. */
  shrinkBatches(sent: number, max: number | null): number {
    const next = Math.max(1, Math.min(sent - 1, max ?? Math.floor(sent / 2)));
    this.remember({ batchMaxFiles: { value: next, at: this.clock.now() } });
    return next;
  }

  /** File content one upload may carry: "20MB" may mean 20 MiB or 20,000,000 bytes. */
  get batchMaxBytes(): number {
    return this.fresh(this.remembered.batchMaxBytes) ?? MAX_BATCH_BYTES;
  }

  /**
   * File content an upload is known to be taken with; more is untried on this deployment. Until a
   * 413 says otherwise, the spec's "20MB" in its smaller reading is taken for granted (only the
   * unit is open, so only what lies between 20,000,000 bytes and 20 MiB is untried); after one,
   * the limit it stated; below a halved guess, only what was taken.
   */
  get provenBytes(): number {
    const learned = this.remembered.batchMaxBytes;
    const floor =
      this.fresh(learned) === null ? SPEC_MB_FLOOR : learned?.stated ? learned.value : 0;
    const proven = Math.max(floor, this.fresh(this.remembered.provenBytes) ?? 0);
    return Math.min(proven, this.batchMaxBytes);
  }

  /** An upload of `bytes` of file content was taken. */
  accepted(bytes: number): void {
    if (bytes <= this.provenBytes) return;
    this.remember({ provenBytes: { value: bytes, at: this.clock.now() } });
  }

  /**
   * An upload of `sent` bytes (`several` photos or one) was refused with 413 and these words.
   * Without a stated figure, a batch's limit is halved (a few refusals find it); one photo's
   * refusal then says nothing of the others.
   */
  shrinkBytes(sent: number, serviceSays: string, several: boolean): void {
    const stated = statedByteLimit(serviceSays, sent);
    if (stated === null && !several) return;
    const value = stated ?? Math.max(1, Math.floor(sent / 2));
    this.remember({ batchMaxBytes: { value, at: this.clock.now(), stated: stated !== null } });
  }

  /**
   * The limit a photo of `size` bytes is over, once the service stated its limit (a halved guess
   * refuses nothing: the photo is sent, and the service says); null while it may be sent.
   */
  photoOverLimit(size: number): number | null {
    const learned = this.remembered.batchMaxBytes;
    if (!learned?.stated || this.fresh(learned) === null) return null;
    return size > learned.value ? learned.value : null;
  }

  // ---- list polling -------------------------------------------------------------------------------

  /** The `limit` to ask GET /tasks for, or null while list polling is not usable. */
  get listLimit(): number | null {
    if (this.deniedMessage('list_tasks')) return null;
    const learned = this.fresh(this.remembered.listLimit);
    return learned === null ? LIST_LIMIT_START : learned >= LIST_LIMIT_MIN ? learned : null;
  }

  /** A list request with `tried` was refused (400/422); `max` when the service said its bound. */
  shrinkList(tried: number, max: number | null): void {
    // A bound the limit already keeps to: the refusal was of a list sent before the limit was
    // lowered (LISTS_IN_FLIGHT lists at once, each refused in turn), and teaches nothing new.
    // Halving again took a 50-task deployment down to 25 when two refusals crossed.
    if (max !== null && max >= tried) return;
    const next = max !== null && max < tried ? max : Math.floor(tried / 2);
    this.remember({ listLimit: { value: Math.max(0, next), at: this.clock.now() } });
  }

  // ---- permissions ---------------------------------------------------------------------------------

  deny(permission: Permission, message: string): void {
    this.denied.set(permission, {
      message,
      until: this.clock.now() + this.timings.permissionRecheckMs,
    });
    if (permission === 'get_task' && this.remembered.taskReads) {
      this.remember({ taskReads: undefined });
    }
  }

  /** The key was seen to read tasks (a task that cannot exist answered 404): told to next runs. */
  sawTaskReads(): void {
    this.remember({ taskReads: { value: 1, at: this.clock.now() } });
  }

  /**
   * A run of the last day heard that the key may read tasks, and nothing has refused it since: a
   * run's first photo may go as a single task before this run's own question is answered. Taken
   * away mid-run, a single task is followed as any task whose reads went (task-reads-denied.ts).
   */
  get taskReadsRemembered(): boolean {
    return this.fresh(this.remembered.taskReads) !== null && !this.deniedMessage('get_task');
  }

  /** A call to this endpoint succeeded: whatever was denied before is allowed now. */
  allow(permission: Permission): void {
    this.denied.delete(permission);
  }

  /** The message of a 403 for this endpoint, while it is not yet time to ask again. */
  deniedMessage(permission: Permission): string | null {
    const d = this.denied.get(permission);
    return d && d.until > this.clock.now() ? d.message : null;
  }

  /** Forget the 403s: the person says the key was fixed. */
  forgetDenials(): void {
    this.denied.clear();
  }

  view(): DeploymentView {
    const denied: DeploymentView['denied'] = {};
    for (const p of this.denied.keys()) {
      const message = this.deniedMessage(p);
      if (message) denied[p] = message;
    }
    return {
      namespace: this.namespaceValue,
      batchesUnavailable: this.batchesUnavailable(),
      batchMaxFiles: this.batchMaxFiles,
      listLimit: this.listLimit,
      denied,
    };
  }

  private fresh(learned: Learned | undefined): number | null {
    return learned && this.clock.now() - learned.at < RELEARN_AFTER_MS ? learned.value : null;
  }

  private remember(patch: Remembered): void {
    this.remembered = { ...this.remembered, ...patch };
    this.store.settings.set(this.key, this.remembered);
  }
}
