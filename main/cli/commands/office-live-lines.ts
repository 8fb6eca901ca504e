// `watch --office`: other desks' changes as they happen, one line each, worded from the live
// change note (docs/office.md, Live updates) and what it leaves out (a decision's kind, the
// meter's number), read from the office. Never this desk's own changes; after a lost connection
// one line says that everything is read again. A meter's own updates are not told: they follow a
// decision or a reading, which are.
import type { OfficeDesk } from '../../office/office-desk';
import type { LiveDetail } from '../../office/store/live-detail';
import type { OfficeChange, OfficeLiveEvent } from '../../office/store/office-live';
import { FAILED_READING } from '../../office/store/photo-claims';

const DECIDED: Readonly<Record<string, string>> = {
  confirm: 'confirmed',
  correct: 'corrected the reading of',
  type: 'typed a reading for',
  skip: 'skipped',
  exchange: 'recorded a meter exchange at',
  reread: 'asked for a re-read of',
  estimate: 'estimated',
  undo: 'undid a decision on',
};

export const RESYNC_LINE = 'Office: connection lost; reading everything again.';

/** What a change is about: the meter, else the photo, by what the note and the office say. */
function subject(change: OfficeChange, detail: LiveDetail | null): string {
  const meter = detail?.meterNumber ?? change.meterNumber;
  if (meter !== null) return `meter ${meter}`;
  if (detail?.fileName) return `photo ${detail.fileName}`;
  return change.sha256 === null ? 'a meter' : `photo ${change.sha256.slice(0, 12)}`;
}

/** The line for another desk's change, or null for a change not worth a line. */
export function officeChangeLine(change: OfficeChange, detail: LiveDetail | null): string | null {
  const who = change.desk ?? 'another desk';
  const what = subject(change, detail);
  if (change.table === 'decisions' && change.op === 'INSERT') {
    const verb = (detail?.kind && DECIDED[detail.kind]) ?? 'decided on';
    return `Office: ${who} ${verb} ${what}.`;
  }
  if (change.table === 'readings' && change.op === 'INSERT') {
    return detail?.status === FAILED_READING
      ? `Office: ${who} could not read ${what}.`
      : `Office: ${who} read ${what}.`;
  }
  if (change.table === 'review_leases' && change.op !== 'DELETE') {
    return `Office: ${who} is reviewing ${what}.`;
  }
  return null;
}

/**
 * Prints other desks' changes from the desk's live events until the returned function is called.
 * Lines keep the order of the notes although each may wait for the office's answer.
 */
export function reportOfficeLive(
  desk: Pick<OfficeDesk, 'live' | 'office'>,
  ownDesk: string,
  say: (line: string) => void,
): () => void {
  // A lease renewed is an update too: only a new holder of a meter's lease is news.
  const reviewing = new Map<number, string>();
  let queue: Promise<void> = Promise.resolve();
  const onEvent = async (event: OfficeLiveEvent): Promise<void> => {
    if (event.kind === 'resync') {
      reviewing.clear();
      say(RESYNC_LINE);
      return;
    }
    if (event.kind !== 'change') return;
    const change = event.change;
    if (change.desk === ownDesk) return;
    if (change.table === 'review_leases' && change.meterId !== null) {
      if (change.op === 'DELETE') {
        reviewing.delete(change.meterId);
        return;
      }
      if (reviewing.get(change.meterId) === change.desk) return;
      reviewing.set(change.meterId, change.desk ?? '');
    }
    if (officeChangeLine(change, null) === null) return;
    // The office away between the note and this question: the line says what the note says.
    const detail = await desk.office.liveDetail(change).catch(() => null);
    const line = officeChangeLine(change, detail);
    if (line !== null) say(line);
  };
  return desk.live.on((event) => {
    queue = queue.then(() => onEvent(event));
  });
}
