// The work done on a photo before and beside its upload: the quality check (PhotoGate) and then
// the reading of its codes (CodeReading), wired so a checked photo's codes are read next.
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';
import type { Store } from '../store/store';
import { CheckerHealth } from './checker-health';
import { CodeReading } from './code-reading';
import { PhotoGate } from './photo-gate';

export interface PhotoWorkDeps {
  readonly store: Store;
  /** false: photos go unchecked and no codes are read (`--no-photo-checks`). */
  readonly on: boolean;
  readonly measure?: (path: string) => Promise<PhotoMeasures>;
  readonly readCodes?: (path: string) => Promise<PhotoCode[]>;
  /** Only the counts changed (a check ended). */
  readonly counted: () => void;
  /** These rows changed (a photo matched by its code). */
  readonly changed: (ids: readonly number[]) => void;
  /** A photo passed its check: the dispatcher may send it now. */
  readonly passed: () => void;
  readonly now: () => number;
  readonly log: (line: string, message?: EngineMessage) => void;
}

export interface PhotoWork {
  readonly gate: PhotoGate;
  readonly codes: CodeReading;
  /** Whether the checker could load (the status says when it could not). */
  readonly health: CheckerHealth;
  /**
   * Resolves when every photo found has been checked and had its codes read (at once when the
   * checks are off or stopped); says first how many codes are still being read, if any.
   */
  readonly allRead: () => Promise<void>;
}

export function photoWork(d: PhotoWorkDeps): PhotoWork {
  const health = new CheckerHealth({ log: d.log, changed: d.counted });
  const codes = new CodeReading({
    store: d.store,
    on: d.on,
    read: d.readCodes,
    changed: d.changed,
    health,
    now: d.now,
    log: d.log,
  });
  const gate = new PhotoGate({
    store: d.store,
    on: d.on,
    measure: d.measure,
    changed: () => {
      d.counted();
      codes.kick();
    },
    passed: d.passed,
    health,
    log: d.log,
  });
  const allRead = async (): Promise<void> => {
    let told = false;
    for (;;) {
      if (!gate.active) return;
      gate.kick();
      codes.kick();
      // Neither lane found anything to do: every photo found is checked and read.
      if (!gate.busy && !codes.busy) return;
      const unread = d.store.jobs.codesToRead();
      if (!told && unread > 0) {
        told = true;
        d.log(...logged('codesBeingRead', { count: unread }));
      }
      // Each wait ends within the lanes' deadlines: a hung photo cannot hold the run for good.
      await gate.whenIdle();
      await codes.whenIdle();
    }
  };
  return { gate, codes, health, allRead };
}
