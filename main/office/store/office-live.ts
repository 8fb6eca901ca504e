// Live updates from the office (issue 23, item 6): one connection of its own that LISTENs on the
// channel migration 004's triggers notify, and turns each note into a typed change. Notes sent
// while this desk is disconnected are lost (PostgreSQL keeps none for a listener that is gone), so
// after every reconnect it says 'resync' and the desk reads again what it shows. A server that
// drops or restarts never ends the desk: the listener tries again after 0.25 s, 0.5 s, 1 s ... up
// to 30 s, on the injected clock.
import pg from 'pg';
import { Timer, type Clock } from '../../time/clock';
import { redactOfficeText } from '../office-url';
import { LIVE_TABLES, OFFICE_LIVE_CHANNEL } from './migrations/004-live';

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
}

const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 30_000;
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

export class OfficeLive {
  private readonly listeners = new Set<(event: OfficeLiveEvent) => void>();
  private readonly retry: Timer;
  private client: pg.Client | null = null;
  private failures = 0;
  /** A connection was lost or refused since the last one was made: what it missed is unknown. */
  private wasDown = false;
  private stopped = false;
  private starting: Promise<void> | null = null;

  constructor(private readonly opts: OfficeLiveOptions) {
    // Weak: a reconnect matters only while the desk runs; it must not keep a finished run alive.
    this.retry = new Timer(opts.clock, () => void this.connect(), { weak: true });
  }

  /** Calls `listener` with every event from now on; returns how to stop. */
  on(listener: (event: OfficeLiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the listening connection is up now. */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Connects and listens; a failure is not thrown but retried (a 'down' event says so). Called
   * again, it returns the first attempt, so whoever needs to can wait for it.
   */
  start(): Promise<void> {
    this.starting ??= this.connect();
    return this.starting;
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.retry.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
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
      connectionString: this.opts.url,
      connectionTimeoutMillis: 5_000,
      // A silently dead link (a laptop's network gone) is found by TCP keepalive, not by waiting.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `MeterDesk live ${this.opts.desk ?? ''}`.trim().slice(0, 63),
    });
    // Set from the client's events, which may come while connect() is still awaited.
    const link = { lost: false };
    const onLost = (reason: string): void => {
      if (link.lost) return;
      link.lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      this.scheduleRetry(reason);
    };
    client.on('error', (error) => {
      onLost(error.message);
    });
    client.on('end', () => {
      onLost('the server closed the connection');
    });
    client.on('notification', (message) => {
      if (message.channel !== OFFICE_LIVE_CHANNEL) return;
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
      onLost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (link.lost) return;
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    if (this.wasDown) {
      this.log('listening again; reading what changed meanwhile');
      this.emit({ kind: 'resync' });
    }
    this.wasDown = false;
  }

  private scheduleRetry(reason: string): void {
    if (this.stopped) return;
    this.wasDown = true;
    const first = this.opts.backoffMs ?? FIRST_BACKOFF_MS;
    const wait = Math.min(this.opts.maxBackoffMs ?? MAX_BACKOFF_MS, first * 2 ** this.failures);
    this.failures++;
    // One line per outage, not one per attempt: the events say each attempt.
    if (this.failures === 1) this.log(`${reason}; trying again until it is back`);
    this.emit({ kind: 'down', reason: redactOfficeText(reason, this.opts.url), retryInMs: wait });
    this.retry.set(wait);
  }
}
