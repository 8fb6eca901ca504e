// One writer per queue file. Two processes driving one queue (the window open while `meter-desk
// run` works on the same file) would each put the other's uploads back in the queue on start and
// send those photos again: read and paid twice. The process that runs an engine on a queue claims
// it in the queue_owner row and keeps a heartbeat there; another process finds the claim, names the
// owner, and does not start. A claim whose process is gone (same machine) or whose heartbeat
// stopped (another machine on a shared folder, or a hung process) is taken over.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import { Timer, type Clock } from '../time/clock';

export interface OwnerInfo {
  readonly pid: number;
  readonly host: string;
  /** What the process is, in words: "the MeterDesk window", "meter-desk run". */
  readonly label: string;
  readonly startedAt: string;
}

export class QueueInUseError extends Error {
  override readonly name = 'QueueInUseError';
  constructor(
    readonly file: string,
    readonly owner: OwnerInfo,
  ) {
    const where = owner.host === hostname() ? '' : ` on ${owner.host}`;
    super(
      `This queue is in use by ${owner.label} (process ${String(owner.pid)}${where}, ` +
        `since ${owner.startedAt}). Close it or wait for it to finish, then try again.`,
    );
  }
}

interface OwnerRow {
  token: string;
  pid: number;
  host: string;
  label: string;
  started_at: string;
  heartbeat_at: number;
}

export interface ClaimOptions {
  readonly label: string;
  readonly clock: Clock;
  /** A claim whose heartbeat is older than this is taken over. Default 60 s. */
  readonly staleAfterMs?: number;
  /** How often the owner renews its claim. Default 10 s. */
  readonly heartbeatMs?: number;
  /** Whether a process of this machine still runs (tests replace it). */
  readonly isAlive?: (pid: number) => boolean;
  /** Someone else took the queue over (this process was thought dead): stop writing. */
  readonly onLost?: (owner: OwnerInfo) => void;
}

const DEFAULT_STALE_MS = 60_000;
const DEFAULT_HEARTBEAT_MS = 10_000;
/** How soon a heartbeat that found the connection busy (an open iterator) tries again. */
const BUSY_RETRY_MS = 200;

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const infoOf = (row: OwnerRow): OwnerInfo => ({
  pid: row.pid,
  host: row.host,
  label: row.label,
  startedAt: row.started_at,
});

/** A claim on one queue file, renewed until released. */
export class QueueOwnership {
  private readonly token = randomBytes(12).toString('hex');
  private readonly heartbeat: Timer;
  private released = false;
  private readonly s;

  private constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    private readonly options: ClaimOptions,
  ) {
    this.s = {
      get: db.prepare<[], OwnerRow>('SELECT * FROM queue_owner WHERE id = 1'),
      put: db.prepare(
        `INSERT INTO queue_owner (id, token, pid, host, label, started_at, heartbeat_at)
         VALUES (1, @token, @pid, @host, @label, @startedAt, @now)
         ON CONFLICT (id) DO UPDATE SET token = excluded.token, pid = excluded.pid,
           host = excluded.host, label = excluded.label, started_at = excluded.started_at,
           heartbeat_at = excluded.heartbeat_at`,
      ),
      renew: db.prepare('UPDATE queue_owner SET heartbeat_at = ? WHERE id = 1 AND token = ?'),
      drop: db.prepare('DELETE FROM queue_owner WHERE id = 1 AND token = ?'),
    };
    // Weak: a CLI run that is done must be able to exit even if nobody released the claim.
    this.heartbeat = new Timer(
      options.clock,
      () => {
        this.renew();
      },
      { weak: true },
    );
  }

  /** Claims the queue, or throws QueueInUseError naming the live owner. */
  static claim(db: Database.Database, file: string, options: ClaimOptions): QueueOwnership {
    const claim = new QueueOwnership(db, file, options);
    claim.take();
    return claim;
  }

  /** Who owns the queue now, when anyone live does (for read-only commands to say so). */
  static currentOwner(db: Database.Database, clock: Clock): OwnerInfo | null {
    const row = db.prepare<[], OwnerRow>('SELECT * FROM queue_owner WHERE id = 1').get();
    return row && isLive(row, clock.now(), DEFAULT_STALE_MS, processAlive) ? infoOf(row) : null;
  }

  private take(): void {
    const { clock } = this.options;
    const staleAfter = this.options.staleAfterMs ?? DEFAULT_STALE_MS;
    const alive = this.options.isAlive ?? processAlive;
    // IMMEDIATE: two processes claiming at the same moment are serialised by SQLite's write lock.
    this.db
      .transaction(() => {
        const now = clock.now();
        const row = this.s.get.get();
        if (row && isLive(row, now, staleAfter, alive)) {
          throw new QueueInUseError(this.file, infoOf(row));
        }
        this.s.put.run({
          token: this.token,
          pid: process.pid,
          host: hostname(),
          label: this.options.label,
          startedAt: new Date(now).toISOString(),
          now,
        });
      })
      .immediate();
    this.heartbeat.set(this.options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  }

  private renew(): void {
    if (this.released || !this.db.open) return;
    let renewed: boolean;
    try {
      renewed = this.s.renew.run(this.options.clock.now(), this.token).changes === 1;
    } catch (error) {
      // A reader streaming rows through an open iterator (an export, a scan of 40,000 files) holds
      // this connection between its awaits; the heartbeat waits its turn instead of crashing.
      if (!isBusyConnection(error)) throw error;
      this.heartbeat.set(BUSY_RETRY_MS);
      return;
    }
    if (!renewed) {
      this.released = true;
      const row = this.s.get.get();
      this.options.onLost?.(
        row ? infoOf(row) : { pid: 0, host: '', label: 'another process', startedAt: '' },
      );
      return;
    }
    this.heartbeat.set(this.options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.heartbeat.clear();
    if (this.db.open) this.s.drop.run(this.token);
  }
}

/** better-sqlite3's refusal to run a statement while an iterator on the connection is open. */
function isBusyConnection(error: unknown): boolean {
  return error instanceof TypeError && /connection is busy/.test(error.message);
}

function isLive(
  row: OwnerRow,
  now: number,
  staleAfterMs: number,
  alive: (pid: number) => boolean,
): boolean {
  if (now - row.heartbeat_at > staleAfterMs) return false;
  return row.host !== hostname() || alive(row.pid);
}
