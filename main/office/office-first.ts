// The office side of the action layer's port (main/actions/office-port.ts): a decision made in the
// office first, against the meter's version the clerk saw. A second clerk's change is refused with
// who made it and what, a lease another desk holds with who and until when; an office that does
// not answer within its time is "away" and the desk decides alone (the outbox publishes later).
import { randomUUID } from 'node:crypto';
import type {
  OfficeAsk,
  OfficeDecisionPort,
  OfficeFirst,
  OfficeHistoryOutcome,
  OfficeHistoryRow,
} from '../../common/office-decision-port';
import type { PlausibilityProfile } from '../../common/billing/plausibility-profiles';
import type { OfficeDesk as DeskName } from '../store/office-outbox';
import type { Clock } from '../time/clock';
import { answerWithin } from './answer-within';
import type { OfficeDesk } from './office-desk';
import type { LastChange } from './store/meter-edits';

/** How long a decision waits for the office before the desk decides alone. */
export const OFFICE_ANSWER_MS = 1_500;
/** No meter's version: a decision named with it is refused with the meter's last change. */
const NO_VERSION = 0;

type RunningDesk = Pick<OfficeDesk, 'office'> & Partial<Pick<OfficeDesk, 'queue'>>;

export interface OfficeFirstOptions {
  /**
   * The office desk running now (its office store is enough; its queue's id, when known, is named
   * in the decision); null: no office in use.
   */
  readonly running: () => Promise<RunningDesk | null>;
  /** Who this queue publishes as; null: office mode is off for it. */
  readonly me: () => DeskName | null;
  /** The decision's time and a lease's end as this desk tells them. */
  readonly clock: () => Clock;
  /** The answer's deadline runs on it. */
  readonly time: Clock;
  readonly answerMs?: number;
}

/**
 * The meter moved on from the version the clerk saw by one change only, this desk's own decision:
 * no other clerk's change is hidden from the clerk. A clerk's name alone is no desk's change.
 */
const ownChangeOnly = (c: LastChange, seen: number, me: DeskName): boolean =>
  c.version === seen + 1 && c.clerk === me.clerk && c.desk === me.desk;

export class OfficeFirstGate implements OfficeDecisionPort {
  constructor(private readonly opts: OfficeFirstOptions) {}

  async decideFirst(ask: OfficeAsk): Promise<OfficeFirst> {
    const desk = await this.opts.running();
    const me = desk ? this.opts.me() : null;
    const alone: OfficeFirst = { kind: 'alone' };
    if (!desk || !me) return alone;
    const key = `${me.desk}:decision:${randomUUID()}`;
    const asked: OfficeFirst = { kind: 'alone', key };
    const work = () => this.decide(desk, me, ask, key);
    return answerWithin(this.opts.time, this.opts.answerMs ?? OFFICE_ANSWER_MS, work, asked);
  }

  /** The office's profile set as this desk chose it (audited there); 'alone' when it cannot be. */
  async chooseProfile(profile: PlausibilityProfile): Promise<'office' | 'alone'> {
    const desk = await this.opts.running();
    if (!desk || !this.opts.me()) return 'alone';
    const work = async (): Promise<'office'> => {
      await desk.office.setPlausibilityProfile(profile);
      return 'office';
    };
    return answerWithin(this.opts.time, this.opts.answerMs ?? OFFICE_ANSWER_MS, work, 'alone');
  }

  /**
   * Readings into the office's history. No deadline: an import is a person waiting on a file,
   * not on a click, and rows the office did not take are named to them as not taken.
   */
  async keepHistory(
    rows: readonly OfficeHistoryRow[],
    source: 'import' | 'export',
  ): Promise<OfficeHistoryOutcome[] | null> {
    const desk = await this.opts.running();
    if (!desk || !this.opts.me()) return null;
    return desk.office.addHistory(rows, source);
  }

  private async decide(
    desk: RunningDesk,
    me: DeskName,
    ask: OfficeAsk,
    key: string,
  ): Promise<OfficeFirst> {
    const meter = await desk.office.review.meterByNumber(ask.meterNumber);
    if (!meter) return { kind: 'alone' };
    const clock = this.opts.clock();
    const d = ask.decision;
    const decide = (version: number) =>
      desk.office.decideMeter({
        meterId: meter.id,
        version,
        key,
        kind: d.kind,
        desk: me.desk,
        queue: desk.queue ?? null,
        clerk: me.clerk,
        sha256: ask.sha256,
        fileName: null,
        meterNumber: ask.meterNumber,
        reading: d.reading ?? null,
        skipCode: d.skipCode ?? null,
        note: d.note ?? null,
        decidedAt: new Date(clock.now()),
      });
    const seen = ask.seenVersion;
    let edit = await decide(seen ?? NO_VERSION);
    // Moved on only by this desk's own earlier decision: it goes on the version now.
    if (
      !edit.ok &&
      'changedBy' in edit &&
      seen !== undefined &&
      ownChangeOnly(edit.changedBy, seen, me)
    )
      edit = await decide(edit.changedBy.version);
    if (edit.ok) return { kind: 'accepted', key };
    if ('heldBy' in edit) {
      const h = edit.heldBy;
      const now = clock.now();
      return {
        kind: 'refused',
        changedBy: { ...h, kind: null, reading: null, at: now, until: now + h.leftMs },
      };
    }
    const c = edit.changedBy;
    return {
      kind: 'refused',
      changedBy: {
        clerk: c.clerk,
        desk: c.desk,
        kind: c.kind,
        reading: c.reading,
        at: c.at.getTime(),
        until: null,
      },
    };
  }
}
