// Book-keeping for one per-key budget (requests per minute, or submissions per minute).
//
// The server tells us `remaining` on responses, but several requests are usually in flight, and the
// server may or may not have counted them when it answered. So each response gives a *conservative*
// fresh estimate, `remaining - (units of every other request still in flight)`, and from then on
// every admitted unit is subtracted. Within one window the lower of the running prediction and a
// fresh estimate wins: that stays safe when answers arrive out of order and when something else
// (another program using the same key) spends budget, and it is never more pessimistic than the
// number of units that were in flight together.

/** Two reset times this close apart (1 s header resolution plus clock noise) are the same window. */
const SAME_WINDOW_TOLERANCE_MS = 2_000;
const ROLLED_TOLERANCE_MS = 500;

export interface WindowView {
  readonly limit: number | undefined;
  /** What the server last reported, before correcting for requests in flight. */
  readonly serverRemaining: number | undefined;
  /** Conservative estimate of what is left now; undefined while no limit is known. */
  readonly predictedRemaining: number | undefined;
  readonly resetAtMs: number | undefined;
}

export interface Observation {
  readonly limit?: number;
  readonly remaining?: number;
  /** Local time of the reset (when to roll). */
  readonly resetAtMs?: number;
  /** The reset in the server's clock (which window the answer is about). */
  readonly windowId?: number;
}

export class PaceWindow {
  private limit: number | undefined;
  private serverRemaining: number | undefined;
  private predicted: number | undefined;
  private resetAtMs: number | undefined;
  private windowId: number | undefined;
  /** The identity of the last window left by a clock roll, to recognise late answers about it. */
  private rolledFromId: number | undefined;
  private rolledBlind = false;

  constructor(private readonly windowMs: number) {}

  view(): WindowView {
    return {
      limit: this.limit,
      serverRemaining: this.serverRemaining,
      predictedRemaining: this.predicted,
      resetAtMs: this.resetAtMs,
    };
  }

  /**
   * Learns from one response. `othersInFlight` = units of admitted requests, other than the one
   * that produced this response, which have not answered yet (the server may not have seen them).
   */
  learn(obs: Observation, othersInFlight: number, nowMs: number): void {
    if (obs.limit !== undefined) this.limit = obs.limit;
    // A limit without a count: assume a full window until a count arrives.
    const remaining = obs.remaining ?? (this.predicted === undefined ? this.limit : undefined);
    if (remaining === undefined) return;
    const bound = remaining - othersInFlight;
    const id = obs.windowId ?? obs.resetAtMs;

    if (this.predicted === undefined || this.resetAtMs === undefined) {
      this.start(bound, obs, id, nowMs);
    } else {
      const verdict = this.compare(id);
      // A late answer about a window that is already over says nothing about this one.
      if (verdict === 'older') return;
      if (verdict === 'newer') {
        this.start(bound, obs, id, nowMs); // the server has started a new window
      } else {
        this.predicted = Math.min(this.predicted, bound);
        if (obs.resetAtMs !== undefined) {
          // Latency makes local reset estimates differ; the latest one is safe to wait for.
          this.resetAtMs =
            this.windowId === undefined ? obs.resetAtMs : Math.max(this.resetAtMs, obs.resetAtMs);
          this.windowId = id;
        }
      }
    }
    if (obs.remaining !== undefined) {
      this.serverRemaining = obs.remaining;
      this.rolledBlind = false;
    }
  }

  /** Which window an answer is about, relative to the one being tracked. */
  private compare(id: number | undefined): 'older' | 'same' | 'newer' {
    if (id === undefined) return 'same';
    if (this.windowId === undefined) {
      // Rolled by the clock: an answer about the window rolled away from is old news. The margin
      // is small so that short server windows (1 s) still count as new; an old answer taken for
      // new only lowers the prediction, which is safe.
      const left = this.rolledFromId;
      return left !== undefined && id <= left + ROLLED_TOLERANCE_MS ? 'older' : 'same';
    }
    if (id < this.windowId - SAME_WINDOW_TOLERANCE_MS) return 'older';
    if (id > this.windowId + SAME_WINDOW_TOLERANCE_MS) return 'newer';
    return 'same';
  }

  private start(bound: number, obs: Observation, id: number | undefined, nowMs: number): void {
    this.predicted = bound;
    this.resetAtMs = obs.resetAtMs ?? nowMs + this.windowMs;
    this.windowId = obs.resetAtMs === undefined ? undefined : id;
  }

  /**
   * Starts the next window once the reset time (plus slack for clock noise) has passed. Requests
   * still in flight may land in the new window, so they are counted against it.
   */
  roll(nowMs: number, slackMs: number, inFlight: number): void {
    if (this.resetAtMs === undefined || nowMs < this.resetAtMs + slackMs) return;
    if (this.limit === undefined) {
      // Without a limit there is nothing to refill to: go back to "unknown" until told again.
      this.predicted = undefined;
      this.resetAtMs = undefined;
      this.windowId = undefined;
      this.rolledFromId = undefined;
      return;
    }
    const periods = Math.floor((nowMs - this.resetAtMs) / this.windowMs) + 1;
    // Only a guess of when to look again: the server's windows may be shorter than windowMs. The
    // window's identity is left unknown, so the next answer defines it instead of looking stale.
    this.resetAtMs += periods * this.windowMs;
    this.rolledFromId = this.windowId ?? this.rolledFromId;
    this.windowId = undefined;
    this.predicted = this.limit - inFlight;
    this.rolledBlind = true;
  }

  /**
   * True from a time-based roll until an answer about the new window arrives. Until then the new
   * window may already be partly spent by someone else using the key, so the pacer probes it with
   * one request at a time.
   */
  get blind(): boolean {
    return this.rolledBlind;
  }

  /**
   * Whether `units` more may go out now keeping `reserve` spare; otherwise when to look again.
   * A request larger than the whole budget may go only into an untouched window, so it is not
   * starved forever (the server then decides).
   */
  check(units: number, reserve: number, slackMs: number): true | number {
    if (this.predicted === undefined) return true;
    const need = Math.min(units + reserve, this.limit ?? units + reserve);
    if (this.predicted >= need) return true;
    return (this.resetAtMs ?? 0) + slackMs;
  }

  consume(units: number): void {
    if (this.predicted !== undefined) this.predicted -= units;
  }
}
