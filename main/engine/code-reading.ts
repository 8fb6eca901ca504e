// The meter's identity from its code (issue 25), beside the uploads: once a photo has been through
// the quality check, the codes on it (a serial sticker) are read in the photo-check worker and kept
// with the photo. Nothing waits for them: a photo that passed is sent while its codes are read.
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { PhotoCode } from '../../common/photo-codes';
import { codesRead } from '../billing/routes';
import { sharedCheckPool } from '../photo-checks/check-pool';
import type { UnreadPhoto } from '../store/job-photo-codes';
import type { Store } from '../store/store';

export interface CodeReadingDeps {
  readonly store: Store;
  /** false: no codes are read (`--no-photo-checks`). */
  readonly on: boolean;
  /** Reads the codes on a photo; by default in the photo-check worker. */
  readonly read?: (path: string) => Promise<PhotoCode[]>;
  readonly changed: (ids: readonly number[]) => void;
  /** The engine's clock (ms): a photo matched by its code has its meter checked as of now. */
  readonly now: () => number;
  readonly log: (line: string, message?: EngineMessage) => void;
}

export class CodeReading {
  private reading: number | null = null;
  private inflight: Promise<void> | null = null;
  private running = false;

  constructor(private readonly d: CodeReadingDeps) {}

  start(): void {
    this.running = this.d.on;
    this.kick();
  }

  /** Looks for a checked photo whose codes are not read yet (a check ended, photos came). */
  kick(): void {
    if (!this.running || this.reading !== null) return;
    const [next] = this.d.store.jobs.unreadCodePhotos(1);
    if (next) this.read(next);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.inflight;
  }

  private read(photo: UnreadPhoto): void {
    this.reading = photo.id;
    const read = this.d.read ?? ((path: string) => sharedCheckPool().readCodes(path));
    const work = read(photo.path)
      .catch((error: unknown) => {
        // A photo the reader cannot decode carries no code we know of: kept as none read.
        const detail = `code read of ${photo.path}: ${error instanceof Error ? error.message : String(error)}`;
        this.d.log(...logged('unexpectedError', { detail }));
        return [];
      })
      .then((codes) => {
        if (!this.d.store.jobs.recordCodes(photo.id, codes)) return;
        // A photo its name matched to no meter may be matched by its code.
        const matched =
          codes.length > 0 ? codesRead(this.d.store, photo.id, new Date(this.d.now())) : [];
        this.d.changed([photo.id, ...matched]);
      })
      .catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        this.d.log(...logged('unexpectedError', { detail }));
      })
      .finally(() => {
        this.reading = null;
        this.inflight = null;
        this.kick();
      });
    this.inflight = work;
  }
}
