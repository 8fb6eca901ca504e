import type Database from 'better-sqlite3';
import { systemClock, type Clock } from '../time/clock';
import { openDatabase } from './db';
import { HistoryRepo } from './history-repo';
import { JobQueries } from './job-query';
import { jobsRepo, type JobsRepo } from './jobs-repo';
import { MeterDecisionsRepo } from './meter-decisions-repo';
import { MetersRepo } from './meters-repo';
import { OrderFilesRepo } from './order-files-repo';
import { QueueOwnership, type OwnerInfo } from './queue-owner';
import { RootsRepo } from './roots-repo';
import { SettingsRepo } from './settings-repo';

/** The one connection that writes the queue, with a typed repository per table. */
export interface Store {
  readonly file: string;
  readonly db: Database.Database;
  readonly jobs: JobsRepo;
  readonly meters: MetersRepo;
  /** What clerks decided per meter (typed, skip, exchange, re-read, estimate), with undo. */
  readonly decisions: MeterDecisionsRepo;
  /** Each meter's readings from billing and from confirmed exports (issue 33). */
  readonly history: HistoryRepo;
  readonly roots: RootsRepo;
  /** Billing's order files loaded as routes, byte for byte (issue 31). */
  readonly orderFiles: OrderFilesRepo;
  readonly settings: SettingsRepo;
  readonly queries: JobQueries;
  /**
   * Claims the queue for this process (queue-owner.ts): what runs an engine on it must; what
   * only reads (status, export, the window's table) need not. Throws QueueInUseError when another
   * process owns it. Claiming twice is harmless.
   */
  claim(owner: QueueOwner): void;
  /** Gives the claim up (the engine stopped); the file stays open for reading. */
  release(): void;
  /** Gives up the claim (if any) and closes the file. */
  close(): void;
}

export interface QueueOwner {
  /** What this process is, in words, for the one that finds the queue in use. */
  readonly label: string;
  /** Someone took the queue over (this process was thought gone): stop writing. */
  readonly onLost?: (owner: OwnerInfo) => void;
}

export interface StoreOptions {
  /** Stamps every row change (created_at, updated_at, job events) and the owner's heartbeat. */
  readonly clock?: Clock;
}

export function openStore(file: string, options: StoreOptions = {}): Store {
  const clock = options.clock ?? systemClock;
  const db = openDatabase(file);
  let ownership: QueueOwnership | null = null;
  const release = (): void => {
    ownership?.release();
    ownership = null;
  };
  return {
    file,
    db,
    jobs: jobsRepo(db, clock),
    meters: new MetersRepo(db, clock),
    decisions: new MeterDecisionsRepo(db, clock),
    history: new HistoryRepo(db, clock),
    roots: new RootsRepo(db, clock),
    orderFiles: new OrderFilesRepo(db, clock),
    settings: new SettingsRepo(db),
    queries: new JobQueries(db),
    claim: (owner) => {
      ownership ??= QueueOwnership.claim(db, file, {
        clock,
        label: owner.label,
        ...(owner.onLost && { onLost: owner.onLost }),
      });
    },
    release,
    close: () => {
      if (!db.open) return;
      release();
      db.close();
    },
  };
}
