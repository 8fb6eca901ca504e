// Which meters a reader goes back to, and why: no usable photo, sent for re-read (with the
// reason, the photo and the previous reading), or skipped for a reason a visit can fix (no
// access, a dog). The list is in walking order (meter-readings.ts) and written by
// missing-export.ts for `meter-desk routes --missing` and the window's "Export missing meters".
import type { DecidedOutcome } from '../../common/billing/decided-outcome';
import { REREAD_REASON_ENGLISH, SKIP_ENGLISH } from '../../common/billing/decision-english';
import type { FieldNote } from '../../common/billing/field-list-words';
import { VISIT_SKIPS, type RereadReason } from '../../common/billing/meter-decision';
import type { SkipCode } from '../../common/billing/billing-row';
import type { StoredMeter } from '../store/meters-repo';
import type { Store } from '../store/store';

/** Why a meter is on the field list. */
export type FieldWhy = 'no_reading' | 'reread' | 'skip';

export interface MissingMeter {
  meterId: string;
  account: string | null;
  address: string | null;
  route: string | null;
  sequence: number | null;
  why: FieldWhy;
  /** Why, in a sentence (the CSV's and the CLI's English). */
  note: string;
  /** The same as codes, for a list in another language (field-list-words.ts). */
  said: FieldNote;
  /** The photo that was not good enough (a re-read's), below its folder. */
  photo: string | null;
  previousReading: string | null;
  previousReadAt: string | null;
}

type FieldReason = { why: FieldWhy; note: string; said: FieldNote };

/** A meter sent for re-read, with the clerk's note when there is one (also the office's list). */
export function rereadReason(reason: RereadReason, note: string | null): FieldReason {
  const more = note ? ` (${note})` : '';
  return {
    why: 'reread',
    note: `Re-read: ${REREAD_REASON_ENGLISH[reason]}${more}.`,
    said: { code: 'reread', reason, note: note || null },
  };
}

/** A meter skipped for a reason a visit can fix, with its note (also the office's list). */
export function skipReason(code: SkipCode, note: string | null): FieldReason {
  const more = note ? ` (${note})` : '';
  return {
    why: 'skip',
    note: `Skipped: ${SKIP_ENGLISH[code]}${more}.`,
    said: { code: 'skip', skip: code, note: note || null },
  };
}

function reasonOf(meter: StoredMeter, outcome: DecidedOutcome): FieldReason | null {
  const d = meter.decision?.decision;
  if (outcome.rereadPending && d?.kind === 'reread') return rereadReason(d.reason, d.note);
  if (outcome.state === 'missing') {
    return { why: 'no_reading', note: outcome.note, said: { code: 'missing', said: outcome.said } };
  }
  if (outcome.state === 'skipped' && d?.kind === 'skip' && VISIT_SKIPS.includes(d.code))
    return skipReason(d.code, d.note);
  return null;
}

/** The meter's line on the field list, or null when nobody needs to go. */
export function fieldVisit(
  store: Store,
  meter: StoredMeter,
  outcome: DecidedOutcome,
): MissingMeter | null {
  const reason = reasonOf(meter, outcome);
  if (!reason) return null;
  const d = meter.decision?.decision;
  const photoId = d?.kind === 'reread' ? d.photoJobId : null;
  const { meterId, account, address, route, sequence } = meter;
  return {
    meterId,
    account,
    address,
    route,
    sequence,
    ...reason,
    photo: photoId === null ? null : (store.jobs.get(photoId)?.relPath ?? null),
    previousReading: meter.previousReading,
    previousReadAt: meter.previousReadAt,
  };
}
