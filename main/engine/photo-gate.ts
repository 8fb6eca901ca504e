// The quality check before upload, beside the uploads: queued photos are measured in a worker
// thread (main/photo-checks/) a few at a time; one that passes is picked by the dispatcher like
// any other, one that fails is held with its reason and costs no quota. The loop keeps sending
// the photos that passed while the rest are still being checked.
import { logged, type EngineMessage } from '../../common/engine-messages';
import { holdReasonOf, type PhotoMeasures } from '../../common/photo-checks';
import { sharedCheckPool, type CheckPool } from '../photo-checks/check-pool';
import { readThresholds } from '../photo-checks/thresholds';
import type { UncheckedPhoto } from '../store/job-photo-checks';
import type { Store } from '../store/store';
import type { CheckerHealth } from './checker-health';

/** Photos handed to the worker at once: one being measured, the next one ready behind it. */
const CHECKS_AT_ONCE = 2;

export interface PhotoGateDeps {
  readonly store: Store;
  /** false: photos go unchecked, and photos held before are sent (`--no-photo-checks`). */
  readonly on: boolean;
  /** Measures a photo; by default in a worker thread. */
  readonly measure?: (path: string) => Promise<PhotoMeasures>;
  readonly changed: (ids: readonly number[]) => void;
  /** A photo passed: the dispatcher may send it now. */
  readonly passed: () => void;
  /** Whether the checker can load at all; once it cannot, photos pass unchecked. */
  readonly health: CheckerHealth;
  readonly log: (line: string, message?: EngineMessage) => void;
}

export class PhotoGate {
  private readonly checking = new Set<number>();
  private running = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly d: PhotoGateDeps) {
    d.store.jobs.photoChecksFirst(d.on);
  }

  start(): void {
    if (!this.d.on) {
      const sent = this.d.store.jobs.sendHeldAnyway(this.d.store.jobs.heldPhotoIds());
      if (sent.length > 0) this.d.changed(sent);
      return;
    }
    this.running = true;
    if (!this.d.measure) this.workers().warm();
    this.kick();
  }

  /** Looks for photos to check (photos were added, or a check ended). */
  kick(): void {
    if (!this.running) return;
    const room = CHECKS_AT_ONCE - this.checking.size;
    if (room <= 0) return;
    const next = this.d.store.jobs
      .uncheckedPhotos(CHECKS_AT_ONCE + this.checking.size)
      .filter((p) => !this.checking.has(p.id))
      .slice(0, room);
    for (const photo of next) this.check(photo);
    if (this.checking.size === 0) this.idle();
  }

  /** Whether the checks run (started, on, not stopped). */
  get active(): boolean {
    return this.running;
  }

  /** Whether a photo is being checked. */
  get busy(): boolean {
    return this.checking.size > 0;
  }

  /** Resolves when no photo is being checked and none waits for it (at once when stopped). */
  whenIdle(): Promise<void> {
    if (!this.running || this.checking.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
    });
  }

  /**
   * Stops checking. A check in the worker is not waited for (its lane's deadline ends a hung one):
   * its answer is dropped, and the photo is checked again on the next start.
   */
  stop(): Promise<void> {
    this.running = false;
    this.idle();
    return Promise.resolve();
  }

  private idle(): void {
    const waiters = this.idleWaiters.splice(0);
    for (const w of waiters) w();
  }

  private measure(path: string): Promise<PhotoMeasures | null> {
    if (this.d.health.unavailable !== null) return Promise.resolve(null);
    if (this.d.measure) return this.d.measure(path);
    return this.workers().measure(path);
  }

  private workers(): CheckPool {
    return sharedCheckPool();
  }

  private check(photo: UncheckedPhoto): void {
    this.checking.add(photo.id);
    void this.measure(photo.path)
      // A photo the checker cannot decode is the service's to judge: it is not held. Neither is
      // one no photo could be checked for (the checker did not load: said once, in health).
      .then(
        (measures) => measures,
        (error: unknown) => {
          if (this.d.health.noted(error)) return null;
          const detail = `photo check of ${photo.path}: ${error instanceof Error ? error.message : String(error)}`;
          this.d.log(...logged('unexpectedError', { detail }));
          return null;
        },
      )
      .then((measures) => {
        if (!this.running) return;
        const thresholds = readThresholds(this.d.store.settings);
        const hold = measures ? holdReasonOf(measures, thresholds) : null;
        const outcome = { measures, hold, minShortSide: thresholds.minShortSide };
        if (this.d.store.jobs.recordCheck(photo.id, outcome)) this.d.changed([photo.id]);
        if (!hold) this.d.passed();
      })
      .catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        this.d.log(...logged('unexpectedError', { detail }));
      })
      .finally(() => {
        this.checking.delete(photo.id);
        this.kick();
      });
  }
}
