// A load driver for the window: makes rows of the real queue change state at a steady, chosen rate
// (1,000 a second by default) so that the window can be watched under the load the UI issue names.
//
// Why a driver and not the engine: on a 2-core machine the real engine, the sandbox and Chromium
// together top out at about 350 changed rows a second (test/e2e/load.slow.test.ts), so "1,000 rows a
// second" is never reached that way. What is under test here is the window, not the engine: the
// rows still go through the engine's own store calls (markUploading, markSubmitted, applyResults:
// queued -> uploading -> submitted -> done or failed, readings and history in SQLite) and reach the
// window the way the engine's changes do: the driver emits the engine's 'jobs' and 'status' events,
// which the backend's EngineSlot hands to the EventHub, which coalesces them into ~10 pushes a
// second carrying the rows as SQLite has them.
//
// Every row makes three changes (sent, reading, final), so rows enter at a third of the rate; one
// stays "Sending" for sendingMs and "Reading" for readingMs. Both are longer than the hub's push
// interval, so each change travels in its own push and pushed rows count changes one for one.
// The pace follows the clock, not the timer: a late tick catches up, so the rate holds on average
// on a loaded machine (at most three ticks' worth at once, so a stall does not become a burst).
import type { BackendState } from '../../main/backend/backend-state';
import type { Engine } from '../../main/engine/engine';
import type { TaskResult } from '../../main/store/jobs-repo';
import { readingFromHash } from '../../sandbox/reading';
import { quotedMessage } from '../../common/job-messages';

export interface RowChurnOptions {
  /** State changes per second, all stages together. */
  readonly rowsPerSecond?: number;
  readonly tickMs?: number;
  readonly sendingMs?: number;
  readonly readingMs?: number;
  /** Rows to take, in this order; default every queued row by id. */
  readonly ids?: readonly number[];
}

export interface ChurnCounts {
  /** State changes written to SQLite and handed to the hub. */
  readonly changes: number;
  /** Rows taken from the queue so far. */
  readonly started: number;
  readonly done: number;
  readonly failed: number;
  readonly elapsedMs: number;
}

/** Every 40th row the AI cannot read; every 25th comes back historical and needs review. */
const FAIL_EVERY = 40;
const STALE_EVERY = 25;
/** Far enough that the running engine never finds these tasks due for a poll. */
const NEVER_MS = 365 * 24 * 3600 * 1000;

interface InFlight {
  readonly id: number;
  readonly nth: number;
  readonly since: number;
}

export class RowChurn {
  private readonly rate: number;
  private readonly tickMs: number;
  private readonly sendingMs: number;
  private readonly readingMs: number;
  private readonly ids: readonly number[];
  private sending: InFlight[] = [];
  private reading: InFlight[] = [];
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private stoppedAt: number | null = null;
  private taken = 0;
  private changes = 0;
  private done = 0;
  private failed = 0;

  constructor(
    private readonly state: BackendState,
    options: RowChurnOptions = {},
  ) {
    this.rate = options.rowsPerSecond ?? 1000;
    this.tickMs = options.tickMs ?? 100;
    this.sendingMs = options.sendingMs ?? 300;
    this.readingMs = options.readingMs ?? 700;
    this.ids =
      options.ids ??
      [...state.store.queries.iterate({ filter: 'in_progress' })]
        .filter((job) => job.state === 'queued')
        .map((job) => job.id);
  }

  get running(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    this.startedAt = performance.now();
    this.stoppedAt = null;
    this.timer = setInterval(() => {
      this.tick();
    }, this.tickMs);
  }

  /** Stops taking and moving rows; rows in flight stay where they are, as in a run stopped there. */
  stop(): ChurnCounts {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stoppedAt ??= performance.now();
    return this.counts();
  }

  counts(): ChurnCounts {
    return {
      changes: this.changes,
      started: this.taken,
      done: this.done,
      failed: this.failed,
      elapsedMs: (this.stoppedAt ?? performance.now()) - this.startedAt,
    };
  }

  private engine(): Engine {
    const engine = this.state.engine;
    if (!engine) throw new Error('RowChurn: the backend has no engine running');
    return engine;
  }

  private tick(): void {
    const now = performance.now();
    const jobs = this.state.store.jobs;
    const finishing = takeDue(this.reading, now - this.readingMs);
    const submitting = takeDue(this.sending, now - this.sendingMs);
    const due = Math.floor(((now - this.startedAt) * this.rate) / 3000) - this.taken;
    const room = Math.ceil((this.rate * this.tickMs * 3) / 3000);
    const entering = this.ids.slice(this.taken, this.taken + Math.max(0, Math.min(due, room)));

    const results = finishing.map((row) => ({ jobId: row.id, result: this.resultOf(row) }));
    const finished = jobs.applyResults(results);
    for (const { result } of results) {
      if (result.state === 'done') this.done++;
      else this.failed++;
    }
    const wallNow = Date.now();
    jobs.markSubmitted(
      submitting.map((row) => ({
        id: row.id,
        submission: {
          taskId: taskIdOf(row.id),
          batchId: null,
          batchIndex: null,
          business: null,
          remoteStatus: 'running',
          remoteCreatedAt: new Date(wallNow).toISOString(),
          nextAttemptAt: wallNow + NEVER_MS,
        },
      })),
    );
    this.reading.push(...submitting.map((row) => ({ ...row, since: now })));
    const moved = jobs.markUploading(entering);
    this.sending.push(...moved.map((id, i) => ({ id, nth: this.taken + i, since: now })));
    this.taken += entering.length;

    const changed = [...finished, ...submitting.map((row) => row.id), ...moved];
    this.changes += changed.length;
    // The engine's own events, so the backend's wiring (EngineSlot -> EventHub, attention) is
    // exactly what a run goes through.
    const engine = this.engine();
    if (changed.length > 0) engine.emit('jobs', changed);
    engine.emit('status', engine.status());
  }

  private resultOf(row: InFlight): TaskResult {
    const job = this.state.store.jobs.get(row.id);
    const base = { taskId: taskIdOf(row.id), remoteCreatedAt: job?.remoteCreatedAt ?? null };
    if (row.nth % FAIL_EVERY === FAIL_EVERY - 1) {
      return {
        ...base,
        state: 'failed',
        remoteStatus: 'failed',
        finalReading: null,
        meterType: null,
        resultSource: 'failed',
        isLatestAiVersion: null,
        aiVersion: null,
        resultSummary: null,
        errorMessage: quotedMessage('No meter dial found in the photo (ai_failed)'),
        failureKind: 'ai_failed',
        serviceFailureKind: null,
      };
    }
    const { reading, meterType } = readingFromHash(job?.sha256 ?? '0'.repeat(64));
    const stale = row.nth % STALE_EVERY === STALE_EVERY - 1;
    return {
      ...base,
      state: 'done',
      remoteStatus: 'done',
      finalReading: reading,
      meterType,
      resultSource: stale ? 'cached_stale' : 'fresh',
      isLatestAiVersion: !stale,
      aiVersion: stale ? null : 'water_v3:churn',
      resultSummary: {
        resultKind: 'water_meter',
        primaryLabel: 'Reading',
        primaryValue: reading,
        secondaryLabel: 'Meter type',
        secondaryValue: meterType,
      },
      errorMessage: null,
      failureKind: null,
      serviceFailureKind: null,
    };
  }
}

function taskIdOf(id: number): string {
  return `churn-${String(id)}`;
}

/** Removes and returns the rows (oldest first) that have been in their stage since `before`. */
function takeDue(rows: InFlight[], before: number): InFlight[] {
  let n = 0;
  while (n < rows.length && (rows[n]?.since ?? Infinity) <= before) n++;
  return rows.splice(0, n);
}
