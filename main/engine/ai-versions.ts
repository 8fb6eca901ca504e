// Which AI version read a photo. No task answer names it (spec 2.1); AI status names the current
// version at the moment it is read (2.4), and a result marked latest was read by the version
// current when it finished. So a result's version is known only when AI status named the same
// version at a read before the photo was sent and at every read up to the first one after the
// result arrived: the version cannot have changed while the photo was at the service. Until that
// later read the version is not stamped; where the reads differ, or there are none (a key without
// ai_status), it stays blank. Never the version current when the answer happened to arrive.

/** A result marked latest, waiting for the AI status read that tells its version. */
interface Waiting {
  readonly taskId: string;
  /** When the photo went to the service (ms): the version read it at or after this. */
  readonly since: number;
  /** When the final answer arrived (ms). */
  readonly until: number;
}

export interface VersionStamp {
  readonly taskId: string;
  /** The version that read it, or null when it cannot be known. */
  readonly aiVersion: string | null;
}

/** Reads kept: enough to span any photo in flight; older ones only decide photos long gone. */
const KEPT_READS = 500;

export class AiVersionLog {
  private readonly reads: { at: number; version: string | null }[] = [];
  private waiting: Waiting[] = [];

  /** Results marked latest arrived; their version is decided at the next AI status read. */
  read(results: readonly Waiting[]): void {
    this.waiting.push(...results);
  }

  get pending(): boolean {
    return this.waiting.length > 0;
  }

  /** AI status named `version` current at `at`: the results it decides. */
  observe(at: number, version: string | null): VersionStamp[] {
    this.reads.push({ at, version });
    if (this.reads.length > KEPT_READS) this.reads.splice(0, this.reads.length - KEPT_READS);
    const decided = this.waiting.filter((w) => w.until <= at);
    this.waiting = this.waiting.filter((w) => w.until > at);
    return decided.map((w) => ({
      taskId: w.taskId,
      aiVersion: this.versionOver(w.since, w.until),
    }));
  }

  /** The version every read from the last one at or before `from` to the first at or after `to` named. */
  private versionOver(from: number, to: number): string | null {
    let first = -1;
    for (let i = 0; i < this.reads.length && (this.reads[i]?.at ?? Infinity) <= from; i++)
      first = i;
    if (first < 0) return null;
    const version = this.reads[first]?.version ?? null;
    if (version === null) return null;
    for (let i = first + 1; i < this.reads.length; i++) {
      const r = this.reads[i];
      if (!r || r.version !== version) return null;
      if (r.at >= to) return version;
    }
    return null;
  }
}
