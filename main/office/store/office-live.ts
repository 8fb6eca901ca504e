// Live updates from the office (issue 23, item 6): one connection of its own that LISTENs on the
// channel migration 004's triggers notify, and turns each note into a typed change. Notes sent
// while this desk is disconnected are lost (PostgreSQL keeps none for a listener that is gone), so
// after every reconnect it says 'resync' and the desk reads again what it shows. A server that
// drops or restarts never ends the desk: the listener tries again after 0.25 s, 0.5 s, 1 s ... up
// to 30 s, on the injected clock; a connection that went silent is found by a check every 30 s.
import pg from 'pg';
import { Backoff } from '../../time/backoff';
import { Timer, type Clock } from '../../time/clock';
import { redactOfficeText } from '../office-url';
import { parseHandoverAsk, type HandoverAsk } from './lease-handover';
import { OFFICE_LIVE_CHANNEL } from './live-channel';
import { LIMITS_NOTE } from './office-limits';
import { HISTORY_NOTE } from './office-history';
import { officeConnectionString } from './office-db';

export { OFFICE_LIVE_CHANNEL } from './live-channel';

/** The tables whose changes migration 004's triggers note (its own copy likewise). */
export const LIVE_TABLES = ['decisions', 'readings', 'review_leases', 'meters'] as const;

export type LiveTable = (typeof LIVE_TABLES)[number];
export type LiveOp = 'INSERT' | 'UPDATE' | 'DELETE';

/** What changed in the office: enough to know what to read again, never the row itself. */
export interface OfficeChange {
  table: LiveTable;
  op: LiveOp;
  /** The row's id (a review lease has none: its meter is its key). */
  id: number | null;
  meterId: number | null;
  meterNumber: string | null;
  /** Only for a meter: its route. */
  routeKey: string | null;
  sha256: string | null;
  /** The desk that made the change (for a meter: who last updated it). */
  desk: string | null;
  version: number | null;
}

export type OfficeLiveEvent =
  | { kind: 'change'; change: OfficeChange }
  /** Another desk asks the holder of a meter's review lease to hand it over (lease-handover.ts). */
  | { kind: 'handover'; ask: HandoverAsk }
  /** A desk chose the office's plausibility profile (office-limits.ts): read it again. */
  | { kind: 'limits'; desk: string | null }
  /** A desk added to the office's meter history (office-history.ts): take what is new. */
  | { kind: 'history'; desk: string | null }
  /** Connected again after a loss: what happened meanwhile was not heard; read again. */
  | { kind: 'resync' }
  /** The connection is gone (or could not be made); the next attempt is `retryInMs` away. */
  | { kind: 'down'; reason: string; retryInMs: number };

export interface OfficeLiveOptions {
  url: string;
  clock: Clock;
  desk?: string;
  /** A line for the log (a note that could not be read, a lost connection); never the password. */
  log?: (line: string) => void;
  /** The first wait before connecting again, doubled after each failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the connection is checked while no note comes, and how long an answer may take. */
  heartbeatMs?: number;
  answerMs?: number;
}

const FIRST_BACKOFF_MS = 250;
// Short: the listener coming back is how the desk learns the office is back (its outbox publishes
// then, not at its own longer wait), and a refused connection attempt every 5 s costs the office
// nothing.
const MAX_BACKOFF_MS = 5_000;
const HEARTBEAT_MS = 30_000;
const ANSWER_MS = 10_000;
const OPS: readonly string[] = ['INSERT', 'UPDATE', 'DELETE'];

const numberOrNull = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A note from the channel as a typed change, or why it is not one. */
export function parseOfficeChange(payload: string): OfficeChange | string {
  let note: unknown;
  try {
    note = JSON.parse(payload);
  } catch {
    return 'not JSON';
  }
  if (typeof note !== 'object' || note === null) return 'not an object';
  const n = note as Record<string, unknown>;
  const table = LIVE_TABLES.find((t) => t === n.table);
  if (table === undefined) return `unknown table ${JSON.stringify(n.table ?? null)}`;
  if (typeof n.op !== 'string' || !OPS.includes(n.op)) return `unknown operation on ${table}`;
  return {
    table,
    op: n.op as LiveOp,
    id: numberOrNull(n.id),
    meterId: numberOrNull(n.meterId),
    meterNumber: textOrNull(n.meterNumber),
    routeKey: textOrNull(n.routeKey),
    sha256: textOrNull(n.sha256),
    desk: textOrNull(n.desk),
    version: numberOrNull(n.version),
  };
}

/** A note that the office's limits or history changed, and by which desk; undefined: another. */
function officeNoteIn(payload: string): OfficeLiveEvent | undefined {
  try {
    const note: unknown = JSON.parse(payload);
    if (typeof note !== 'object' || note === null) return undefined;
    const n = note as Record<string, unknown>;
    if (n.note === LIMITS_NOTE) return { kind: 'limits', desk: textOrNull(n.desk) };
    if (n.note === HISTORY_NOTE) return { kind: 'history', desk: textOrNull(n.desk) };
    return undefined;
  } catch {
    return undefined;
  }
}

/** A hand-over ask in a note; null for any other note (a change, or one not understood). */
function handoverAskIn(payload: string): HandoverAsk | null {
  try {
    const note: unknown = JSON.parse(payload);
    return typeof note === 'object' && note !== null
      ? parseHandoverAsk(note as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** One connection and how to give it up (once) and try again. */
interface Link {
  readonly client: pg.Client;
  lose(reason: string): void;
}

export class OfficeLive {
  private readonly listeners = new Set<(event: OfficeLiveEvent) => void>();
  private readonly retry: Timer;
  private readonly heartbeat: Timer;
  private link: Link | null = null;
  private readonly failures: Backoff;
  /** A connection was lost or refused since the last one was made: what it missed is unknown. */
  private wasDown = false;
  private stopped = false;
  private starting: Promise<void> | null = null;

  constructor(private readonly opts: OfficeLiveOptions) {
    this.failures = new Backoff(
      opts.backoffMs ?? FIRST_BACKOFF_MS,
      opts.maxBackoffMs ?? MAX_BACKOFF_MS,
    );
    // Weak: reconnects and checks matter only while the desk runs; they must not keep a finished
    // run alive.
    this.retry = new Timer(opts.clock, () => void this.connect(), { weak: true });
    this.heartbeat = new Timer(
      opts.clock,
      () => {
        this.check();
      },
      { weak: true },
    );
  }

  /** Calls `listener` with every event from now on; returns how to stop. */
  on(listener: (event: OfficeLiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the listening connection is up now. */
  get connected(): boolean {
    return this.link !== null;
  }

  /**
   * Connects and listens; a failure is not thrown but retried (a 'down' event says so). Called
   * again, it returns the first attempt, so whoever needs to can wait for it.
   */
  start(): Promise<void> {
    this.starting ??= this.connect();
    return this.starting;
  }

  /** Stops listening; waits for the server's goodbye at most `answerMs` (it may be gone). */
  async close(): Promise<void> {
    this.stopped = true;
    this.retry.clear();
    this.heartbeat.clear();
    const link = this.link;
    this.link = null;
    if (!link) return;
    let handle: unknown;
    const late = new Promise<void>((resolve) => {
      handle = this.opts.clock.setTimer(resolve, this.answerMs, { weak: true });
    });
    await Promise.race([link.client.end().catch(() => undefined), late]);
    this.opts.clock.clearTimer(handle);
  }

  private get answerMs(): number {
    return this.opts.answerMs ?? ANSWER_MS;
  }

  private emit(event: OfficeLiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // One screen's failing refresh must not stop the others hearing of the change.
        this.log(`a live-update listener failed: ${String(error)}`);
      }
    }
  }

  private log(line: string): void {
    this.opts.log?.(`Office live: ${redactOfficeText(line, this.opts.url)}`);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: officeConnectionString(this.opts.url),
      connectionTimeoutMillis: 5_000,
      // A dead link is also found by TCP keepalive, long after the heartbeat would.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `MeterDesk live ${this.opts.desk ?? ''}`.trim().slice(0, 63),
    });
    // Set from the client's events, which may come while connect() is still awaited.
    const state = { lost: false };
    const link: Link = {
      client,
      lose: (reason) => {
        if (state.lost) return;
        state.lost = true;
        if (this.link === link) {
          this.link = null;
          this.heartbeat.clear();
        }
        // Not awaited: a server that stopped answering may never say goodbye.
        client.end().catch(() => undefined);
        this.scheduleRetry(reason);
      },
    };
    client.on('error', (error) => {
      link.lose(error.message);
    });
    client.on('end', () => {
      link.lose('the server closed the connection');
    });
    client.on('notification', (message) => {
      if (state.lost || message.channel !== OFFICE_LIVE_CHANNEL) return;
      const ask = handoverAskIn(message.payload ?? '');
      if (ask) {
        this.emit({ kind: 'handover', ask });
        return;
      }
      const note = officeNoteIn(message.payload ?? '');
      if (note) {
        this.emit(note);
        return;
      }
      const change = parseOfficeChange(message.payload ?? '');
      if (typeof change === 'string') {
        this.log(`ignored a note (${change}): ${(message.payload ?? '').slice(0, 200)}`);
        return;
      }
      this.emit({ kind: 'change', change });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OFFICE_LIVE_CHANNEL}`);
    } catch (error) {
      link.lose(error instanceof Error ? error.message : String(error));
      return;
    }
    if (state.lost) return;
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.link = link;
    this.failures.reset();
    this.heartbeat.set(this.opts.heartbeatMs ?? HEARTBEAT_MS);
    if (this.wasDown) {
      this.log('listening again; reading what changed meanwhile');
      this.emit({ kind: 'resync' });
    }
    this.wasDown = false;
  }

  /**
   * A connection can die without a word (a laptop's network gone, a server frozen): then no note
   * and no error comes, and the desk would show old data believing it live. A statement now and
   * then that must be answered in time finds out.
   */
  private check(): void {
    const link = this.link;
    if (!link) return;
    const deadline = this.opts.clock.setTimer(
      () => {
        link.lose(`no answer from the server within ${this.answerMs} ms`);
      },
      this.answerMs,
      { weak: true },
    );
    link.client.query('SELECT 1').then(
      () => {
        this.opts.clock.clearTimer(deadline);
        if (this.link === link) this.heartbeat.set(this.opts.heartbeatMs ?? HEARTBEAT_MS);
      },
      (error: unknown) => {
        this.opts.clock.clearTimer(deadline);
        link.lose(error instanceof Error ? error.message : String(error));
      },
    );
  }

  private scheduleRetry(reason: string): void {
    if (this.stopped) return;
    this.wasDown = true;
    const wait = this.failures.next();
    // One line per outage, not one per attempt: the events say each attempt.
    if (this.failures.count === 1) this.log(`${reason}; trying again until it is back`);
    this.emit({ kind: 'down', reason: redactOfficeText(reason, this.opts.url), retryInMs: wait });
    this.retry.set(wait);
  }
}
