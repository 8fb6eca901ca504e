// What the window shows of a meter's record in the office: who reviews it now (this desk or
// another), a decision another desk made that stands, and the meter's history of decisions.
import type { OfficeHistoryEntry, OfficeMeterView } from '../../common/ipc/office-review-views';
import type { OfficeDecisionEntry, OfficeMeterReview } from '../office/store/meter-review';
import type { OfficeDesk } from '../store/office-outbox';

const entryView = (e: OfficeDecisionEntry): OfficeHistoryEntry => ({
  kind: e.kind,
  clerk: e.clerk,
  desk: e.desk,
  reading: e.reading,
  skipCode: e.skipCode,
  decidedAt: e.decidedAt.getTime(),
});

/**
 * The meter as this desk (`me`) sees it at `now` (this desk's clock); another desk's standing
 * decision is named as such.
 */
export function meterView(
  meterNumber: string,
  r: OfficeMeterReview,
  me: OfficeDesk,
  now: number,
): OfficeMeterView {
  const standing = r.standing && r.standing.desk !== me.desk ? r.standing : null;
  return {
    state: 'shown',
    meterId: meterNumber,
    version: r.meter.version,
    reviewer: r.holder && {
      desk: r.holder.desk,
      clerk: r.holder.clerk,
      // The server says what is left; the window counts down on this desk's clock.
      leaseUntil: now + r.holder.leftMs,
      mine: r.holder.desk === me.desk,
    },
    decidedElsewhere: standing && entryView(standing),
    history: r.history.map(entryView),
    readElsewhere: r.readings
      .filter((x) => x.desk !== me.desk)
      .map(({ desk, fileName, reading, readAt }) => ({ desk, fileName, reading, readAt })),
  };
}
