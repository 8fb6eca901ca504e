// What a desk does with photos before uploading them, in office mode: claim their SHA-256s in the
// office index, so that a photo is paid for once in the office. The engine's upload step asks it
// (main/engine/upload-claim.ts) through `forUpload`, the port the engine declares
// (main/engine/claim-port.ts), one upload unit at a time. "Office away" means unreachable, not
// late (issue 30: on a slow link the last claims of a batch timed out and went unclaimed):
// - no connection to be had (the pool's connect timeout, refused): the office is away; for
//   `outageMs` the gate answers "send" at once without asking, so an outage costs the engine one
//   wait, not one per photo. Those photos go unclaimed, and the desk says so (`onUnclaimed`).
// - a connection held but no answer within `answerMs` of it: the office is slow; the photos wait
//   and are asked about again soon. A claim that ran meanwhile is this desk's, renewed then.
import { deskOfClaimant } from './claimant';
import { Timer, type Clock } from '../time/clock';
import type { ClaimPhotos, PhotoToClaim, UploadVerdict } from '../../common/claim-port';
import { OfficeError } from './store/office-db';
import type { OfficeStore } from './store/office-store';
import type { OfficeReading, PhotoClaim } from './store/photo-claims';

export type ClaimVerdict =
  /** Upload it. `claimed` false: the office was unreachable, nobody was asked. */
  | { kind: 'send'; claimed: boolean }
  /** Another desk is sending it: wait for its reading (ask again after `until`). */
  | { kind: 'wait'; desk: string; until: Date }
  /** Already read in the office: take this reading instead of paying again. */
  | { kind: 'read'; desk: string; reading: OfficeReading | null }
  /** The office did not answer in time on a connection it gave: asked again soon, not sent. */
  | { kind: 'late' };

/**
 * Why photos went without a claim: the office unreachable; the office refusing this desk (a role
 * without its grants, a schema it does not know); or a photo marked read whose reading never
 * reached the office, paid once more rather than never read.
 */
export type UnclaimedWhy = 'unreachable' | 'refused' | 'noReading';

/** Who a photo waits for when the office was late (the desk's queue names it in its summary). */
export const LATE_OFFICE = 'the office';

/** How long a claim may take, once a connection is held, before the office counts as late. */
export const CLAIM_ANSWER_MS = 1_500;

/**
 * The engine's hook while its desk is still starting (the window starts the desk beside an engine
 * already running): the first photos wait for the desk, at most `waitMs` from the first ask, as a
 * claim waits for an office that does not answer; after that, and when the desk could not start,
 * they go unclaimed as during an outage, until the desk is there.
 */
export function claimOnceStarted(
  desk: Promise<ClaimPhotos | null>,
  clock: Clock,
  waitMs = CLAIM_ANSWER_MS,
): ClaimPhotos {
  let started: ClaimPhotos | null | undefined;
  const known = desk.then(
    (claim) => {
      started = claim;
    },
    () => {
      started = null;
    },
  );
  let firstWait: Promise<void> | null = null;
  return async (photos) => {
    firstWait ??= new Promise<void>((resolve) => {
      const timer = new Timer(clock, resolve);
      timer.set(waitMs);
      void known.then(() => {
        timer.clear();
        resolve();
      });
    });
    await firstWait;
    return started ? started(photos) : photos.map(() => ({ kind: 'send', claimed: false }));
  };
}

export interface ClaimGateOptions {
  office: Pick<OfficeStore, 'claimPhotos'>;
  desk: string;
  clock: Clock;
  /** A claim's lease: longer than an upload takes; renewed by claiming again. */
  leaseMs?: number;
  /** How long a claim may take once a connection is held before the office counts as late. */
  answerMs?: number;
  /** How long an outage is assumed to last before the office is asked again. */
  outageMs?: number;
  /**
   * How soon a photo another desk is sending is asked about again, at the latest when its claim
   * ends: that desk publishes its reading as soon as it has it, usually long before.
   */
  recheckMs?: number;
  /** Told when photos go without a claim, so the desk can say so (its output, status and log). */
  onUnclaimed?: (photos: number, why: UnclaimedWhy) => void;
}

export class ClaimGate {
  private outageUntil = 0;
  private unclaimed = 0;

  constructor(private readonly opts: ClaimGateOptions) {}

  /** Whether the last claims found the office unreachable (for the desk's status line). */
  get officeAway(): boolean {
    return this.opts.clock.now() < this.outageUntil;
  }

  /** Photos this gate let go without a claim (the office unreachable, or refusing this desk). */
  get sentUnclaimed(): number {
    return this.unclaimed;
  }

  async check(sha256: string, fileName: string): Promise<ClaimVerdict> {
    const [verdict] = await this.checkAll([{ sha256, fileName }]);
    return verdict ?? { kind: 'late' };
  }

  /** One verdict per photo, in order, from one statement. */
  async checkAll(photos: readonly PhotoToClaim[]): Promise<ClaimVerdict[]> {
    if (photos.length === 0) return [];
    if (this.officeAway) return this.unclaimedSend(photos, 'unreachable');
    let claims: PhotoClaim[] | 'late';
    try {
      claims = await this.opts.office.claimPhotos(
        { desk: this.opts.desk, leaseMs: this.opts.leaseMs ?? 15 * 60_000, photos },
        (work) => this.withinAnswerTime(work),
      );
    } catch (error) {
      if (error instanceof OfficeError && error.failure !== 'unreachable') throw error;
      this.outageUntil = this.opts.clock.now() + (this.opts.outageMs ?? 30_000);
      return this.unclaimedSend(photos, 'unreachable');
    }
    if (claims === 'late') return photos.map(() => ({ kind: 'late' }));
    const now = this.opts.clock.now();
    return claims.map((claim): ClaimVerdict => {
      if (claim.kind === 'ours') return { kind: 'send', claimed: true };
      // The server says how long the other desk's lease has left; the wait is on this desk's clock.
      if (claim.kind === 'held') {
        return {
          kind: 'wait',
          desk: deskOfClaimant(claim.desk),
          until: new Date(now + claim.leftMs),
        };
      }
      return { kind: 'read', desk: deskOfClaimant(claim.desk), reading: claim.reading };
    });
  }

  /**
   * The claims as the engine acts on them. Never throws: an office that refuses for its own
   * reasons (a role without its grants) is treated like none, and the photos go as they would
   * without one, counted as unclaimed.
   */
  readonly forUpload: ClaimPhotos = async (photos) => {
    let verdicts: ClaimVerdict[];
    try {
      verdicts = await this.checkAll(photos);
    } catch {
      verdicts = this.unclaimedSend(photos, 'refused');
    }
    const recheck = this.opts.clock.now() + (this.opts.recheckMs ?? 15_000);
    return verdicts.map((verdict) => this.forEngine(verdict, recheck));
  };

  private forEngine(verdict: ClaimVerdict, recheck: number): UploadVerdict {
    if (verdict.kind === 'send') return verdict;
    if (verdict.kind === 'late') {
      const soon = this.opts.clock.now() + (this.opts.answerMs ?? CLAIM_ANSWER_MS);
      return { kind: 'wait', desk: LATE_OFFICE, askAgainAt: soon };
    }
    if (verdict.kind === 'wait') {
      return {
        kind: 'wait',
        desk: verdict.desk,
        askAgainAt: Math.min(verdict.until.getTime(), recheck),
      };
    }
    const r = verdict.reading;
    // Marked read without a reading published (only a decision reached the office): paid once
    // more rather than never read; this desk holds no claim on it, so it counts as unclaimed.
    if (r?.reading == null) {
      this.countUnclaimed(1, 'noReading');
      return { kind: 'send', claimed: false };
    }
    const { desk, reading, resultSource, taskId, readAt } = r;
    return { kind: 'read', desk, reading, resultSource, taskId, readAt };
  }

  private unclaimedSend(
    photos: readonly unknown[],
    why: UnclaimedWhy,
  ): { kind: 'send'; claimed: false }[] {
    this.countUnclaimed(photos.length, why);
    return photos.map(() => ({ kind: 'send', claimed: false }));
  }

  private countUnclaimed(photos: number, why: UnclaimedWhy): void {
    this.unclaimed += photos;
    this.opts.onUnclaimed?.(photos, why);
  }

  /** `work`'s answer, or 'late' once `answerMs` passed on the gate's clock. */
  private withinAnswerTime<T>(work: Promise<T>): Promise<T | 'late'> {
    return new Promise<T | 'late'>((resolve, reject) => {
      const timer = new Timer(this.opts.clock, () => {
        resolve('late');
      });
      timer.set(this.opts.answerMs ?? CLAIM_ANSWER_MS);
      work.then(
        (value) => {
          timer.clear();
          resolve(value);
        },
        (error: unknown) => {
          timer.clear();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
