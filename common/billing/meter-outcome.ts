// Where one meter stands for billing, from its photos and what the clerk recorded: one reading
// (which one, and how it was confirmed), or a skip, or nothing yet. The route progress, the
// billing export and the window's meter states all read it from here.
import { billedReading } from './billed-reading';
import type { Confirmation, SkipCode } from './billing-row';
import type { CheckLevel } from './plausibility-types';
import { checkReasons, uncheckedEnglish } from './plausibility-english';
import type { OutcomeNote, PhotoSpread } from './outcome-notes';
import type { ReadingCheck } from './reading-check';

/** A photo of the meter, as far as billing cares. */
export interface MeterPhoto {
  jobId: number;
  state: 'queued' | 'uploading' | 'submitted' | 'done' | 'failed' | 'rejected';
  sha256: string | null;
  relPath: string;
  /** The reading the service gave. */
  aiReading: string | null;
  /** What a person did with it. */
  reviewAction: 'accepted' | 'corrected' | null;
  reviewedReading: string | null;
  plausibility: CheckLevel | null;
  check: ReadingCheck | null;
  /** Still to be looked at by a person (historical result or a flagged rule). */
  toReview: boolean;
  readAt: string | null;
  taskId: string | null;
  /** The folder the photo lies in ("/"-separated); absent where the caller does not know it. */
  folder?: string;
  /** Queued but held by the photo checks (blurred, dark...): not on its way until a person says. */
  held?: boolean;
}

export interface MeterEntry {
  skipCode: SkipCode | null;
  skipNote: string | null;
  typedReading: string | null;
  typedAt: string | null;
}

/**
 * - confirmed: a reading billing can use (checked and plausible, or confirmed by a person, or
 *   typed by hand);
 * - not_checked: a reading some checks could not run on (no previous reading or date, no average
 *   daily use, no register set-up): it passed nothing and waits for a person to confirm it;
 * - flagged: a reading that waits for a person (a rule fired, a historical result, or several
 *   different photos of the meter);
 * - skipped: recorded as not readable, with a code;
 * - pending: a photo is on its way;
 * - missing: no usable photo and nothing recorded: back to the field.
 */
export const METER_STATES = [
  'confirmed',
  'not_checked',
  'flagged',
  'skipped',
  'pending',
  'missing',
] as const;
export type MeterState = (typeof METER_STATES)[number];

/**
 * A flagged meter: its billable reading needs a person's decision (a rule fired, several photos,
 * or its checks could not run). Counted per meter; the photo table counts photos to review.
 */
export const FLAGGED_METER_STATES: readonly MeterState[] = ['flagged', 'not_checked'];

/** The flagged meters among counts: the route panel, the meter list and the export say this one. */
export function flaggedMeterCount(counts: Pick<MeterCounts, 'flagged' | 'not_checked'>): number {
  return counts.flagged + counts.not_checked;
}

/** How many meters are in each state, and in all. */
export type MeterCounts = Record<MeterState, number> & { meters: number };

/** Counts that start at zero, for a route or for all routes. */
export function noMeters(): MeterCounts {
  return {
    meters: 0,
    confirmed: 0,
    not_checked: 0,
    flagged: 0,
    skipped: 0,
    pending: 0,
    missing: 0,
  };
}

export interface MeterOutcome {
  state: MeterState;
  /** The photo whose reading is used (or proposed, when flagged); null without one. */
  chosen: MeterPhoto | null;
  /** The reading billing gets (the correction when there is one, or the typed one). */
  reading: string | null;
  confirmation: Confirmation | null;
  /** Other photos of the meter: byte-identical copies of the chosen one, and different ones. */
  copies: number;
  others: number;
  /** Why the meter is flagged or missing, in a sentence; '' when confirmed. */
  note: string;
  /** The same as a code, for an export in another language (export-reasons.ts); null with ''. */
  said: OutcomeNote | null;
  /** Its different photos come from several folders or days (a reader's mix-up, or a re-read). */
  spread?: PhotoSpread | null;
}

function lastName(folder: string): string {
  return folder.split('/').filter(Boolean).pop() ?? folder;
}

export function photoSpread(groups: readonly (readonly MeterPhoto[])[]): PhotoSpread | null {
  const photos = groups.map((g) => g[0]).filter((p): p is MeterPhoto => p !== undefined);
  const folders = [...new Set(photos.flatMap((p) => (p.folder === undefined ? [] : [p.folder])))];
  const days = [...new Set(photos.flatMap((p) => (p.readAt ? [p.readAt.slice(0, 10)] : [])))];
  if (folders.length < 2 && days.length < 2) return null;
  const names = folders.map(lastName);
  const shared = names.some((n, i) => names.indexOf(n) !== i);
  return { folders: (shared ? folders : names).sort(), days: days.sort() };
}

export function photoSpreadEnglish(spread: PhotoSpread): string {
  const parts = [
    spread.folders.length > 1 ? `from the folders ${spread.folders.join(', ')}` : '',
    spread.days.length > 1 ? `taken on ${spread.days.join(', ')}` : '',
  ].filter(Boolean);
  return parts.join(' and ');
}

/** The newest read date first; photos without one last. */
function newestFirst(a: MeterPhoto, b: MeterPhoto): number {
  return (b.readAt ?? '').localeCompare(a.readAt ?? '') || b.jobId - a.jobId;
}

export function meterOutcome(entry: MeterEntry, photos: readonly MeterPhoto[]): MeterOutcome {
  const none = { chosen: null, reading: null, confirmation: null, copies: 0, others: 0 };
  if (entry.skipCode !== null) {
    const text = entry.skipNote ?? '';
    return {
      ...none,
      state: 'skipped',
      note: text,
      said: text === '' ? null : { code: 'skip_note', text },
    };
  }
  if (entry.typedReading !== null) {
    return {
      ...none,
      state: 'confirmed',
      reading: entry.typedReading,
      confirmation: 'typed',
      others: photos.filter((p) => p.state === 'done').length,
      note: '',
      said: null,
    };
  }
  // Byte-identical copies are one photo: never two readings of the meter.
  const done = photos.filter((p) => p.state === 'done' && billedReading(p) !== null);
  const distinct = new Map<string, MeterPhoto[]>();
  for (const p of [...done].sort(newestFirst)) {
    const key = p.sha256 ?? `job:${String(p.jobId)}`;
    distinct.set(key, [...(distinct.get(key) ?? []), p]);
  }
  const groups = [...distinct.values()];
  if (groups.length === 0) {
    const onItsWay = photos.some(
      (p) => p.held !== true && ['queued', 'uploading', 'submitted'].includes(p.state),
    );
    // A held photo goes nowhere until a person sends it anyway: missing, and saying why.
    const held = photos.filter((p) => p.held === true && p.state === 'queued').length;
    if (!onItsWay && held > 0)
      return {
        ...none,
        state: 'missing',
        note: `No reading: ${held === 1 ? 'its photo is' : `its ${String(held)} photos are`} held by the photo checks (blurred, dark, too small). Send it anyway, type the reading or record a skip.`,
        said: { code: 'held', count: held },
      };
    const failed = photos.filter((p) => p.state === 'failed').length;
    return {
      ...none,
      state: onItsWay ? 'pending' : 'missing',
      note: onItsWay
        ? 'A photo of this meter is being read.'
        : failed > 0
          ? `No reading: ${failed === 1 ? 'its photo' : `its ${String(failed)} photos`} could not be read. Type the reading or record a skip.`
          : 'No photo of this meter.',
      said: onItsWay
        ? { code: 'being_read' }
        : failed > 0
          ? { code: 'unread', count: failed }
          : { code: 'no_photo' },
    };
  }
  // Among several different photos, the one a person confirmed wins; else the newest, flagged.
  const confirmedGroups = groups.filter((g) => g.some((p) => p.reviewAction !== null));
  const group = (confirmedGroups.length === 1 ? confirmedGroups[0] : groups[0]) ?? [];
  // Of identical copies, the one a person confirmed, else the first added (the original).
  const original = [...group].sort((a, b) => a.jobId - b.jobId)[0];
  const chosen = group.find((p) => p.reviewAction !== null) ?? original ?? null;
  if (!chosen)
    return {
      ...none,
      state: 'missing',
      note: 'No photo of this meter.',
      said: { code: 'no_photo' },
    };
  const result = {
    chosen,
    reading: billedReading(chosen),
    copies: group.length - 1,
    others: groups.length - 1,
  };
  const byPerson = chosen.reviewAction !== null;
  if (groups.length > 1 && confirmedGroups.length !== 1) {
    const spread = photoSpread(groups);
    const where = spread === null ? '' : `, ${photoSpreadEnglish(spread)}`;
    return {
      ...result,
      state: 'flagged',
      confirmation: null,
      note: `${String(groups.length)} different photos of this meter${where}: confirm the right one.`,
      said: { code: 'different_photos', count: groups.length, spread },
      spread,
    };
  }
  if (byPerson) {
    return {
      ...result,
      state: 'confirmed',
      confirmation: chosen.reviewAction === 'corrected' ? 'corrected' : 'confirmed',
      note: '',
      said: null,
    };
  }
  if (chosen.plausibility === 'not_checked') {
    return {
      ...result,
      state: 'not_checked',
      confirmation: null,
      note: uncheckedEnglish(chosen.check?.unchecked ?? []),
      said: { code: 'unchecked', inputs: chosen.check?.unchecked ?? [] },
    };
  }
  if (chosen.toReview || chosen.plausibility === 'warning' || chosen.plausibility === 'error') {
    return {
      ...result,
      state: 'flagged',
      confirmation: null,
      note: (chosen.check && checkReasons(chosen.check)) || 'The reading waits for review.',
      said:
        chosen.check && checkReasons(chosen.check)
          ? { code: 'check' }
          : { code: 'waits_for_review' },
    };
  }
  return { ...result, state: 'confirmed', confirmation: 'auto_accepted', note: '', said: null };
}
