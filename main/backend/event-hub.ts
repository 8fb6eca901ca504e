// Coalesces everything the window should hear about into at most one push per interval (100 ms:
// about ten a second). A push carries every change since the previous one: the rows of changed jobs
// as they are at push time (or "reload" when too many changed), removed ids, the latest status, log
// lines and whether app-level state changed. A 20,000-file run thus costs the window ten small
// messages a second, not one per engine event.
import { plainLine, type EngineMessage, type LogEntry } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';
import type { AppEvent } from '../../common/ipc/app-event';
import { MAX_ROWS_PER_EVENT } from '../../common/ipc/limits';
import type { OfficeStatus } from '../../common/ipc/office-views';
import type { OfficeHandoverAsk } from '../../common/ipc/office-review-views';
import type { JobRecord } from '../../common/job-record';

export interface EventHubOptions {
  /** The job as it is now; undefined when it was removed. */
  readonly loadJob: (id: number) => JobRecord | undefined;
  readonly intervalMs?: number;
  readonly maxRows?: number;
  readonly maxLogLines?: number;
}

export type AppEventListener = (event: AppEvent) => void;

export class EventHub {
  private readonly listeners = new Set<AppEventListener>();
  private readonly intervalMs: number;
  private readonly maxRows: number;
  private readonly maxLogLines: number;
  private changedIds = new Set<number>();
  private status: EngineStatus | null = null;
  private log: LogEntry[] = [];
  private appChanged = false;
  /** undefined: unchanged since the last push. */
  private office: OfficeStatus | null | undefined = undefined;
  /** Meters other desks changed in the office since the last push; null: none. */
  private officeChange: { meterNumbers: Set<string>; resync: boolean } | null = null;
  private handoverAsks = new Map<string, OfficeHandoverAsk>();
  private timer: NodeJS.Timeout | null = null;
  private lastPush = -Infinity;
  private seqNo = 0;
  private closed = false;

  constructor(private readonly options: EventHubOptions) {
    this.intervalMs = options.intervalMs ?? 100;
    this.maxRows = options.maxRows ?? MAX_ROWS_PER_EVENT;
    this.maxLogLines = options.maxLogLines ?? 200;
  }

  /** The sequence number of the last push (a snapshot is current up to it). */
  get seq(): number {
    return this.seqNo;
  }

  subscribe(listener: AppEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  jobsChanged(ids: readonly number[]): void {
    for (const id of ids) this.changedIds.add(id);
    this.schedule();
  }

  statusChanged(status: EngineStatus): void {
    this.status = status;
    this.schedule();
  }

  /**
   * A log line: the window gets its code and words it; the English `line` goes only where there
   * is no code (shown as written).
   */
  logLine(line: string, message: EngineMessage | null = null): void {
    this.log.push(message ?? plainLine(line));
    // A burst of identical retries must not grow without end between two pushes.
    if (this.log.length > this.maxLogLines) this.log.splice(0, this.log.length - this.maxLogLines);
    this.schedule();
  }

  /** Settings, key, service or roots changed: the window should take a fresh snapshot. */
  markAppChanged(): void {
    this.appChanged = true;
    this.schedule();
  }

  /** The desk's link to its office changed (null: no office in use now). */
  officeChanged(office: OfficeStatus | null): void {
    this.office = office;
    this.schedule();
  }

  /** Meters changed in the office (or everything to be read again: `resync`). */
  officeMetersChanged(meterNumbers: readonly string[], resync: boolean): void {
    const change = (this.officeChange ??= { meterNumbers: new Set(), resync: false });
    for (const n of meterNumbers) change.meterNumbers.add(n);
    change.resync ||= resync;
    this.schedule();
  }

  /** Another clerk asks this window's clerk to hand a meter over (the newest ask per meter). */
  officeHandoverAsked(ask: OfficeHandoverAsk): void {
    this.handoverAsks.set(ask.meterNumber, ask);
    this.schedule();
  }

  /** Pushes what is pending now (used before a snapshot is taken and when closing). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending()) return;
    const ids = [...this.changedIds];
    this.changedIds = new Set();
    const overflow = ids.length > this.maxRows;
    const jobs: JobRecord[] = [];
    const removed: number[] = [];
    if (!overflow) {
      for (const id of ids) {
        const job = this.options.loadJob(id);
        if (job) jobs.push(job);
        else removed.push(id);
      }
    }
    const event: AppEvent = {
      seq: ++this.seqNo,
      status: this.status,
      jobs,
      removedJobIds: removed,
      jobsOverflow: overflow,
      log: this.log,
      appChanged: this.appChanged,
      ...(this.office !== undefined && { office: this.office }),
      ...(this.officeChange && {
        officeChange: {
          meterNumbers: [...this.officeChange.meterNumbers],
          resync: this.officeChange.resync,
        },
      }),
      ...(this.handoverAsks.size > 0 && { officeHandoverAsks: [...this.handoverAsks.values()] }),
    };
    this.handoverAsks = new Map();
    this.office = undefined;
    this.officeChange = null;
    this.status = null;
    this.log = [];
    this.appChanged = false;
    this.lastPush = Date.now();
    for (const listener of this.listeners) listener(event);
  }

  close(): void {
    this.flush();
    this.closed = true;
    this.listeners.clear();
  }

  private pending(): boolean {
    return (
      this.changedIds.size > 0 ||
      this.status !== null ||
      this.log.length > 0 ||
      this.appChanged ||
      this.office !== undefined ||
      this.officeChange !== null ||
      this.handoverAsks.size > 0
    );
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    const wait = Math.max(0, this.lastPush + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }
}
