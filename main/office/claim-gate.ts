// What a desk does with a photo before uploading it, in office mode: claim its SHA-256 in the
// office index, so that a photo is paid for once in the office. The engine's upload step asks it
// (main/engine/upload-claim.ts) through `forUpload`. The answer never waits long:
// an office that does not answer within `answerMs` counts as unreachable, and for `outageMs` after
// that the gate answers "send" at once without asking, so an outage costs the engine one short
// wait, not one per photo. Sending without a claim pays a photo at most once more, and only if
// another desk sends the same photo during the outage.
import { Timer, type Clock } from '../time/clock';
import { OfficeError } from './store/office-db';
import type { OfficeStore } from './store/office-store';
import type { OfficeReading } from './store/photo-claims';

export type ClaimVerdict =
  /** Upload it. `claimed` false: the office was unreachable, nobody was asked. */
  | { kind: 'send'; claimed: boolean }
  /** Another desk is sending it: wait for its reading (ask again after `until`). */
  | { kind: 'wait'; desk: string; until: Date }
  /** Already read in the office: take this reading instead of paying again. */
  | { kind: 'read'; desk: string; reading: OfficeReading | null };

/** What the engine does with a photo it is about to upload (main/engine/upload-claim.ts). */
export type UploadVerdict =
  | { kind: 'send' }
  /** Another desk is sending it: not now, asked again at `askAgainAt` (ms). */
  | { kind: 'wait'; desk: string; askAgainAt: number }
  /** Read in the office already: this desk takes that reading, unsent. */
  | {
      kind: 'read';
      desk: string;
      reading: string;
      resultSource: string | null;
      taskId: string | null;
    };

/** The engine's hook: asked before each photo is uploaded, only in office mode. */
export type ClaimPhoto = (photo: { sha256: string; fileName: string }) => Promise<UploadVerdict>;

/** How long a claim may take before the office counts as unreachable. */
export const CLAIM_ANSWER_MS = 1_500;

/**
 * The engine's hook while its desk is still starting (the window starts the desk beside an engine
 * already running): the first photos wait for the desk, at most `waitMs` from the first ask, as a
 * claim waits for an office that does not answer; after that, and when the desk could not start,
 * they go unclaimed as during an outage, until the desk is there.
 */
export function claimOnceStarted(
  desk: Promise<ClaimPhoto | null>,
  clock: Clock,
  waitMs = CLAIM_ANSWER_MS,
): ClaimPhoto {
  let started: ClaimPhoto | null | undefined;
  const known = desk.then(
    (claim) => {
      started = claim;
    },
    () => {
      started = null;
    },
  );
  let firstWait: Promise<void> | null = null;
  return async (photo) => {
    firstWait ??= new Promise<void>((resolve) => {
      const timer = new Timer(clock, resolve);
      timer.set(waitMs);
      void known.then(() => {
        timer.clear();
        resolve();
      });
    });
    await firstWait;
    return started ? started(photo) : { kind: 'send' };
  };
}

export interface ClaimGateOptions {
  office: Pick<OfficeStore, 'claimPhoto'>;
  desk: string;
  clock: Clock;
  /** A claim's lease: longer than an upload takes; renewed by claiming again. */
  leaseMs?: number;
  /** How long a claim may take before the office counts as unreachable. */
  answerMs?: number;
  /** How long an outage is assumed to last before the office is asked again. */
  outageMs?: number;
  /**
   * How soon a photo another desk is sending is asked about again, at the latest when its claim
   * ends: that desk publishes its reading as soon as it has it, usually long before.
   */
  recheckMs?: number;
}

export class ClaimGate {
  private outageUntil = 0;

  constructor(private readonly opts: ClaimGateOptions) {}

  /** Whether the last claims found the office unreachable (for the desk's status line). */
  get officeAway(): boolean {
    return this.opts.clock.now() < this.outageUntil;
  }

  async check(sha256: string, fileName: string): Promise<ClaimVerdict> {
    const { clock } = this.opts;
    if (this.officeAway) return { kind: 'send', claimed: false };
    try {
      const claim = await this.withinAnswerTime(
        this.opts.office.claimPhoto({
          sha256,
          desk: this.opts.desk,
          fileName,
          leaseMs: this.opts.leaseMs ?? 15 * 60_000,
        }),
      );
      if (claim.kind === 'ours') return { kind: 'send', claimed: true };
      // The server says how long the other desk's lease has left; the wait is on this desk's clock.
      if (claim.kind === 'held') {
        return { kind: 'wait', desk: claim.desk, until: new Date(clock.now() + claim.leftMs) };
      }
      return { kind: 'read', desk: claim.desk, reading: claim.reading };
    } catch (error) {
      if (error instanceof OfficeError && error.failure !== 'unreachable') throw error;
      this.outageUntil = clock.now() + (this.opts.outageMs ?? 30_000);
      return { kind: 'send', claimed: false };
    }
  }

  /**
   * The claim as the engine acts on it. Never throws: an office that refuses for its own reasons
   * (a role without its grants) is treated like none, and the photo goes as it would without one.
   */
  readonly forUpload: ClaimPhoto = async ({ sha256, fileName }) => {
    let verdict: ClaimVerdict;
    try {
      verdict = await this.check(sha256, fileName);
    } catch {
      return { kind: 'send' };
    }
    if (verdict.kind === 'send') return { kind: 'send' };
    if (verdict.kind === 'wait') {
      const recheck = this.opts.clock.now() + (this.opts.recheckMs ?? 15_000);
      return {
        kind: 'wait',
        desk: verdict.desk,
        askAgainAt: Math.min(verdict.until.getTime(), recheck),
      };
    }
    const r = verdict.reading;
    // Marked read without a reading published (only a decision reached the office): paid once
    // more rather than never read.
    if (r?.reading == null) return { kind: 'send' };
    const { desk, reading, resultSource, taskId } = r;
    return { kind: 'read', desk, reading, resultSource, taskId };
  };

  private withinAnswerTime<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = new Timer(this.opts.clock, () => {
        reject(new OfficeError('unreachable', 'the office did not answer a claim in time'));
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
