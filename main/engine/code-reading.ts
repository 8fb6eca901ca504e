// The meter's identity from its code (issue 25), beside the uploads: once a photo has been through
// the quality check, the codes on it (a serial sticker) are read in the photo-check pool's own
// lane and kept with the photo. Uploads never wait for them; the end of a run does (issue 34): a
// photo's code is part of its result, and a swapped or unnamed photo is only caught once it is
// read.
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { PhotoCode } from '../../common/photo-codes';
import { codesRead } from '../billing/routes';
import { CODE_LANES, sharedCheckPool } from '../photo-checks/check-pool';
import { PhotoCheckError } from '../photo-checks/check-lane';
import type { UnreadPhoto } from '../store/job-photo-codes';
import type { Store } from '../store/store';
import type { CheckerHealth } from './checker-health';

export interface CodeReadingDeps {
  readonly store: Store;
  /** false: no codes are read (`--no-photo-checks`). */
  readonly on: boolean;
  /** Reads the codes on a photo; by default in the photo-check pool's code lane. */
  readonly read?: (path: string) => Promise<PhotoCode[]>;
  readonly changed: (ids: readonly number[]) => void;
  /** Whether the checker can load at all; once it cannot, photos are kept with no code read. */
  readonly health: CheckerHealth;
  /** The engine's clock (ms): a photo matched by its code has its meter checked as of now. */
  readonly now: () => number;
  readonly log: (line: string, message?: EngineMessage) => void;
}

/**
 * A read that ended without an answer (its deadline, a worker that died) is tried once more on a
 * fresh worker: the next may well succeed. A second such end, or a photo the reader cannot decode,
 * keeps the photo as read with no code.
 */
const ATTEMPTS = 2;

/** Photos read at once: as many as the pool has code lanes (check-pool.ts). */
const READS_AT_ONCE = CODE_LANES;

export class CodeReading {
  /** The photos being read now. */
  private readonly reading = new Set<number>();
  private running = false;
  private readonly attempts = new Map<number, number>();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly d: CodeReadingDeps) {}

  start(): void {
    this.running = this.d.on;
    this.kick();
  }

  /** Looks for a checked photo whose codes are not read yet (a check ended, photos came). */
  kick(): void {
    if (!this.running) return;
    const room = READS_AT_ONCE - this.reading.size;
    if (room > 0) {
      const next = this.d.store.jobs
        .unreadCodePhotos(READS_AT_ONCE + this.reading.size)
        .filter((p) => !this.reading.has(p.id))
        .slice(0, room);
      for (const photo of next) this.read(photo);
    }
    if (this.reading.size === 0) this.idle();
  }

  /** Whether a read is under way. */
  get busy(): boolean {
    return this.reading.size > 0;
  }

  /** Resolves when no read is under way and none waits (at once when stopped). */
  whenIdle(): Promise<void> {
    if (!this.running || this.reading.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
    });
  }

  /**
   * Stops reading. A read in the worker is not waited for (its lane's deadline ends it): its
   * answer is dropped, and the photo is read again on the next start.
   */
  stop(): Promise<void> {
    this.running = false;
    this.reading.clear();
    this.idle();
    return Promise.resolve();
  }

  private idle(): void {
    const waiters = this.idleWaiters.splice(0);
    for (const w of waiters) w();
  }

  private read(photo: UnreadPhoto): void {
    this.reading.add(photo.id);
    const pool = (path: string): Promise<PhotoCode[]> => sharedCheckPool().readCodes(path);
    const read =
      this.d.health.unavailable !== null
        ? (): Promise<PhotoCode[]> => Promise.resolve([])
        : (this.d.read ?? pool);
    void read(photo.path)
      .then(
        (codes) => {
          this.record(photo, codes);
        },
        (error: unknown) => {
          if (!this.running || !this.reading.has(photo.id)) return;
          if (this.d.health.noted(error)) {
            this.record(photo, []);
            return;
          }
          const attempt = (this.attempts.get(photo.id) ?? 0) + 1;
          const unanswered =
            error instanceof PhotoCheckError &&
            (error.code === 'timeout' || error.code === 'workerEnded');
          if (unanswered && attempt < ATTEMPTS) {
            this.attempts.set(photo.id, attempt);
            return;
          }
          // A photo the reader cannot decode carries no code we know of: kept as none read.
          const detail = `code read of ${photo.path}: ${error instanceof Error ? error.message : String(error)}`;
          this.d.log(...logged('unexpectedError', { detail }));
          this.record(photo, []);
        },
      )
      .catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        this.d.log(...logged('unexpectedError', { detail }));
      })
      .finally(() => {
        if (!this.reading.delete(photo.id)) return;
        this.kick();
      });
  }

  private record(photo: UnreadPhoto, codes: PhotoCode[]): void {
    // Stopped meanwhile: the queue may be closed; the photo is read again on the next start.
    if (!this.running || !this.reading.has(photo.id)) return;
    this.attempts.delete(photo.id);
    if (!this.d.store.jobs.recordCodes(photo.id, codes)) return;
    // A photo its name matched to no meter may be matched by its code.
    const matched =
      codes.length > 0 ? codesRead(this.d.store, photo.id, new Date(this.d.now())) : [];
    this.d.changed([photo.id, ...matched]);
  }
}
