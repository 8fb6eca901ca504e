// What the office's syncs into a running desk share (decision-sync.ts, route-sync.ts,
// profile-sync.ts, history-sync.ts): a live note asks for a turn once its burst has settled,
// `sync` runs one now, `stop` waits for the turn in flight and starts none again, never two turns
// at once, and a turn that failed is tried again on its own, backing off (one-turn-at-a-time.ts).
// A sync says only what its turn reads and applies, and what it says when a turn fails.
import type { Clock } from '../time/clock';
import { OneTurnAtATime, type TurnRetry } from './one-turn-at-a-time';

export interface OfficeSyncShape<T> {
  /** What `sync` answers once stopped, or after a turn that failed. */
  idle: T;
  clock: Clock;
  /** How long a note waits for the rest of its burst (ms). */
  settleMs: number;
  retry?: TurnRetry;
  /** Why a turn did not happen (the office away, the queue gone): the log's. */
  log?: (line: string) => void;
}

export abstract class OfficeSync<T> {
  private readonly turns: OneTurnAtATime<T>;
  private readonly logLine: ((line: string) => void) | undefined;

  protected constructor(shape: OfficeSyncShape<T>) {
    this.turns = new OneTurnAtATime<T>(
      () => this.turn(),
      shape.idle,
      shape.clock,
      shape.settleMs,
      shape.retry,
    );
    this.logLine = shape.log;
  }

  /** A turn after the burst this note belongs to has settled. */
  soon(): void {
    this.turns.soon();
  }

  /** A turn now (after the one in flight, which then runs once more). */
  sync(): Promise<T> {
    return this.turns.run();
  }

  /** After the turn in flight; nothing starts again. */
  async stop(): Promise<void> {
    await this.turns.stop();
  }

  /** Whether `stop` was called: a turn leaves what it read unapplied. */
  protected get stopped(): boolean {
    return this.turns.stopped;
  }

  /**
   * What a failed turn says (`Office: <what>, tried again shortly (why).`), and the error it
   * throws then, so the turns try again on their own: a note is sent once.
   */
  protected failure(what: string, error: unknown): Error {
    const failed = error instanceof Error ? error : new Error(String(error));
    this.logLine?.(`Office: ${what}, tried again shortly (${failed.message}).`);
    return failed;
  }

  /** One turn: read from the office, apply at the desk; throws when it should be tried again. */
  protected abstract turn(): Promise<T>;
}
